import { ACCESS, mayAsk, reachesAllAgents, seesAllAgents } from '../../../shared/team/access.js';
import type { AgentView } from '../../../shared/schemas/agent.js';
import { CoreError, type Handlers } from '../../core/index.js';
import type { TeamSession } from './team-sessions.js';

/** Why a person may not make a request, by its name alone (before its input is read); null when they may. */
export function refusal(s: Pick<TeamSession, 'roles'>, name: string): { code: string; message: string } | null {
  if (mayAsk(s.roles, name)) return null;
  const access = (ACCESS as Record<string, string | undefined>)[name];
  const why =
    access === 'host'
      ? 'nobody may do this on a team service'
      : `your roles (${s.roles.join(', ') || 'none'}) may not do this`;
  return { code: 'forbidden', message: `${name.slice(0, 100)}: ${why}; nothing was done` };
}

/**
 * A signed-in person's handlers: every request their roles may not make is refused before the core sees it (the table
 * in shared/team/access.ts, which names every request), and their agents are theirs alone unless they are an admin.
 */
export function teamHandlers(all: Handlers, s: TeamSession): Handlers {
  const gated = {} as Record<string, (input: unknown) => unknown>;
  for (const [name, handler] of Object.entries(all) as Array<[string, (input: unknown) => unknown]>) {
    const no = refusal(s, name);
    gated[name] = no
      ? () => {
          throw new CoreError(no.code, no.message);
        }
      : handler;
  }
  const mine = ownedBy(s);
  const list = all['agents.list'] as () => AgentView[] | Promise<AgentView[]>;
  if (!seesAllAgents(s.roles)) gated['agents.list'] = async () => (await list()).filter(mine);
  if (!reachesAllAgents(s.roles)) {
    const own = async (name: string) => {
      if (!(await list()).some((a) => a.name === name && mine(a)))
        throw new CoreError('forbidden', `agent ${JSON.stringify(name)} is not yours; only an admin reaches any agent`);
    };
    const setServers = all['agents.setServers'] as (i: { name: string }) => unknown;
    const revoke = all['agents.revoke'] as (i: { name: string }) => unknown;
    gated['agents.setServers'] = async (i) => (
      await own((i as { name: string }).name),
      setServers(i as { name: string })
    );
    gated['agents.revoke'] = async (i) => (await own((i as { name: string }).name), revoke(i as { name: string }));
  }
  return gated as Handlers;
}

/** The agents a person's page is told of when they change: their own, or every one for an admin or auditor. */
export function agentsFor(s: Pick<TeamSession, 'roles' | 'person'>, payload: { agents: AgentView[] }): unknown {
  return seesAllAgents(s.roles) ? payload : { agents: payload.agents.filter(ownedBy(s)) };
}

/** Whether an agent is this person's. */
const ownedBy =
  (s: Pick<TeamSession, 'person'>) =>
  (a: AgentView): boolean =>
    a.owner?.subject === s.person.subject;

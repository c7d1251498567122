import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { AgentGateway } from './gateway.js';

/** The approval gateway's agents, the tools waiting to be accepted for them, and the grants people gave. */
export function agentHandlers(
  d: { agents: AgentGateway },
  requester: Requester,
): HandlersOf<NamesIn<'agents' | 'grants'>> {
  const { agents } = d;
  // On a team service an agent belongs to the person who made it.
  const person = requester.kind === 'console' ? requester.person : undefined;
  return {
    'agents.list': () => agents.list(),
    'agents.add': (i) => agents.add(i.name, i.servers, person),
    'agents.setServers': (i) => agents.setServers(i.name, i.servers),
    'agents.revoke': (i) => agents.revoke(i.name),
    'agents.pendingTools': () => agents.pending(),
    'agents.acceptTools': (i) => agents.accept(i.serverId, i.tools),
    // A host that serves agents replaces this with where it listens.
    'agents.gateway': () => ({ bridgeCommand: ['mcp-console', 'bridge', '--agent'] }),
    'grants.list': () => agents.grants(),
    'grants.revoke': (i) => agents.revokeGrant(i.id),
  };
}

import { APP_MIME, modelVisible, toolUi } from '../../../shared/apps.js';
import type { ReadResourceResult } from '../../../shared/schemas/content.js';
import { CoreError } from '../support/index.js';
import type { AgentTool, GatewayDeps } from './gateway-deps.js';
import type { ToolAcceptance } from './tool-acceptance.js';
import { agentToolName } from './tool-names.js';

/** What an agent's view of one tool holds that its views need. */
interface Linked {
  serverId: string;
  def: Record<string, unknown>;
}

/** The MCP App views an agent's tools link: each `ui://` URI and the servers whose tools link it. */
export function linkedViews(tools: readonly Linked[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const t of tools) {
    const uri = toolUi(t.def).resourceUri;
    if (uri) out.set(uri, (out.get(uri) ?? new Set()).add(t.serverId));
  }
  return out;
}

/**
 * The views as a `resources/list` page for the agent's host (name and MIME type only; it reads each when it renders
 * it).
 */
export function viewListing(tools: readonly Linked[]): { uri: string; name: string; mimeType: string }[] {
  return [...linkedViews(tools).keys()].map((uri) => ({ uri, name: uri, mimeType: APP_MIME }));
}

/**
 * Reads a view one of the agent's tools links, from that tool's server. Only views of tools the
 * agent sees; a URI two granted servers both link is refused (either could be serving the other's
 * tool a view of its own choosing), never guessed.
 */
export function readLinkedView(
  tools: readonly Linked[],
  uri: string,
  read: (serverId: string) => Promise<ReadResourceResult>,
): Promise<ReadResourceResult> {
  const servers = linkedViews(tools).get(uri);
  if (!servers)
    throw new CoreError('unknown-resource', `no tool this agent sees links ${JSON.stringify(uri.slice(0, 200))}`);
  if (servers.size > 1)
    throw new CoreError(
      'ambiguous-resource',
      `${JSON.stringify(uri.slice(0, 200))} is linked by tools of ${[...servers].join(' and ')}; the console reads it for neither`,
    );
  return read([...servers][0]!);
}

/**
 * The tools an agent sees, in server order: of its servers that are connected, each tool whose
 * definition the person accepted as it is now, under a name that cannot collide.
 */
export function visibleTools(
  servers: readonly string[],
  d: Pick<GatewayDeps, 'connected' | 'tools' | 'raw'>,
  acceptance: ToolAcceptance,
): AgentTool[] {
  const out: AgentTool[] = [];
  for (const serverId of servers) {
    const identity = d.connected(serverId);
    if (!identity) continue;
    // SECURITY: a tool only for its server's views (MCP Apps visibility without "model") never reaches an agent.
    const live = d.tools(serverId).filter((t) => !t.excluded && modelVisible(t));
    const accepted = acceptance.accepted(serverId, identity, live);
    for (const t of live) {
      if (accepted.get(t.name)?.fingerprint !== t.fingerprint) continue;
      const raw = d.raw(serverId, t.name);
      const exposed = agentToolName(serverId, t.name);
      if (raw)
        out.push({ name: exposed, serverId, tool: t.name, fingerprint: t.fingerprint, def: { ...raw, name: exposed } });
    }
  }
  return out;
}

/** What an agent sees, as one string: its tools' names and fingerprints in order (a change is told when it differs). */
export const signatureOf = (tools: readonly AgentTool[]): string =>
  tools.map((t) => `${t.name}:${t.fingerprint}`).join('\n');

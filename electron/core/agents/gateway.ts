import { modelVisible } from '../../../shared/apps.js';
import { readLinkedView, signatureOf, viewListing, visibleTools } from './agent-views.js';
import type { AgentView, GrantView, NewAgent, PendingTool } from '../../../shared/schemas/agent.js';
import type { CallRecord } from '../../../shared/schemas/call.js';
import type { Person } from '../../../shared/schemas/person.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { CallToolResult, ReadResourceResult } from '../../../shared/schemas/content.js';
import { CoreError } from '../support/index.js';
import type { ToolAcceptance } from './tool-acceptance.js';
import { agentResult } from './agent-result.js';
import { AgentWaits } from './agent-waits.js';
import { AgentStore } from './agent-store.js';
import { ServersOnArrival } from './servers-on-arrival.js';
import type { AgentCallHooks, AgentTool, GatewayDeps } from './gateway-deps.js';

/** How often the front ends hear that an agent that keeps calling was seen again. */
const SEEN_EVERY_MS = 5_000;

/**
 * The approval gateway's core: agents and their tokens, what each may see (the granted servers'
 * tools whose definitions the person accepted, under names that cannot collide), and their calls —
 * asked for through the same gate as the person's own, bound to the exact arguments, with the agent
 * named as the requester. Hosts (HTTP, the bridge's socket) only carry MCP to and from here.
 */
export class AgentGateway {
  /**
   * How often an agent whose call waits for the person hears "still waiting" (a progress note). An
   * SDK client that resets its request timeout on progress (`resetTimeoutOnProgress`) then waits as
   * long as the person may take, instead of giving up after its own 60 s.
   */
  waitBeatMs = 15_000;
  private readonly waits: AgentWaits;
  readonly store: AgentStore;
  private readonly acceptance: ToolAcceptance;
  /** Each agent's calls under way (revoking an agent ends them). */
  private readonly inflight = new Map<string, Set<string>>();
  private readonly visibleListeners = new Set<(agent: string) => void>();
  private readonly revokedListeners = new Set<(agent: string) => void>();
  private readonly signatures = new Map<string, string>();
  private readonly lastSeen = new Map<string, string>();
  private readonly arrival: ServersOnArrival;
  /** Each agent's visible tools, dropped whenever anything it may see changes. */
  private readonly views = new Map<string, { tools: AgentTool[]; byName: Map<string, AgentTool> }>();
  private revoked = new Set<string>();
  /** Every agent name this console has seen (an agent added by another process is recorded when it appears). */
  private known = new Set<string>();
  private recheck: NodeJS.Timeout | null = null;

  constructor(private readonly d: GatewayDeps) {
    this.store = new AgentStore(d.dataDir, () => this.agentsChanged());
    this.acceptance = d.pins;
    this.arrival = new ServersOnArrival(d);
    const agents = this.store.list();
    this.revoked = new Set(agents.filter((a) => a.revokedAt).map((a) => a.name));
    this.known = new Set(agents.map((a) => a.name));
    this.waits = new AgentWaits(d.bus);
    d.bus.on((event) => {
      if (event === 'catalog.changed' || event === 'server.status' || event === 'server.removed') this.changed();
    });
  }

  /** Follows `agents.json` changed by another process (`mcp-console agents revoke`): a revoke takes effect at once. */
  watchFile(): void {
    this.store.watch();
  }

  close(): void {
    this.store.close();
    if (this.recheck) clearTimeout(this.recheck);
  }

  list(): AgentView[] {
    const agents = this.store.list();
    // SECURITY: an unreadable agents.json lets no agent in; a person is told so, not shown an empty list.
    if (this.store.problem) throw new CoreError('agents-unreadable', this.store.problem);
    return agents.map((a) => ({ ...a, ...(this.lastSeen.has(a.name) && { lastSeenAt: this.lastSeen.get(a.name) }) }));
  }

  add(name: string, servers: string[], owner?: Person): NewAgent {
    const a = this.store.add(name, servers, owner);
    this.known.add(name);
    this.revoked.delete(name);
    this.d.audit({
      kind: 'agent-added',
      requestedBy: { kind: 'agent', name, ...(owner && { owner }) },
      reason: `agent ${name} may use ${servers.join(', ') || 'no server'}`,
      detail: { servers },
    });
    this.agentsChanged();
    return a;
  }

  setServers(name: string, servers: string[]): AgentView {
    const a = this.store.setServers(name, servers);
    this.d.audit({
      kind: 'agent-changed',
      requestedBy: this.asker(name),
      reason: `agent ${name} now may use ${servers.join(', ') || 'no server'}`,
      detail: { servers },
    });
    this.agentsChanged();
    return a;
  }

  /** Revokes an agent: its token is refused, its grants are dropped, its calls end as errors. */
  revoke(name: string): AgentView {
    const a = this.store.revoke(name);
    this.agentsChanged();
    return a;
  }

  /** An agent as the requester of what it asks for: with the person it belongs to, on a team service. */
  private asker(name: string): Requester {
    const owner = this.store.get(name)?.owner;
    return owner ? { kind: 'agent', name, owner } : { kind: 'agent', name };
  }

  /** Every standing grant (session, always, never), for every requester: the Grants view. */
  grants(): GrantView[] {
    return this.d.policies.list();
  }

  /** Revokes one standing grant (recorded in the audit log). */
  revokeGrant(id: string): GrantView {
    const g = this.d.policies.revoke(id);
    this.d.audit({
      kind: 'grant-revoked',
      serverId: g.serverId,
      tool: g.tool,
      requestedBy: g.requester,
      decidedBy: 'user',
      reason: `${g.scope} grant revoked`,
      detail: { grant: g },
    });
    return g;
  }

  /** The active agent a token belongs to. */
  authenticate(token: string): AgentView | undefined {
    return this.store.byToken(token);
  }

  /** The active agent of this name (the bridge's local channel names it), or why not. */
  active(name: string): AgentView {
    const a = this.store.get(name);
    if (!a)
      throw new CoreError(
        'unknown-agent',
        `no agent ${JSON.stringify(name)}: create it with mcp-console agents add ${name} --servers …`,
      );
    if (a.revokedAt)
      throw new CoreError('agent-revoked', `agent ${JSON.stringify(name)} was revoked at ${a.revokedAt}`);
    return a;
  }

  /**
   * Called with an agent's name when what it sees changed (tools added, removed, changed, accepted, servers granted).
   */
  onVisibleChanged(listener: (agent: string) => void): () => void {
    this.visibleListeners.add(listener);
    return () => this.visibleListeners.delete(listener);
  }

  /** Called with an agent's name when it is revoked (hosts close its sessions). */
  onRevoked(listener: (agent: string) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  /**
   * Connects the agent's servers that are not connected (a server the agent arrives for is started
   * for it, as the person would), each at most once every 10 s; resolves when those attempts end.
   */
  async prepare(name: string): Promise<void> {
    const agent = this.active(name);
    const at = new Date().toISOString();
    const before = this.lastSeen.get(name);
    this.lastSeen.set(name, at);
    // The Agents tab shows when each agent was last seen: told at its first sight, then at most every 5 s.
    if (!before || Date.parse(at) - Date.parse(before) >= SEEN_EVERY_MS)
      this.d.bus.emit('agents.changed', { agents: this.list() });
    await this.arrival.connect(agent.servers);
  }

  /** The MCP App views the agent's tools link, for its host's resources/list. */
  async viewList(name: string): Promise<ReturnType<typeof viewListing>> {
    await this.prepare(name);
    return viewListing(this.view(name).tools);
  }

  /**
   * A view one of the agent's tools links, read from that tool's server for the agent's host to render (recorded as the
   * agent's read).
   */
  async readView(name: string, uri: string): Promise<ReadResourceResult> {
    await this.prepare(name);
    return readLinkedView(this.view(name).tools, uri, (serverId) => this.d.read(serverId, uri, this.asker(name)));
  }

  /** The tools an agent sees, in server order. */
  tools(name: string): AgentTool[] {
    return this.view(name).tools;
  }

  /** An agent's tools and their index by name, kept until something it may see changes. */
  private view(name: string): { tools: AgentTool[]; byName: Map<string, AgentTool> } {
    const agent = this.active(name);
    const kept = this.views.get(name);
    if (kept) return kept;
    const out = visibleTools(agent.servers, this.d, this.acceptance);
    // What an agent was first shown is what later changes are told against, however soon they come.
    if (!this.signatures.has(name)) this.signatures.set(name, signatureOf(out));
    const view = { tools: out, byName: new Map(out.map((t) => [t.name, t])) };
    this.views.set(name, view);
    return view;
  }

  /**
   * Tools of servers granted to some agent that wait for the person: new, or changed since accepted (with the diff).
   */
  pending(): PendingTool[] {
    const granted = new Set(
      this.store
        .list()
        .filter((a) => !a.revokedAt)
        .flatMap((a) => a.servers),
    );
    return this.acceptance.pending(granted).filter((p) => modelVisible(this.d.raw(p.serverId, p.tool) ?? {}));
  }

  /** The person accepts tools for agents, as they are now (each named with the fingerprint the person saw). */
  accept(serverId: string, tools: Array<{ tool: string; fingerprint: string }>): PendingTool[] {
    this.acceptance.accept(serverId, tools);
    return this.pending();
  }

  /** A server's pins changed (the pins say so): what each agent sees is worked out again. */
  pinsChanged(): void {
    this.changed();
  }

  /**
   * Calls a tool for an agent through the gate and resolves with what the agent receives: the
   * result, or a tool error saying why there is none. An unknown or hidden tool is an error thrown.
   */
  async call(
    name: string,
    toolName: string,
    args: Record<string, unknown>,
    hooks: AgentCallHooks = {},
  ): Promise<CallToolResult> {
    await this.prepare(name);
    const target = this.view(name).byName.get(toolName);
    if (!target) throw new CoreError('unknown-tool', `no tool ${JSON.stringify(toolName)} for agent ${name}`);
    let record: CallRecord;
    try {
      record = this.d.calls.request(target.serverId, target.tool, args, this.asker(name));
    } catch (e) {
      return {
        content: [
          {
            type: 'text',
            text: `MCP Console: the call to ${JSON.stringify(target.tool)} could not be asked for: ${(e as Error).message}`,
          },
        ],
        isError: true,
      };
    }
    const mine = this.inflight.get(name) ?? new Set<string>();
    this.inflight.set(name, mine.add(record.id));
    // The approval was announced while the call was asked for (before this existed): it is said now.
    const unfollow =
      hooks.onProgress &&
      this.waits.follow(record.id, hooks.onProgress, record.state === 'awaiting-approval', this.waitBeatMs);
    const onAbort = () => {
      const why = hooks.signal?.reason;
      const said = typeof why === 'string' ? why : why instanceof Error ? why.message : 'cancelled its request';
      this.d.calls.withdrawResult(record.id);
      try {
        this.d.calls.cancel(record.id, { decidedBy: 'agent', reason: `withdrawn by agent ${name}: ${said}` });
      } catch {
        /* already gone */
      }
    };
    hooks.signal?.addEventListener('abort', onAbort, { once: true });
    if (hooks.signal?.aborted) onAbort();
    try {
      const done = await this.d.calls.wait(record.id);
      if (this.revoked.has(name)) return agentResult(done, `agent ${name} was revoked; the call was ended`);
      return agentResult(done, undefined, await this.d.calls.delivery(done));
    } finally {
      hooks.signal?.removeEventListener('abort', onAbort);
      unfollow?.();
      mine.delete(record.id);
    }
  }

  /** The agents file changed (here or in another process): newly revoked agents lose their grants and calls. */
  private agentsChanged(): void {
    const all = this.store.list();
    for (const a of all) {
      if (this.known.has(a.name)) continue;
      this.known.add(a.name);
      this.d.audit({
        kind: 'agent-added',
        requestedBy: this.asker(a.name),
        reason: `agent ${a.name} (added by another process) may use ${a.servers.join(', ') || 'no server'}`,
        detail: { servers: a.servers },
      });
    }
    const now = new Set(all.filter((a) => a.revokedAt).map((a) => a.name));
    for (const name of now) {
      if (this.revoked.has(name)) continue;
      this.revoked.add(name);
      this.d.audit({
        kind: 'agent-revoked',
        requestedBy: this.asker(name),
        reason: `agent ${name} was revoked: its token is refused and its calls are ended`,
      });
      this.d.policies.drop((g: GrantView) => g.requester.kind === 'agent' && g.requester.name === name);
      for (const callId of this.inflight.get(name) ?? []) {
        try {
          this.d.calls.cancel(callId);
        } catch {
          /* finished meanwhile */
        }
      }
      for (const l of this.revokedListeners) l(name);
    }
    this.revoked = now;
    this.d.bus.emit('agents.changed', { agents: this.list() });
    this.changed();
  }

  /** Something an agent may see changed: once things settle, tell the hosts which agents see another set. */
  private changed(): void {
    this.views.clear();
    if (this.recheck || this.visibleListeners.size === 0) return;
    this.recheck = setTimeout(() => {
      this.recheck = null;
      for (const a of this.store.list()) {
        if (a.revokedAt) continue;
        const before = this.signatures.get(a.name);
        const sig = signatureOf(this.tools(a.name));
        if (before === sig) continue;
        this.signatures.set(a.name, sig);
        if (before !== undefined) for (const l of this.visibleListeners) l(a.name);
      }
    }, 50);
    this.recheck.unref();
  }
}

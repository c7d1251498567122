import type { PendingTool } from '../../../shared/schemas/agent.js';
import type { ToolView } from '../../../shared/schemas/tool.js';
import { diffTool } from '../../../shared/catalog-diff.js';
import type { AuditFields } from '../audit/index.js';
import { CoreError } from '../support/index.js';
import type { AcceptedTool, AcceptedTools } from './accepted-tools.js';

export interface AcceptanceDeps {
  connected(serverId: string): string | undefined;
  tools(serverId: string): ToolView[];
  raw(serverId: string, name: string): Record<string, unknown> | undefined;
  audit(fields: AuditFields): void;
}

/**
 * Which tool definitions agents may see: those the person accepted (per server identity), against
 * the live catalog. The first listing of an identity is its baseline; what is new or changed after
 * it waits, with its diff, until the person accepts it (the fingerprint they saw, or nothing).
 */
export class ToolAcceptance {
  constructor(
    private readonly store: AcceptedTools,
    private readonly d: AcceptanceDeps,
  ) {}

  /** Tools of servers granted to some agent that wait for the person: new, or changed since accepted (with the diff). */
  pending(granted: Iterable<string>): PendingTool[] {
    const out: PendingTool[] = [];
    for (const serverId of granted) {
      const identity = this.d.connected(serverId);
      if (!identity) continue;
      const live = this.d.tools(serverId).filter((t) => !t.excluded);
      const accepted = this.accepted(serverId, identity, live);
      for (const t of live) {
        const a = accepted.get(t.name);
        if (a?.fingerprint === t.fingerprint) continue;
        const raw = this.d.raw(serverId, t.name);
        const diff = a && raw ? diffTool(a.def, raw) : undefined;
        out.push({ serverId, tool: t.name, fingerprint: t.fingerprint, state: a ? 'changed' : 'new', ...(diff && { diff }) });
      }
    }
    return out;
  }

  /** The person accepts tools for agents, as they are now (each named with the fingerprint the person saw). */
  accept(serverId: string, tools: Array<{ tool: string; fingerprint: string }>): void {
    const identity = this.d.connected(serverId);
    if (!identity) throw new CoreError('not-connected', `server ${JSON.stringify(serverId)} is not connected`);
    const live = new Map(this.d.tools(serverId).map((t) => [t.name, t]));
    const take = tools.map(({ tool, fingerprint }) => {
      const t = live.get(tool);
      // SECURITY: accepted is what the person saw: a tool that changed again meanwhile is not accepted.
      if (!t || t.fingerprint !== fingerprint)
        throw new CoreError('tool-changed', `tool ${JSON.stringify(tool)} of ${serverId} is not the definition shown; look at it again`);
      return { name: tool, fingerprint, def: this.d.raw(serverId, tool) ?? {} };
    });
    this.store.accept(identity, take);
    this.d.audit({
      kind: 'tools-accepted',
      serverId,
      serverIdentity: identity,
      reason: `accepted for agents: ${tools.map((t) => t.tool).join(', ')}`,
      detail: { tools },
    });
  }

  /** The accepted tools of a server identity; the first listing the gateway sees is its baseline. */
  accepted(serverId: string, identity: string, live: ToolView[]): Map<string, AcceptedTool> {
    const have = this.store.get(identity);
    if (have) return have;
    // A server not listed yet (or with no tools) makes no baseline: the first listing with tools does.
    if (live.length === 0) return new Map();
    const tools = live.map((t) => ({ name: t.name, fingerprint: t.fingerprint, def: this.d.raw(serverId, t.name) ?? {} }));
    this.store.accept(identity, tools, true);
    this.d.audit({
      kind: 'tools-accepted',
      serverId,
      serverIdentity: identity,
      reason: `baseline for agents: the ${tools.length} tools of the first listing the gateway saw (later changes wait for the person)`,
      detail: { tools: tools.map((t) => ({ tool: t.name, fingerprint: t.fingerprint })) },
    });
    return this.store.get(identity)!;
  }
}

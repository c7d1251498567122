import type { PendingTool } from '../../../shared/schemas/agent.js';
import type { PinState } from '../../../shared/schemas/review.js';
import type { ToolView } from '../../../shared/schemas/tool.js';
import { diffTool } from '../../../shared/catalog-diff.js';
import type { AuditFields } from '../audit/index.js';
import { createHash } from 'node:crypto';
import { CoreError, hashJson } from '../support/index.js';
import { newPin, type AcceptedTool, type AcceptedTools } from './accepted-tools.js';

export interface AcceptanceDeps {
  connected(serverId: string): string | undefined;
  tools(serverId: string): ToolView[];
  /** One live tool by name (the catalog's index). */
  tool(serverId: string, name: string): ToolView | undefined;
  raw(serverId: string, name: string): Record<string, unknown> | undefined;
  audit(fields: AuditFields): void;
  /** After a person changed a server's pins (accepted, removed, imported): what shows them looks again. */
  changed?(serverId: string): void;
}

/** Work between two pauses of a stepped walk, in milliseconds. */
const SLICE_MS = 8;

/** `each` over the items, pausing (a yield) once SLICE_MS of work has passed, checked every 256 items. */
function* paced<T>(items: Iterable<T>, each: (item: T, i: number) => void): Generator<void> {
  let slice = performance.now();
  let i = 0;
  for (const item of items) {
    if (i % 256 === 255 && performance.now() - slice > SLICE_MS) {
      yield;
      slice = performance.now();
    }
    each(item, i++);
  }
}

/** The tools agents may be offered: all of them unless some are excluded (then a copy without those). */
const usable = (tools: ToolView[]): ToolView[] =>
  tools.some((t) => t.excluded) ? tools.filter((t) => !t.excluded) : tools;

/** Tools named one by one in an audit entry; beyond, the entry holds their count and a digest. */
const AUDIT_NAMED = 100;

function names(list: string[]): string {
  return list.length <= AUDIT_NAMED
    ? list.join(', ')
    : `${list.slice(0, AUDIT_NAMED).join(', ')} and ${list.length - AUDIT_NAMED} more`;
}

/**
 * What an audit entry says of pinned tools: each name and fingerprint for a few, else their count
 * and the sha-256 of every `name fingerprint` line in name order (a 100,000-tool catalog would
 * otherwise make one 9 MB entry, sent to every page).
 */
function pinsDetail(tools: Array<{ name: string; fingerprint: string }>): Record<string, unknown> {
  if (tools.length <= AUDIT_NAMED) return { tools: tools.map((t) => ({ tool: t.name, fingerprint: t.fingerprint })) };
  return linesDetail(tools.map((t) => `${t.name} ${t.fingerprint}`));
}

/** The same from the `name fingerprint` lines of more than AUDIT_NAMED tools (sorted here). */
function linesDetail(lines: string[]): Record<string, unknown> {
  let detail: Record<string, unknown> = {};
  for (const _ of linesDetailSteps(lines, (d) => (detail = d)));
  return detail;
}

/** The same in steps: the sort is one step, the digest is taken a slice at a time. */
function* linesDetailSteps(lines: string[], done: (detail: Record<string, unknown>) => void): Generator<void> {
  lines.sort();
  yield;
  const hash = createHash('sha256');
  yield* paced(lines, (line, i) => hash.update(i ? `\n${line}` : line));
  done({ count: lines.length, digest: hash.digest('hex'), first: lines.slice(0, AUDIT_NAMED) });
}

/**
 * Which tool definitions agents may see: those the person accepted (per server identity), against
 * the live catalog. The first listing of an identity is its baseline; what is new or changed after
 * it waits, with its diff, until the person accepts it (the fingerprint they saw, or nothing).
 */
export class ToolAcceptance {
  constructor(
    /** The pins as kept, by server identity (a team's store follows them). */
    readonly store: AcceptedTools,
    private readonly d: AcceptanceDeps,
  ) {}

  /** Pins of these servers changed elsewhere (another instance of a team): what shows them looks again. */
  changedElsewhere(serverIds: string[]): void {
    for (const id of serverIds) this.d.changed?.(id);
  }

  /**
   * Tools of servers granted to some agent that wait for the person: new, or changed since accepted (with the diff).
   */
  pending(granted: Iterable<string>): PendingTool[] {
    const out: PendingTool[] = [];
    for (const serverId of granted) {
      const identity = this.d.connected(serverId);
      if (!identity) continue;
      const live = usable(this.d.tools(serverId));
      const accepted = this.accepted(serverId, identity, live);
      for (const t of live) {
        const a = accepted.get(t.name);
        if (a?.fingerprint === t.fingerprint) continue;
        const raw = this.d.raw(serverId, t.name);
        const def = a && raw ? this.store.definition(identity, t.name) : undefined;
        const diff = def && raw ? diffTool(def, raw) : undefined;
        out.push({
          serverId,
          tool: t.name,
          fingerprint: t.fingerprint,
          state: a ? 'changed' : 'new',
          ...(diff && { diff }),
        });
      }
    }
    return out;
  }

  /** The person pins tools as they are now (each named with the fingerprint the person saw); agents then see them. */
  accept(serverId: string, tools: Array<{ tool: string; fingerprint: string }>, notify = true): void {
    const identity = this.d.connected(serverId);
    if (!identity) throw new CoreError('not-connected', `server ${JSON.stringify(serverId)} is not connected`);
    const live = new Map(this.d.tools(serverId).map((t) => [t.name, t]));
    const take = tools.map(({ tool, fingerprint }) => {
      const t = live.get(tool);
      // SECURITY: accepted is what the person saw: a tool that changed again meanwhile is not accepted.
      if (!t || t.fingerprint !== fingerprint)
        throw new CoreError(
          'tool-changed',
          `tool ${JSON.stringify(tool)} of ${serverId} is not the definition shown; look at it again`,
        );
      return {
        name: tool,
        fingerprint,
        def: this.d.raw(serverId, tool) ?? {},
        how: 'accepted' as const,
        at: new Date().toISOString(),
      };
    });
    this.store.accept(identity, take);
    this.d.audit({
      kind: 'tools-accepted',
      serverId,
      serverIdentity: identity,
      reason: `pinned as shown (agents see them): ${names(tools.map((t) => t.tool))}`,
      detail: pinsDetail(tools.map((t) => ({ name: t.tool, fingerprint: t.fingerprint }))),
    });
    if (notify) this.d.changed?.(serverId);
  }

  /** Pins tools again as shown and records removals, in one step; returns the server's pin states. Audited. */
  repin(serverId: string, tools: Array<{ tool: string; fingerprint: string }>, removed: string[]): PinState[] {
    if (tools.length) this.accept(serverId, tools, false);
    if (removed.length) this.acceptRemoved(serverId, removed, false);
    this.d.changed?.(serverId);
    return this.states(serverId);
  }

  /** Resolves when the pins being written have landed (the core's close() waits for it). */
  idle(): Promise<void> {
    return this.store.idle();
  }

  /**
   * Every tool's pin state on a connected server, the pins taken at first sight if there are none
   * yet: first-seen or accepted (unchanged), new, changed (with the diff), or removed.
   */
  states(serverId: string): PinState[] {
    return this.walk(serverId, true);
  }

  /**
   * Only the tools that differ from their pins (new, changed, removed): what the review and the marks need, without a
   * state per tool.
   */
  unsettled(serverId: string): PinState[] {
    return this.walk(serverId, false);
  }

  /**
   * The same, a few milliseconds at a time (it runs after every listing, and 100,000 tools are too many for one turn).
   */
  async unsettledInSteps(serverId: string): Promise<PinState[]> {
    const out: PinState[] = [];
    // Not in the turn that asked: after a listing, the catalog's own work (and, in a new session,
    // reading the list last seen) has just held the loop; requests waiting meanwhile go first.
    await new Promise((r) => setImmediate(r));
    for (const _ of this.walkSteps(serverId, false, out)) await new Promise((r) => setImmediate(r));
    return out;
  }

  private walk(serverId: string, all: boolean): PinState[] {
    const out: PinState[] = [];
    for (const _ of this.walkSteps(serverId, all, out));
    return out;
  }

  /** Each live tool against its pin, then the pins with no tool; pauses after SLICE_MS of work. */
  private *walkSteps(serverId: string, all: boolean, out: PinState[]): Generator<void> {
    const identity = this.d.connected(serverId);
    if (!identity) return;
    const live = usable(this.d.tools(serverId));
    const got: { pins?: Map<string, AcceptedTool> } = {};
    yield* this.acceptedSteps(serverId, identity, live, got);
    const pinned = got.pins!;
    yield* paced(live, (t) => {
      const a = pinned.get(t.name);
      if (a?.fingerprint === t.fingerprint) {
        // The same text: the pin holds the catalog's string, not the one its file was read into.
        a.fingerprint = t.fingerprint;
        if (!all) return;
      }
      const at = a?.at ? { pinnedAt: a.at } : {};
      if (!a) out.push({ serverId, tool: t.name, state: 'new', fingerprint: t.fingerprint });
      else if (a.fingerprint === t.fingerprint)
        out.push({
          serverId,
          tool: t.name,
          state: a.how === 'accepted' ? 'accepted' : 'first-seen',
          fingerprint: t.fingerprint,
          ...at,
        });
      else {
        // The pinned definition is read from its file (a changed tool's diff is against it).
        const raw = this.d.raw(serverId, t.name);
        const def = raw && this.store.definition(identity, t.name);
        const diff = def && raw ? diffTool(def, raw) : undefined;
        out.push({
          serverId,
          tool: t.name,
          state: 'changed',
          fingerprint: t.fingerprint,
          ...at,
          ...(diff && { diff }),
        });
      }
    });
    yield;
    // A pin whose tool is gone, or no longer offered (the catalog's own index is asked: a set of
    // every live name would be 100,000 more entries built and dropped per listing).
    yield* paced(pinned, ([name, a]) => {
      const t = this.d.tool(serverId, name);
      if (!t || t.excluded) out.push({ serverId, tool: name, state: 'removed', ...(a.at ? { pinnedAt: a.at } : {}) });
    });
  }

  /** The pins of a connected server (none when it has no pins yet). */
  pinned(serverId: string): Map<string, AcceptedTool> | null {
    const identity = this.d.connected(serverId);
    return identity ? this.store.get(identity) : null;
  }

  /**
   * The pinned definitions of a connected server, by tool name (read from their file; none when it has no pins yet).
   */
  pinnedDefinitions(serverId: string): Map<string, Record<string, unknown> | undefined> | null {
    const identity = this.d.connected(serverId);
    return identity ? this.store.definitions(identity) : null;
  }

  /** Replaces a connected server's pins with definitions a person imported (a pins file); audited. */
  importPins(serverId: string, defs: Record<string, Record<string, unknown>>): void {
    const identity = this.d.connected(serverId);
    if (!identity) throw new CoreError('not-connected', `server ${JSON.stringify(serverId)} is not connected`);
    const at = new Date().toISOString();
    const tools = Object.entries(defs).map(([name, def]) => ({
      name,
      def,
      fingerprint: hashJson(def),
      how: 'accepted' as const,
      at,
    }));
    this.store.accept(identity, tools, true);
    this.d.audit({
      kind: 'tools-accepted',
      serverId,
      serverIdentity: identity,
      reason: `pins imported: ${tools.length} definitions`,
      detail: pinsDetail(tools),
    });
    this.d.changed?.(serverId);
  }

  /** The person records that pinned tools are gone: a tool coming back is new again. Audited. */
  acceptRemoved(serverId: string, names: string[], notify = true): void {
    const identity = this.d.connected(serverId);
    if (!identity) throw new CoreError('not-connected', `server ${JSON.stringify(serverId)} is not connected`);
    const live = new Set(this.d.tools(serverId).map((t) => t.name));
    const back = names.find((n) => live.has(n));
    if (back)
      throw new CoreError(
        'tool-changed',
        `tool ${JSON.stringify(back)} of ${serverId} is listed again; look at it again`,
      );
    this.store.forget(identity, names);
    this.d.audit({
      kind: 'tools-accepted',
      serverId,
      serverIdentity: identity,
      reason: `removal accepted: ${names.join(', ')}`,
      detail: { removed: names },
    });
    if (notify) this.d.changed?.(serverId);
  }

  /** The accepted tools of a server identity; the first listing the gateway sees is its baseline. */
  accepted(serverId: string, identity: string, live: ToolView[]): Map<string, AcceptedTool> {
    const got: { pins?: Map<string, AcceptedTool> } = {};
    for (const _ of this.acceptedSteps(serverId, identity, live, got));
    return got.pins!;
  }

  /** The same, pausing while 100,000 definitions are gathered at first sight; sets `got.pins`. */
  private *acceptedSteps(
    serverId: string,
    identity: string,
    live: ToolView[],
    got: { pins?: Map<string, AcceptedTool> },
  ): Generator<void> {
    const have = this.store.get(identity);
    // A server not listed yet (or with no tools) makes no baseline: the first listing with tools does.
    if (have || live.length === 0) return void (got.pins = have ?? new Map());
    const at = new Date().toISOString();
    const pins = new Map<string, AcceptedTool>();
    const lines: string[] = [];
    yield* paced(live, (t) => {
      pins.set(t.name, newPin(t.fingerprint, this.d.raw(serverId, t.name) ?? {}, 'first-seen', at));
      lines.push(`${t.name} ${t.fingerprint}`);
    });
    yield;
    // Another caller took the pins while these were gathered: theirs stand (one first sight, one audit entry).
    const meanwhile = this.store.get(identity);
    if (meanwhile) return void (got.pins = meanwhile);
    void this.store.firstSight(identity, pins);
    got.pins = pins;
    let detail: Record<string, unknown> = {};
    if (lines.length > AUDIT_NAMED) yield* linesDetailSteps(lines, (d) => (detail = d));
    else detail = { tools: [...pins].map(([tool, p]) => ({ tool, fingerprint: p.fingerprint })) };
    this.d.audit({
      kind: 'tools-accepted',
      serverId,
      serverIdentity: identity,
      reason: `pinned at first sight: the ${pins.size} tools of the first listing of this server identity (agents see them; later changes wait for a person)`,
      detail,
    });
  }
}

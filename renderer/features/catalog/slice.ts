import type { EventPayload } from '../../../shared/contract';
import type { CatalogChange, ShownTool, ToolChange } from '../../../shared/schemas/tool';
import type { PinState, ReviewSummary } from '../../../shared/schemas/review';
import type { Slice } from '../../store/slice';

/** Marks on tools that a live change touched, until the user looks. */
export interface ToolMarks {
  added: Set<string>;
  changed: Map<string, ToolChange>;
}

/** The review's worst finding on a tool, and how many of that severity. */
export interface ReviewMark {
  severity: 'high' | 'medium' | 'low';
  count: number;
}

/** Each server's live tools, and what changed in them lately. */
export interface CatalogSlice {
  tools: Record<string, ShownTool[]>;
  marks: Record<string, ToolMarks>;
  /** Per server, the tools whose definition differs from its pin (new, changed), until a person pins them again. */
  pinFlags: Record<string, Map<string, PinState['state']>>;
  /** Per server, each tool's worst medium or high finding of the last review (the review runs after each listing). */
  reviewMarks: Record<string, Map<string, ReviewMark>>;
  /** When the last review finished. */
  reviewAt: string | null;
  reviewUpdated(summary: ReviewSummary): void;
  toolsLoaded(tools: ShownTool[]): void;
  pinsChanged(p: EventPayload<'pins.changed'>): void;
  /** A catalog event's change and the tools the page now holds (a listing's without fingerprints). */
  catalogChanged(p: { change: CatalogChange; tools: ShownTool[] }): void;
  /** Tools of a listing under way: the first replace the server's, the next ones add. */
  catalogListed(serverId: string, tools: ShownTool[], first: boolean): void;
}

/**
 * The lists a listing under way made by adding tools at the end of the one before share a line, and
 * each knows its length: what the catalog's filter answered for one of them still holds for the
 * first part of a longer one. Only a token and a number are kept per list, never the list before
 * (a listing of 100,000 tools makes a dozen lists on the way).
 */
const lines = new WeakMap<readonly ShownTool[], { line: object; length: number; grown: boolean }>();

/** Whether `tools` is `before` with tools added at its end (a listing under way grew it so). */
export function grewFrom(tools: readonly ShownTool[], before: readonly ShownTool[]): boolean {
  const now = lines.get(tools);
  const then = lines.get(before);
  return !!now && !!then && now.line === then.line && then.length <= now.length;
}

function grow(before: ShownTool[], added: ShownTool[]): ShownTool[] {
  const next = before.concat(added);
  let from = lines.get(before);
  // A list grows once in a line: a second list made from it starts a line of its own, so that of
  // two lists of one line the shorter is always the longer's start.
  if (!from || from.grown) lines.set(before, (from = { line: {}, length: before.length, grown: false }));
  from.grown = true;
  lines.set(next, { line: from.line, length: next.length, grown: false });
  return next;
}

export const catalogSlice: Slice<CatalogSlice> = (set) => ({
  tools: {},
  marks: {},
  pinFlags: {},
  reviewMarks: {},
  reviewAt: null,
  reviewUpdated: (summary) => {
    const marks: CatalogSlice['reviewMarks'] = {};
    for (const t of summary.tools)
      (marks[t.serverId] ??= new Map()).set(t.tool, { severity: t.severity, count: t.count });
    set({ reviewMarks: marks, reviewAt: summary.at });
  },
  pinsChanged: ({ serverId, unsettled }) =>
    set((s) => ({ pinFlags: { ...s.pinFlags, [serverId]: new Map(unsettled.map((p) => [p.tool, p.state])) } })),
  toolsLoaded: (tools) => {
    const byServer: Record<string, ShownTool[]> = {};
    for (const t of tools) (byServer[t.serverId] ??= []).push(t);
    set({ tools: byServer });
  },
  catalogListed: (serverId, tools, first) =>
    set((s) => ({ tools: { ...s.tools, [serverId]: first ? tools : grow(s.tools[serverId] ?? [], tools) } })),
  catalogChanged: ({ change, tools }) =>
    set((s) => {
      const marks = { ...s.marks };
      if (change.reason === 'list_changed' || change.reason === 'reconnect') {
        const prev = marks[change.serverId] ?? { added: new Set<string>(), changed: new Map<string, ToolChange>() };
        const next: ToolMarks = { added: new Set(prev.added), changed: new Map(prev.changed) };
        change.added.forEach((n) => next.added.add(n));
        change.changed.forEach((c) => next.changed.set(c.name, c));
        marks[change.serverId] = next;
      } else if (change.reason === 'initial' || change.reason === 'disconnect') delete marks[change.serverId];
      return { tools: { ...s.tools, [change.serverId]: tools }, marks };
    }),
});

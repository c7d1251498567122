import type { TraceEntry } from '../../../shared/schemas/trace';

/** A call's state or a server's question, from a recording's `call` and `question` lines (times as `t`, in ms). */
export interface TimelineMark {
  type: 'call' | 'question';
  t: number;
  serverId: string;
  /** The call's id, or the question's. */
  id: string;
  /** `awaiting-approval`, `running`, `done` for a call; the question's status. */
  state: string;
}

/** What a tick marks. */
export const TICK = { notification: 0, progress: 1, question: 2, serverRequest: 3, sent: 4 } as const;
/** What a bar is: a request answered, answered with an error, or not answered (yet). */
export const BAR = { answered: 0, error: 1, open: 2 } as const;

/**
 * One server's lane, in typed arrays (a 100,000-event recording is a few megabytes, walked without allocating):
 * requests as bars from sent to answered, sorted by their start; notifications, progress and questions as ticks;
 * approvals waiting as spans.
 */
export interface Lane {
  serverId: string;
  barStart: Float64Array;
  barEnd: Float64Array;
  barKind: Uint8Array;
  barSeq: Float64Array;
  tickAt: Float64Array;
  tickKind: Uint8Array;
  tickSeq: Float64Array;
  waitStart: Float64Array;
  waitEnd: Float64Array;
}

export interface TimelineModel {
  lanes: Lane[];
  /** The first and last moment of everything shown (ms; a recording's `t`, else the entries' clock time). */
  start: number;
  end: number;
  events: number;
}

interface Building {
  bars: Array<[number, number, number, number]>;
  ticks: Array<[number, number, number]>;
  waits: Array<[number, number]>;
}

/** When an entry happened: a recording's `t`, else its clock time. */
const timeOf = (e: TraceEntry, clock: boolean): number => (clock ? Date.parse(e.at) : (e as { t?: number }).t!);

/**
 * The lanes of a trace (live, or a file's), one per server in the order first seen, built a slice of entries at a
 * time. Linear in the entries: a response closes its request by `ms` (the time it took), a request left unanswered
 * is an open bar to the end.
 */
class TimelineBuilder {
  private readonly lanes = new Map<string, Building>();
  private readonly open = new Map<string, [number, number]>();
  start = Infinity;
  end = -Infinity;

  constructor(private readonly clock: boolean) {}

  private laneOf(id: string): Building {
    let l = this.lanes.get(id);
    if (!l) this.lanes.set(id, (l = { bars: [], ticks: [], waits: [] }));
    return l;
  }

  add(entries: readonly TraceEntry[], from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const e = entries[i]!;
      const t = timeOf(e, this.clock);
      if (!Number.isFinite(t)) continue;
      this.start = Math.min(this.start, t);
      this.end = Math.max(this.end, t);
      const lane = this.laneOf(e.serverId);
      const key = `${e.serverId}\u0000${String(e.id)}`;
      if (e.dir === 'out' && e.kind === 'request') this.open.set(key, [t, e.seq]);
      else if (e.dir === 'in' && (e.kind === 'response' || e.kind === 'error')) {
        const sent = this.open.get(key);
        this.open.delete(key);
        const from = e.ms !== undefined ? t - e.ms : (sent?.[0] ?? t);
        lane.bars.push([from, t, e.kind === 'error' ? BAR.error : BAR.answered, sent?.[1] ?? e.seq]);
        this.start = Math.min(this.start, from);
      } else if (e.dir === 'in' && e.kind === 'notification')
        lane.ticks.push([t, e.method === 'notifications/progress' ? TICK.progress : TICK.notification, e.seq]);
      else if (e.dir === 'in' && e.kind === 'request')
        lane.ticks.push([t, e.method === 'elicitation/create' ? TICK.question : TICK.serverRequest, e.seq]);
      else if (e.dir === 'out' && e.kind === 'notification') lane.ticks.push([t, TICK.sent, e.seq]);
    }
  }

  /** A recording's marks (its `t`), or the live page's (clock time): the same clock as the entries. */
  marks(marks: readonly TimelineMark[]): void {
    const waiting = new Map<string, [string, number]>();
    for (const m of marks) {
      this.start = Math.min(this.start, m.t);
      this.end = Math.max(this.end, m.t);
      if (m.type === 'question') {
        if (m.state === 'pending') this.laneOf(m.serverId).ticks.push([m.t, TICK.question, -1]);
        continue;
      }
      const began = waiting.get(m.id);
      if (m.state === 'awaiting-approval') waiting.set(m.id, [m.serverId, m.t]);
      else if (began) {
        waiting.delete(m.id);
        this.laneOf(began[0]).waits.push([began[1], m.t]);
      }
    }
    for (const [serverId, t] of waiting.values()) this.laneOf(serverId).waits.push([t, Math.max(this.end, t)]);
  }

  /** The model: requests left unanswered become bars open to the end, each lane's arrays sorted. */
  finish(): TimelineModel {
    return this.model(this.closed().map(([id, b]) => laneArrays(id, b)));
  }

  /** The same, a lane per task. */
  async finishInSlices(nextTask: () => Promise<void>): Promise<TimelineModel> {
    const made: Lane[] = [];
    for (const [id, b] of this.closed()) {
      made.push(laneArrays(id, b));
      await nextTask();
    }
    return this.model(made);
  }

  private closed(): Array<[string, Building]> {
    if (!Number.isFinite(this.start)) this.start = this.end = 0;
    for (const [key, [t, seq]] of this.open)
      this.laneOf(key.slice(0, key.indexOf('\u0000'))).bars.push([t, this.end, BAR.open, seq]);
    this.open.clear();
    return [...this.lanes];
  }

  private model(lanes: Lane[]): TimelineModel {
    const events = lanes.reduce((n, l) => n + l.barStart.length + l.tickAt.length + l.waitStart.length, 0);
    return { lanes, start: this.start, end: Math.max(this.end, this.start + 1), events };
  }
}

/** One lane's arrays, sorted by time. */
function laneArrays(serverId: string, b: Building): Lane {
  b.bars.sort((x, y) => x[0] - y[0]);
  b.ticks.sort((x, y) => x[0] - y[0]);
  return {
    serverId,
    barStart: Float64Array.from(b.bars, (x) => x[0]),
    barEnd: Float64Array.from(b.bars, (x) => x[1]),
    barKind: Uint8Array.from(b.bars, (x) => x[2]),
    barSeq: Float64Array.from(b.bars, (x) => x[3]),
    tickAt: Float64Array.from(b.ticks, (x) => x[0]),
    tickKind: Uint8Array.from(b.ticks, (x) => x[1]),
    tickSeq: Float64Array.from(b.ticks, (x) => x[2]),
    waitStart: Float64Array.from(b.waits, (x) => x[0]),
    waitEnd: Float64Array.from(b.waits, (x) => x[1]),
  };
}

const usesClock = (entries: readonly TraceEntry[]) => entries.some((e) => typeof (e as { t?: unknown }).t !== 'number');

/** The timeline of these entries (and a recording's marks), at once. */
export function buildTimeline(entries: readonly TraceEntry[], marks: readonly TimelineMark[] = []): TimelineModel {
  const b = new TimelineBuilder(usesClock(entries));
  b.add(entries, 0, entries.length);
  b.marks(marks);
  return b.finish();
}

/** The same, `slice` entries per task: a 100,000-event recording never makes one long task. */
export async function buildTimelineInSlices(
  entries: readonly TraceEntry[],
  marks: readonly TimelineMark[],
  nextTask: () => Promise<void>,
  slice = 20_000,
): Promise<TimelineModel> {
  const b = new TimelineBuilder(usesClock(entries));
  for (let at = 0; at < entries.length; at += slice) {
    b.add(entries, at, Math.min(entries.length, at + slice));
    await nextTask();
  }
  b.marks(marks);
  return b.finishInSlices(nextTask);
}

/** The first index whose value is at least `t` in a sorted array. */
export function firstAtLeast(a: Float64Array, t: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The event under a moment of a lane, within `slack` ms: the shortest bar holding it, else the nearest tick; its seq
 * (the trace row to open), or undefined.
 */
export function eventAt(lane: Lane, t: number, slack: number): number | undefined {
  let best: number | undefined;
  let bestLength = Infinity;
  const last = firstAtLeast(lane.barStart, t + slack);
  for (let i = 0; i < last; i++) {
    const s = lane.barStart[i]!;
    const e = Math.max(lane.barEnd[i]!, s + slack);
    if (e >= t - slack && e - s < bestLength) {
      best = lane.barSeq[i];
      bestLength = e - s;
    }
  }
  if (best !== undefined && best >= 0) return best;
  const at = firstAtLeast(lane.tickAt, t - slack);
  let near: number | undefined;
  for (let i = at; i < lane.tickAt.length && lane.tickAt[i]! <= t + slack; i++)
    if (
      lane.tickSeq[i]! >= 0 &&
      (near === undefined || Math.abs(lane.tickAt[i]! - t) < Math.abs(lane.tickAt[near]! - t))
    )
      near = i;
  return near === undefined ? undefined : lane.tickSeq[near];
}

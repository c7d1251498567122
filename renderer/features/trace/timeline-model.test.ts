import { describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../../shared/schemas/trace';
import { BAR, buildTimeline, buildTimelineInSlices, eventAt, TICK } from './timeline-model';

let seq = 0;
const e = (t: number, over: Partial<TraceEntry>): TraceEntry =>
  ({
    seq: ++seq,
    at: new Date(1_000_000 + t).toISOString(),
    serverId: 'a',
    dir: 'out',
    kind: 'request',
    bytes: 1,
    t,
    ...over,
  }) as TraceEntry;

function recording(): TraceEntry[] {
  seq = 0;
  return [
    e(0, { id: 1, method: 'initialize' }),
    e(5, { id: 1, dir: 'in', kind: 'response', method: 'initialize', ms: 5 }),
    e(10, { id: 2, method: 'tools/call' }),
    e(12, { dir: 'in', kind: 'notification', method: 'notifications/progress' }),
    e(13, { dir: 'in', kind: 'request', id: 'q', method: 'elicitation/create' }),
    e(20, { id: 2, dir: 'in', kind: 'error', method: 'tools/call', ms: 10 }),
    e(15, { serverId: 'b', id: 1, method: 'tools/list' }),
    e(30, { id: 3, method: 'tools/call' }),
  ];
}

describe('the timeline of a trace', () => {
  it('makes a lane per server: answered, failed and unanswered requests as bars, the rest as ticks', () => {
    const m = buildTimeline(recording(), [
      { type: 'call', t: 8, serverId: 'a', id: 'c1', state: 'awaiting-approval' },
      { type: 'call', t: 10, serverId: 'a', id: 'c1', state: 'running' },
      { type: 'call', t: 25, serverId: 'b', id: 'c2', state: 'awaiting-approval' },
    ]);
    expect(m.lanes.map((l) => l.serverId)).toEqual(['a', 'b']);
    expect([m.start, m.end]).toEqual([0, 30]);
    const [a, b] = m.lanes;
    expect([...a!.barStart]).toEqual([0, 10, 30]);
    expect([...a!.barEnd]).toEqual([5, 20, 30]);
    expect([...a!.barKind]).toEqual([BAR.answered, BAR.error, BAR.open]);
    expect([...a!.tickKind]).toEqual([TICK.progress, TICK.question]);
    expect([...a!.waitStart, ...a!.waitEnd]).toEqual([8, 10]);
    // b's request never answered runs to the end; its approval still waits at the end too.
    expect([...b!.barStart, ...b!.barEnd, ...b!.barKind]).toEqual([15, 30, BAR.open]);
    expect([...b!.waitStart, ...b!.waitEnd]).toEqual([25, 30]);
    expect(m.events).toBe(3 + 2 + 1 + 1 + 1);
  });

  it('opens the event under a moment: the shortest bar holding it, else the nearest tick', () => {
    const m = buildTimeline(recording());
    const a = m.lanes[0]!;
    expect(eventAt(a, 3, 0.5)).toBe(1); // initialize's request
    expect(eventAt(a, 15, 0.5)).toBe(3); // the failed call's request
    expect(eventAt(a, 40, 0.5)).toBeUndefined();
  });

  it('reads a live trace by its clock, and builds the same a slice at a time', async () => {
    const live = recording().map(({ t: _t, ...rest }: TraceEntry & { t?: number }) => rest as TraceEntry);
    const m = buildTimeline(live);
    expect(m.start).toBe(1_000_000);
    expect(m.end).toBe(1_000_030);
    const sliced = await buildTimelineInSlices(live, [], () => Promise.resolve(), 3);
    expect(sliced).toEqual(m);
  });
});

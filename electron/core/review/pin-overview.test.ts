import { describe, expect, it } from 'vitest';
import type { PinState } from '../../../shared/schemas/review.js';
import { bulkRepin, pinOverview } from './pin-overview.js';

const pin = (tool: string, state: PinState['state'], fingerprint: string | undefined = `fp-${tool}`): PinState => ({
  serverId: 's',
  tool,
  state,
  ...(fingerprint && state !== 'removed' && { fingerprint }),
});

const states: PinState[] = [
  ...Array.from({ length: 150 }, (_, i) => pin(`seen_${i}`, 'first-seen')),
  pin('ok', 'accepted'),
  ...Array.from({ length: 120 }, (_, i) => pin(`new_${i}`, 'new')),
  pin('rug', 'changed'),
  pin('gone', 'removed'),
];

describe("a server's pins as the page gets them", () => {
  it('counts every state and sends the first tools to look at, not one entry per tool', () => {
    const o = pinOverview('s', states, 100);
    expect(o.counts).toEqual({ 'first-seen': 150, accepted: 1, new: 120, changed: 1, removed: 1 });
    expect(o.unsettled).toHaveLength(100);
    expect(o.unsettled.every((p) => p.state === 'new' || p.state === 'changed' || p.state === 'removed')).toBe(true);
    expect(
      pinOverview('s', states, 200)
        .unsettled.map((p) => p.tool)
        .slice(-2),
    ).toEqual(['rug', 'gone']);
  });

  it('a bulk pin takes exactly the group shown, and nothing once the group changed', () => {
    const o = pinOverview('s', states);
    const all = bulkRepin(states, 'unsettled', o.digests.unsettled);
    expect(all.tools).toHaveLength(121);
    expect(all.tools).toContainEqual({ tool: 'rug', fingerprint: 'fp-rug' });
    expect(all.removed).toEqual(['gone']);
    const seen = bulkRepin(states, 'first-seen', o.digests['first-seen']);
    expect(seen.tools.map((t) => t.tool)).toEqual(states.slice(0, 150).map((p) => p.tool));
    expect(seen.removed).toEqual([]);
    // The digests are not interchangeable, and any change to the group voids them.
    expect(() => bulkRepin(states, 'first-seen', o.digests.unsettled)).toThrow(/changed since they were shown/);
    const rugAgain = states.map((p) => (p.tool === 'rug' ? { ...p, fingerprint: 'fp-rug-2' } : p));
    expect(() => bulkRepin(rugAgain, 'unsettled', o.digests.unsettled)).toThrow(/changed since they were shown/);
    const oneMore = [...states, pin('new_late', 'new')];
    expect(() => bulkRepin(oneMore, 'unsettled', o.digests.unsettled)).toThrow(/changed since they were shown/);
    // The order of the tools does not matter; their set does.
    expect(bulkRepin([...states].reverse(), 'unsettled', o.digests.unsettled).tools).toHaveLength(121);
    // A first-seen tool that changed leaves the first-seen group: its digest changes too.
    const seenChanged = states.map((p) => (p.tool === 'seen_3' ? { ...p, state: 'changed' as const } : p));
    expect(() => bulkRepin(seenChanged, 'first-seen', o.digests['first-seen'])).toThrow(
      /changed since they were shown/,
    );
  });
});

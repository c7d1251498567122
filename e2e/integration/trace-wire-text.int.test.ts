import { afterEach, describe, expect, it } from 'vitest';
import { MAX_KEPT_MESSAGE_BYTES, WIRE_TEXT_MIN } from '../../electron/core/trace/index.js';
import { fixtureStdio, makeCore } from '../harness/harness.js';

describe('the trace of a large message from a stdio server', () => {
  let h: ReturnType<typeof makeCore>;
  afterEach(async () => h?.dispose());

  it('is kept as it came: its size is the line the server wrote, and trace.get gives the message whole', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio({ FIXTURE_TOOLS: '3500', FIXTURE_PAGE_SIZE: '1000' }));
    await h.core.connect('fx');
    const rows = (await h.core.ask('trace.list', { serverId: 'fx', brief: true })).entries.filter(
      (e) => e.method === 'tools/list' && e.dir === 'in',
    );
    expect(rows).toHaveLength(4);
    const pages = await Promise.all(rows.map((r) => h.core.ask('trace.get', { serverId: 'fx', seq: r.seq })));
    // The first page holds the fixture's large special tools: too large to keep, its opening is kept.
    expect(pages[0]!.message).toBeUndefined();
    expect(pages[0]!.bytes).toBeGreaterThan(MAX_KEPT_MESSAGE_BYTES);
    expect(pages[0]!.preview).toMatch(/^\{"result":\{"tools":\[\{"name":/);
    const whole = pages.slice(1);
    const names = whole.flatMap((p) =>
      (p.message as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name),
    );
    expect(names).toHaveLength(2500);
    expect(names).toEqual(
      h.core
        .tools('fx')
        .map((t) => t.name)
        .slice(-2500),
    );
    for (const p of whole) {
      // The SDK's server writes each message as JSON.stringify does: the line's length is that text's.
      const text = JSON.stringify(p.message);
      expect(text.length).toBeGreaterThan(WIRE_TEXT_MIN);
      expect(p.bytes).toBe(text.length);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApproved, makeCore, MODERN, startHttp } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

describe('a broken response stream (2026-07-28, SEP-2575), against the modern fixture', () => {
  let h: ReturnType<typeof makeCore>;
  let modern: Awaited<ReturnType<typeof startHttp>>;
  beforeAll(async () => {
    h = makeCore();
    modern = await startHttp(MODERN, ['--port', '0']);
    h.core.addServer('modern', { type: 'http', url: `${modern.url}/mcp`, headers: {} });
    await h.core.connect('modern');
  });
  afterAll(async () => {
    await h.dispose();
    modern.stop();
  });

  const sent = (tool: string) =>
    partsOf(h.core)
      .trace.list('modern', { method: 'tools/call' })
      .entries.filter((e) => e.dir === 'out' && e.kind === 'request' && e.name === tool)
      .map((e) => (e.message as { id: string | number }).id);

  it('a read-only tool is sent again with a new id, and its answer arrives as the call’s', async () => {
    const done = await callApproved(h, 'modern', 'flaky_read');
    expect(done).toMatchObject({ outcome: 'ok', result: { content: [{ text: 'flaky_read ran 2 times' }] } });
    const ids = sent('flaky_read');
    expect(ids).toHaveLength(2);
    expect(String(ids[1])).toMatch(/^reissue-\d+$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(h.core.stderr('modern').lines.join('\n')).toMatch(
      /response stream of tools\/call "flaky_read" broke before its answer; sent again as request reissue-/,
    );
  });

  it('a tool that may change something is not sent again: the call fails at once saying it may have run; calling again works', async () => {
    const t0 = Date.now();
    const done = await callApproved(h, 'modern', 'flaky_write');
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(done.outcome).toBe('protocol-error');
    expect(done.error?.message).toMatch(
      /response stream broke before the answer; .*may or may not have run on the server; call it again/,
    );
    expect(sent('flaky_write')).toHaveLength(1);
    const again = await callApproved(h, 'modern', 'flaky_write');
    expect(again).toMatchObject({ outcome: 'ok', result: { content: [{ text: 'flaky_write ran 2 times' }] } });
  });
});

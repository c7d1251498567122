import { describe, expect, it } from 'vitest';
import { parseTraceJsonl } from './trace-file';

const entry = (seq: number) => ({
  seq,
  at: '2026-11-24T18:00:00.000Z',
  serverId: 's',
  dir: 'in',
  kind: 'response',
  id: seq,
  method: 'tools/list',
  bytes: 10,
  message: { seq },
});

describe('a trace file', () => {
  it('gives every entry in order and counts the lines that are not entries, across slices', async () => {
    const notEntries = [
      'not json',
      '{"seq":"x"}',
      '[1]',
      'null',
      JSON.stringify({ ...entry(0), dir: 'sideways' }),
      JSON.stringify({ ...entry(0), kind: 'gossip' }),
      JSON.stringify({ ...entry(0), bytes: 1.5 }),
      JSON.stringify({ ...entry(0), method: 7 }),
      JSON.stringify({ ...entry(0), http: { method: 'POST', url: 'u', headers: { a: 1 } } }),
    ];
    const lines = [...Array.from({ length: 500 }, (_, i) => JSON.stringify(entry(i + 1))), ...notEntries, '', '   '];
    const text = lines.join('\n') + '\n' + JSON.stringify(entry(501));
    for (const slice of [64, 1000, 1 << 20]) {
      const { entries, bad } = await parseTraceJsonl(text, slice);
      expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 501 }, (_, i) => i + 1));
      expect(entries[7]?.message).toEqual({ seq: 8 });
      expect(bad).toBe(notEntries.length);
    }
  });

  it('opens a recording: its messages as entries (a truncated one by its opening), its other lines read past', async () => {
    const text = [
      { type: 'recording', format: 1, startedAt: 'x', console: '0.1.0', by: 'serve' },
      { type: 'message', t: 1, ...entry(1), redacted: ['/params/x'] },
      { type: 'call', t: 2, callId: 'c', serverId: 's', tool: 't', requestedBy: { kind: 'cli' }, argsHash: 'h' },
      { type: 'message', t: 3, ...entry(2), message: undefined, truncated: '{"big":' },
      { type: 'end', t: 4, at: 'x', messages: 2, calls: 1, dropped: 0, reason: 'ended' },
      { type: 'chatter' },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const { entries, bad } = await parseTraceJsonl(text);
    expect(entries.map((e) => [e.seq, e.preview])).toEqual([
      [1, undefined],
      [2, '{"big":'],
    ]);
    expect(bad).toBe(1);
  });

  it('counts an entry whose message nests 100,000 levels as not an entry: it is never drawn', async () => {
    const deep = '{"x":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const line = JSON.stringify({ ...entry(1), message: null }).replace('"message":null', `"message":${deep}`);
    const { entries, bad } = await parseTraceJsonl(`${line}\n${JSON.stringify(entry(2))}`);
    expect(entries.map((e) => e.seq)).toEqual([2]);
    expect(bad).toBe(1);
  });

  it('takes an HTTP exchange and a large message kept as a preview', async () => {
    const http = {
      ...entry(1),
      kind: 'http',
      http: {
        method: 'POST',
        url: 'http://127.0.0.1/mcp',
        status: 200,
        headers: { 'mcp-method': 'tools/list' },
        ms: 3,
      },
    };
    const big = { ...entry(2), message: undefined, preview: '{"jsonrpc"…', bytes: 300_000, group: 'g', round: 2 };
    const { entries, bad } = await parseTraceJsonl([http, big].map((e) => JSON.stringify(e)).join('\n'));
    expect(bad).toBe(0);
    expect(entries.map((e) => e.kind)).toEqual(['http', 'response']);
    expect(entries[1]?.preview).toBe('{"jsonrpc"…');
  });

  it('yields between slices: other work runs while a long file is read', async () => {
    const text = Array.from({ length: 200 }, (_, i) => JSON.stringify(entry(i + 1))).join('\n');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await parseTraceJsonl(text, 100);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
    // The same file as one slice does not yield.
    ticks = 0;
    const again = setInterval(() => ticks++, 0);
    await parseTraceJsonl(text, 1 << 20);
    clearInterval(again);
    expect(ticks).toBe(0);
  });
});

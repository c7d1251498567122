import { describe, expect, it } from 'vitest';
import { REDACTED } from '../schemas/recording.js';
import { Redactor } from './redact.js';
import { readRecording, Replay } from './replay.js';

const KEY = 'sk-proj-' + 'A1b2C3d4'.repeat(4);

describe('what a recording leaves out', () => {
  it("takes out a request's secret arguments by name and by shape, and the same value wherever it shows up after", () => {
    const r = new Redactor();
    const req = r.message(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'login', arguments: { user: 'ada', apiKey: 'plain-but-named-1', note: `use ${KEY} here` } },
      },
      true,
    );
    expect(req.message).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'login', arguments: { user: 'ada', apiKey: REDACTED, note: `use ${REDACTED} here` } },
    });
    expect(req.redacted.sort()).toEqual(['/params/arguments/apiKey', '/params/arguments/note']);
    // The answer echoes both: the named value (learnt) and the token (its shape) are out of it too.
    const res = r.message(
      {
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: `hello ada, key plain-but-named-1 and ${KEY}` }] },
      },
      false,
    );
    expect(JSON.stringify(res.message)).not.toContain('plain-but-named-1');
    expect(JSON.stringify(res.message)).not.toContain(KEY);
    expect(res.redacted).toEqual(['/result/content/0/text']);
  });

  it("keeps a result's own fields named like secrets (a page token is not a secret) and leaves a clean message as it is", () => {
    const r = new Redactor();
    const m = {
      jsonrpc: '2.0',
      id: 2,
      result: { token: 'page-2', tools: [{ name: 'a', description: 'Bearer of news' }] },
    };
    const out = r.message(m, false);
    expect(out.message).toBe(m);
    expect(out.redacted).toEqual([]);
    expect(r.value('Bearer abcdefghijklmnop1234')).toBe(REDACTED);
  });

  it('takes out a private key, and a long text of many key openings, whole', () => {
    const r = new Redactor();
    const text =
      'x'.repeat(200) + '-----BEGIN PRIVATE KEY-----\nMIIE' + 'a'.repeat(100) + '\n-----END PRIVATE KEY-----';
    expect(r.value(text)).toBe(REDACTED);
    expect(r.value('-----BEGIN PRIVATE KEY-----'.repeat(2000))).toBe(REDACTED);
    // A token inside a text: only the token goes.
    expect(r.value(`before ghp_${'a'.repeat(36)} after`)).toBe(`before ${REDACTED} after`);
  });
});

const line = (o: unknown) => JSON.stringify(o);
let seq = 0;
const msg = (serverId: string, dir: 'out' | 'in', kind: string, message: Record<string, unknown>, extra = {}) =>
  line({
    type: 'message',
    t: seq,
    seq: ++seq,
    at: '2026-12-04T00:00:00.000Z',
    serverId,
    dir,
    kind,
    bytes: 10,
    message,
    ...('method' in message && { method: message.method }),
    ...('id' in message && { id: message.id }),
    ...extra,
  });

export function recording(): string[] {
  return [
    line({ type: 'recording', format: 1, startedAt: 'x', console: '0.1.0', by: 'test', ignore: ['/arguments/at'] }),
    msg('fx', 'out', 'request', { jsonrpc: '2.0', id: 1, method: 'initialize', params: { clientInfo: { name: 'a' } } }),
    msg('fx', 'in', 'response', { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25' } }),
    msg('fx', 'out', 'request', {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'hi', at: 1 }, _meta: { progressToken: 7 } },
    }),
    msg('fx', 'in', 'notification', {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 7, progress: 1 },
    }),
    msg('fx', 'in', 'response', { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'hi' }] } }),
    msg('fx', 'out', 'request', {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'hi' } },
    }),
    msg('fx', 'in', 'response', { jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'hi again' }] } }),
    msg('fx', 'out', 'request', {
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'login', arguments: { key: `key ${REDACTED}` } },
    }),
    msg('fx', 'in', 'response', {
      jsonrpc: '2.0',
      id: 4,
      result: { content: [{ type: 'text', text: `welcome ${REDACTED}` }] },
    }),
    msg('other', 'out', 'request', { jsonrpc: '2.0', id: 1, method: 'ping' }),
    'not json',
    line({ type: 'end', t: 1, at: 'x', messages: 9, calls: 0, dropped: 0, reason: 'ended' }),
  ];
}

describe('a recorded server, replayed', () => {
  it('reads the servers, their exchanges and what came between, and says which lines it could not read', () => {
    const read = readRecording(recording());
    expect([...read.servers.keys()]).toEqual(['fx', 'other']);
    expect(read.ignore).toEqual(['/arguments/at']);
    expect(read.ended).toBe(true);
    expect(read.problems).toEqual(['line 12: not JSON']);
    const fx = read.servers.get('fx')!;
    expect(fx.exchanges.map((e) => e.method)).toEqual(['initialize', 'tools/call', 'tools/call', 'tools/call']);
    expect(fx.exchanges[1]!.between).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 7, progress: 1 } },
    ]);
  });

  it('answers by method and params, in the order recorded, and refills a secret the request carried', () => {
    const replay = new Replay(readRecording(recording()).servers.get('fx')!, ['/arguments/at']);
    expect(replay.answer('initialize', { clientInfo: { name: 'someone else' } })).toMatchObject({
      answer: { result: { protocolVersion: '2025-11-25' } },
    });
    const call = (args: unknown) =>
      replay.answer('tools/call', { name: 'echo', arguments: args, _meta: { progressToken: 'z' } });
    // `/arguments/at` is ignored: the first two calls both match, and are answered in their order, then the last again.
    expect(call({ text: 'hi', at: 99 })).toMatchObject({ answer: { result: { content: [{ text: 'hi' }] } } });
    expect(call({ text: 'hi' })).toMatchObject({ answer: { result: { content: [{ text: 'hi again' }] } } });
    expect(call({ text: 'hi' })).toMatchObject({ answer: { result: { content: [{ text: 'hi again' }] } } });
    expect(replay.answer('tools/call', { name: 'login', arguments: { key: 'key s3cret-value' } })).toMatchObject({
      answer: { result: { content: [{ text: 'welcome s3cret-value' }] } },
    });
    expect(replay.answer('ping', undefined)).toMatchObject({ answer: { result: {} } });
  });

  it('says what is missing: a method never recorded, and the closest request for params that match none', () => {
    const replay = new Replay(readRecording(recording()).servers.get('fx')!);
    const none = replay.answer('prompts/list', {});
    expect(none).toMatchObject({ error: { code: -32601 } });
    expect('error' in none && none.error.message).toContain(
      'holds no prompts/list request (it holds: initialize, tools/call)',
    );
    const off = replay.answer('tools/call', { name: 'echo', arguments: { text: 'bye', at: 1 } });
    expect(off).toMatchObject({ error: { code: -32602, data: { differsAt: ['/arguments/text'] } } });
    expect('error' in off && off.error.message).toMatch(
      /closest recorded one differs at \/arguments\/text: \{"name":"echo"/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { MESSAGE_LIMITS, overLimits, REFUSED_CODE } from '../../shared/boundary.js';
import { boundTransport } from '../../electron/core/servers/index.js';
import { TraceLog, WireTap, tapTransport } from '../../electron/core/trace/index.js';
import { reviewServers } from '../../shared/review/review-run.js';
import { rng } from '../fuzz/rng.js';

/**
 * The seeded step that widens the hostile suite: random messages of every shape (depth up to three
 * times the limit, wide arrays, long strings, hostile keys) through the boundary and the trace, as a
 * server's would come; random text through the review. FUZZ_SEED replays a run; FUZZ_CASES sizes it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const CASES = Number(process.env.FUZZ_CASES ?? 300);
type R = ReturnType<typeof rng>;

const KEYS = [
  'x',
  '__proto__',
  'constructor',
  'toString',
  '',
  'id',
  'method',
  'jsonrpc',
  'k'.repeat(1000),
  '\u202E',
  'é',
];
const STRINGS = ['', 'a', '\u0000', '\uD800', '\u{E0041}', 'ﷺ'.repeat(1000), ' '.repeat(5000), '{"x":'.repeat(2000)];

/** A small random value (at most three levels), as JSON text. */
function leafText(r: R, depth = 3): string {
  if (depth <= 0) return r.pick(['1', 'null', 'true', '"s"', JSON.stringify(r.pick(STRINGS))]);
  switch (r.int(4)) {
    case 0:
      return `[${Array.from({ length: r.int(20) }, () => leafText(r, depth - 1)).join(',')}]`;
    case 1:
      return `{${JSON.stringify(r.pick(KEYS))}:${leafText(r, depth - 1)}}`;
    default:
      return r.pick(['0', '-1.5e300', '"s"', JSON.stringify(r.pick(STRINGS))]);
  }
}

/**
 * A value `depth` levels deep, as JSON text (a deep one cannot be built as an object and then stringified): a spine of
 * arrays and objects with random values beside it.
 */
function valueText(r: R, depth: number): string {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    const beside = r.int(50) === 0 ? `${leafText(r)},` : '';
    if (r.int(2)) {
      open += `[${beside}`;
      close = `]${close}`;
    } else {
      open += `{${beside ? `"b":${beside}` : ''}${JSON.stringify(r.pick(KEYS))}:`;
      close = `}${close}`;
    }
  }
  return open + leafText(r) + close;
}

/** A message as a server would send it: an answer, a request or a notification, with a random body. */
function messageText(r: R): string {
  const depth = r.pick([0, 5, 100, 900, 999, 1000, 1001, 1500, 3000]);
  const body = valueText(r, depth);
  switch (r.int(3)) {
    case 0:
      return `{"jsonrpc":"2.0","id":${r.int(1000)},"result":{"v":${body}}}`;
    case 1:
      return `{"jsonrpc":"2.0","id":"s${r.int(1000)}","method":"elicitation/create","params":{"v":${body}}}`;
    default:
      return `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":${body}}}`;
  }
}

describe(`the boundary, seeded (FUZZ_SEED=${SEED}, ${CASES} cases)`, () => {
  it('delivers a message only when the code behind can handle it, refuses the rest in words, and never throws', () => {
    const r = rng(SEED);
    const notes: string[] = [];
    const sent: JSONRPCMessage[] = [];
    const inner = {
      onmessage: undefined,
      start: async () => {},
      close: async () => {},
      send: async (m: JSONRPCMessage) => void sent.push(m),
    } as unknown as Transport;
    const trace = new TraceLog();
    const wire = tapTransport(
      boundTransport(inner, { note: (l) => notes.push(l) }),
      new WireTap((rec) => trace.record('fuzz', rec)),
    );
    let delivered = 0;
    let refused = 0;
    // What the SDK and the console do with a message they take: copy it, write it out.
    wire.onmessage = (m) => {
      if ('error' in m && (m.error as { code: number }).code === REFUSED_CODE) return void refused++;
      structuredClone(m);
      JSON.stringify(m);
      delivered++;
    };
    for (let i = 0; i < CASES; i++) {
      const text = messageText(r);
      const m = JSON.parse(text) as JSONRPCMessage;
      const expected = overLimits(m, MESSAGE_LIMITS);
      const before = { notes: notes.length, delivered, refused, sent: sent.length };
      expect(() => inner.onmessage!(m), `case ${i}`).not.toThrow();
      // Each message has exactly one fate: delivered whole, or refused as itself (an answer becomes
      // its request's error, a request is answered with one, a notification is dropped), in words.
      const fate = {
        delivered: delivered - before.delivered,
        refused: refused - before.refused,
        sent: sent.length - before.sent,
      };
      if (!expected) expect(fate, `case ${i}`).toEqual({ delivered: 1, refused: 0, sent: 0 });
      else {
        expect(notes.slice(before.notes).join('\n'), `case ${i}`).toContain(expected);
        const kind = 'id' in m ? ('method' in m ? 'request' : 'answer') : 'notification';
        expect(fate, `case ${i} (${kind})`).toEqual({
          delivered: 0,
          refused: kind === 'answer' ? 1 : 0,
          sent: kind === 'request' ? 1 : 0,
        });
      }
    }
    expect(delivered).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => 'error' in m)).toBe(true);
  });

  it('reviews random text from the rules own alphabet within its budget', () => {
    const r = rng(SEED + 1);
    const alphabet = [
      ' ',
      '\n',
      'a',
      '@',
      '.',
      'http://',
      '![',
      '](',
      '?x=',
      '{',
      'send ',
      'the ',
      'key ',
      'to ',
      'ignore previous instructions',
      '\u200b',
      'а',
      'ﷺ',
      'Z'.repeat(70),
    ];
    for (let i = 0; i < Math.min(CASES, 100); i++) {
      const text = Array.from({ length: 1 + r.int(2000) }, () => r.pick(alphabet).repeat(1 + r.int(40))).join('');
      const t0 = performance.now();
      reviewServers([{ id: 's', tools: [{ name: `t${i}`, description: text, inputSchema: { type: 'object' } }] }]);
      expect(performance.now() - t0, `case ${i}: ${text.length} characters`).toBeLessThan(2000);
    }
  });
});

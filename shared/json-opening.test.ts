import { describe, expect, it } from 'vitest';
import { jsonOpening } from './json-opening.js';

describe('jsonOpening', () => {
  const samples: unknown[] = [
    null,
    0,
    -1.5e-7,
    'plain',
    'quote " backslash \\ newline \n lone \ud800',
    [],
    {},
    [1, 'two', null, undefined, [true, false], {}],
    { b: 1, a: [1, { c: undefined, d: 'x' }], e: undefined, f: {}, '': 'empty key', __proto__: 'own' },
    JSON.parse(
      '{"__proto__":{"x":1},"jsonrpc":"2.0","id":7,"result":{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}}',
    ),
  ];

  it('writes what JSON.stringify writes, when it all fits', () => {
    for (const v of samples) expect(jsonOpening(v, 10_000)).toBe(JSON.stringify(v));
  });

  it('writes the opening of what JSON.stringify writes, cut at max', () => {
    for (const v of samples) {
      const whole = JSON.stringify(v);
      for (const max of [0, 1, 3, 7, 20]) expect(jsonOpening(v, max)).toBe(whole.slice(0, max));
    }
  });

  it('cuts long strings with an ellipsis before writing them', () => {
    expect(jsonOpening({ data: 'x'.repeat(50) }, 100, 10)).toBe(`{"data":"${'x'.repeat(10)}…"}`);
  });

  it('never reads past what it writes', () => {
    // A message of 200,000 values, the one after the first thousand a trap: the opening is written
    // without reading it (JSON.stringify would read every value).
    const items = Array.from({ length: 200_000 }, (_, i) => ({ n: i }));
    Object.defineProperty(items, 1000, {
      get() {
        throw new Error('read past the opening');
      },
    });
    const text = jsonOpening({ jsonrpc: '2.0', id: 1, result: { items } }, 2000);
    expect(text).toHaveLength(2000);
    expect(text.startsWith('{"jsonrpc":"2.0","id":1,"result":{"items":[{"n":0},{"n":1},')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });
  it('sorts integer-like keys as strings (RFC 8785), not as JavaScript orders them', () => {
    expect(canonicalJson({ '9': 'a', '10': 'b', x: { '2': 1, '11': 2 } })).toBe(
      '{"10":"b","9":"a","x":{"11":2,"2":1}}',
    );
  });
  it('gives equal text for equal values written in another order', () => {
    expect(canonicalJson({ x: 1, y: [1, 2] })).toBe(canonicalJson({ y: [1, 2], x: 1 }));
  });
  it('escapes strings as JSON and keeps unicode', () => {
    expect(canonicalJson({ s: 'a"b\n\u200b' })).toBe('{"s":"a\\"b\\n\u200b"}');
  });
  it('writes every string and key as JSON.stringify does, plain or not', () => {
    const tricky = [
      '',
      'plain',
      'a"b',
      'back\\slash',
      'tab\there',
      '\u0000\u001f',
      '\u007f\u2028',
      'é😀',
      '\ud800 lone',
      'lone \udfff',
      '\udfff\ud800',
    ];
    for (const s of tricky) {
      expect(canonicalJson(s)).toBe(JSON.stringify(s));
      expect(canonicalJson({ [s]: s })).toBe(`{${JSON.stringify(s)}:${JSON.stringify(s)}}`);
    }
  });
  it('refuses values JSON cannot carry', () => {
    expect(() => canonicalJson({ n: NaN })).toThrow(/non-finite/);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(/function/);
  });
});

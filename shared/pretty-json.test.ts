import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { prettyJsonText } from './pretty-json.js';

describe('prettyJsonText', () => {
  it('indents without changing the order or the bytes of any token', () => {
    const text = canonicalJson({ '9': 1, '10': 2, s: 'a, b: {c}', e: [], o: {}, n: [1, { x: 'q"\\' }] });
    const pretty = prettyJsonText(text);
    expect(pretty.replace(/\n */g, '').replace(/": /g, '":')).toBe(text);
    expect(pretty.indexOf('"10"')).toBeLessThan(pretty.indexOf('"9"'));
    expect(pretty).toContain('"e": []');
    expect(pretty).toContain('"s": "a, b: {c}"');
    expect(JSON.parse(pretty)).toEqual(JSON.parse(text));
  });
});

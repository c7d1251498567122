import { describe, expect, it } from 'vitest';
import { parseQuery, queryHolds } from './filter-query.js';

const KEYS = new Set(['server', 'tool']);

describe('the filter language', () => {
  it('reads words, known keys, negation and phrases; an unknown key is a word', () => {
    expect(parseQuery('Echo  server:fx -tool:del "two words" -"not this" kind:x', KEYS)).toEqual([
      { key: 'text', value: 'echo', negate: false },
      { key: 'server', value: 'fx', negate: false },
      { key: 'tool', value: 'del', negate: true },
      { key: 'text', value: 'two words', negate: false },
      { key: 'text', value: 'not this', negate: true },
      { key: 'text', value: 'kind:x', negate: false },
    ]);
    expect(parseQuery('', KEYS)).toEqual([]);
    expect(parseQuery('- server: "unclosed phrase', KEYS)).toEqual([
      { key: 'text', value: '-', negate: false },
      { key: 'text', value: 'server:', negate: false },
      { key: 'text', value: 'unclosed phrase', negate: false },
    ]);
  });

  it('shows a row when every term holds: words in its text, keys in their field, - for none', () => {
    const row = { fields: { server: 'fx', tool: ['echo', 'Echo tool'] }, text: 'fx echo {"message":"Hello there"}' };
    const holds = (q: string) => queryHolds(parseQuery(q, KEYS), row.fields, row.text);
    expect(holds('')).toBe(true);
    expect(holds('hello')).toBe(true);
    expect(holds('"hello there" server:fx')).toBe(true);
    expect(holds('tool:"echo tool"')).toBe(true);
    expect(holds('server:other')).toBe(false);
    expect(holds('-server:fx')).toBe(false);
    expect(holds('-tool:delete hello')).toBe(true);
    expect(holds('hello absent')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { diffCatalog, diffLists, isEmptyDiff } from './catalog-diff.js';

const tool = (name: string, extra: object = {}) => ({
  name,
  description: `d ${name}`,
  inputSchema: { type: 'object', properties: { a: { type: 'string' } } },
  ...extra,
});

describe('diffCatalog', () => {
  it('finds added, removed and changed tools', () => {
    const d = diffCatalog([tool('a'), tool('b')], [tool('b', { description: 'new' }), tool('c')]);
    expect(d.added).toEqual(['c']);
    expect(d.removed).toEqual(['a']);
    expect(d.changed).toEqual([
      { name: 'b', fields: ['description'], changes: [{ path: 'description', before: 'd b', after: 'new' }] },
    ]);
  });
  it('shows a new hidden parameter as a changed inputSchema with its path', () => {
    const after = tool('x');
    (after.inputSchema.properties as Record<string, object>).exfil = { type: 'string' };
    const d = diffCatalog([tool('x')], [after]);
    expect(d.changed[0]!.fields).toEqual(['inputSchema']);
    expect(d.changed[0]!.changes).toEqual([{ path: 'inputSchema.properties.exfil', after: { type: 'string' } }]);
  });
  it('is empty when nothing changed, whatever the key order', () => {
    expect(isEmptyDiff(diffCatalog([{ name: 'a', b: 1, c: 2 }], [{ c: 2, b: 1, name: 'a' }]))).toBe(true);
  });
});

describe('diffLists', () => {
  it('diffs any list by its own key: resources by uri, with the field that changed', () => {
    const before = [
      { uri: 'file:///a', name: 'A', mimeType: 'text/plain' },
      { uri: 'file:///b', name: 'B' },
    ];
    const after = [
      { uri: 'file:///a', name: 'A', mimeType: 'text/markdown' },
      { uri: 'file:///c', name: 'C' },
    ];
    const d = diffLists(before, after, (r) => String(r.uri));
    expect(d.added).toEqual(['file:///c']);
    expect(d.removed).toEqual(['file:///b']);
    expect(d.changed).toEqual([
      {
        name: 'file:///a',
        fields: ['mimeType'],
        changes: [{ path: 'mimeType', before: 'text/plain', after: 'text/markdown' }],
      },
    ]);
  });
});

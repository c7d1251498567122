import { describe, expect, it } from 'vitest';
import { encodeHeaderValue, paramHeaders, scanHeaderParams } from './param-headers.js';

const prop = (extra: Record<string, unknown>) => ({ type: 'object', properties: { p: extra } });

describe('x-mcp-header declarations', () => {
  it('reads valid declarations, nested through properties', () => {
    const scan = scanHeaderParams({
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        opts: { type: 'object', properties: { level: { type: 'integer', 'x-mcp-header': 'Level' } } },
        query: { type: 'string' },
      },
    });
    expect(scan).toEqual({
      ok: true,
      params: [
        { path: ['region'], header: 'Region', type: 'string' },
        { path: ['opts', 'level'], header: 'Level', type: 'integer' },
      ],
    });
  });

  it.each([
    ['empty', prop({ type: 'string', 'x-mcp-header': '' }), /non-empty/],
    ['not a string', prop({ type: 'string', 'x-mcp-header': 7 }), /non-empty string/],
    ['a space', prop({ type: 'string', 'x-mcp-header': 'My Region' }), /not an HTTP header token/],
    ['a colon', prop({ type: 'string', 'x-mcp-header': 'a:b' }), /not an HTTP header token/],
    ['non-ASCII', prop({ type: 'string', 'x-mcp-header': 'Régión' }), /not an HTTP header token/],
    ['a control character', prop({ type: 'string', 'x-mcp-header': 'a\nb' }), /not an HTTP header token/],
    ['a number type', prop({ type: 'number', 'x-mcp-header': 'N' }), /not "number"/],
    ['an object type', prop({ type: 'object', 'x-mcp-header': 'O' }), /not "object"/],
    ['no type', prop({ 'x-mcp-header': 'U' }), /not "untyped"/],
    [
      'a duplicate in another case',
      {
        type: 'object',
        properties: { a: { type: 'string', 'x-mcp-header': 'Dup' }, b: { type: 'string', 'x-mcp-header': 'dup' } },
      },
      /declared twice/,
    ],
    [
      'under items',
      { type: 'object', properties: { a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'I' } } } },
      /reached through "properties"/,
    ],
    [
      'under anyOf',
      { type: 'object', anyOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }] },
      /reached through "properties"/,
    ],
    ['on the root', { type: 'string', 'x-mcp-header': 'Root' }, /reached through "properties"/],
  ])('makes the tool invalid with %s', (_, schema, reason) => {
    const scan = scanHeaderParams(schema);
    expect(scan.ok).toBe(false);
    if (!scan.ok) expect(scan.reason).toMatch(reason);
  });
});

describe('Mcp-Param values', () => {
  it('encodes as the spec table shows', () => {
    expect(encodeHeaderValue('us-west1')).toBe('us-west1');
    expect(encodeHeaderValue('Hello, 世界')).toBe('=?base64?SGVsbG8sIOS4lueVjA==?=');
    expect(encodeHeaderValue(' padded ')).toBe('=?base64?IHBhZGRlZCA=?=');
    expect(encodeHeaderValue('line1\nline2')).toBe('=?base64?bGluZTEKbGluZTI=?=');
    expect(encodeHeaderValue('=?base64?literal?=')).toBe('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=');
    expect(encodeHeaderValue('\tindented')).toMatch(/^=\?base64\?/);
    expect(encodeHeaderValue('')).toBe('');
  });

  it('mirrors present values, converted by type, and leaves out absent and null ones', () => {
    const scan = scanHeaderParams({
      type: 'object',
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        priority: { type: 'integer', 'x-mcp-header': 'Priority' },
        verbose: { type: 'boolean', 'x-mcp-header': 'Verbose' },
        missing: { type: 'string', 'x-mcp-header': 'Missing' },
        nested: { type: 'object', properties: { x: { type: 'boolean', 'x-mcp-header': 'X' } } },
      },
    });
    if (!scan.ok) throw new Error(scan.reason);
    expect(paramHeaders(scan.params, { region: 'eu', priority: 42, verbose: null, nested: { x: false } })).toEqual({
      'Mcp-Param-Region': 'eu',
      'Mcp-Param-Priority': '42',
      'Mcp-Param-X': 'false',
    });
  });
});

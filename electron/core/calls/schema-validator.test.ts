import { describe, expect, it } from 'vitest';
import { MAX_SCHEMA_DEPTH, SchemaValidator } from './schema-validator.js';

describe('SchemaValidator', () => {
  const v = new SchemaValidator();
  it('validates 2020-12 schemas with $defs and $ref', () => {
    const schema = {
      type: 'object',
      $defs: { p: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
      properties: { at: { $ref: '#/$defs/p' } },
    };
    expect(v.check(schema, { at: { x: 1 } })).toEqual({ ok: true });
    expect(v.check(schema, { at: {} })).toMatchObject({ ok: false, errors: [{ path: '/at' }] });
  });
  it('honours an explicit 2020-12 $schema and prefixItems', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { t: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } },
    };
    expect(v.check(schema, { t: ['a', 1] }).ok).toBe(true);
    expect(v.check(schema, { t: [1, 'a'] }).ok).toBe(false);
  });
  it('uses draft-07 when the schema says so', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { n: { type: 'integer', minimum: 2 } },
      definitions: {},
    };
    expect(v.check(schema, { n: 1 })).toMatchObject({ ok: false, errors: [{ path: '/n' }] });
  });
  it('reports enum, bounds and required errors', () => {
    const schema = {
      type: 'object',
      properties: { c: { enum: ['a'] }, n: { type: 'number', maximum: 3 } },
      required: ['r'],
    };
    const r = v.check(schema, { c: 'b', n: 9 });
    expect(r.ok).toBe(false);
    expect((r as { errors: unknown[] }).errors).toHaveLength(3);
  });
  it('does not compile schemas past its limits, and says why', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < MAX_SCHEMA_DEPTH + 2; i++) deep = { type: 'object', properties: { a: deep } };
    expect(v.check(deep, {})).toMatchObject({ ok: 'unchecked', reason: expect.stringMatching(/nested deeper/) });
    expect(v.check({ type: 'string', pattern: 'a'.repeat(2000) }, 'a')).toMatchObject({
      ok: 'unchecked',
      reason: expect.stringMatching(/pattern/),
    });
    expect(v.check({ type: 'nonsense-type' }, 1)).toMatchObject({
      ok: 'unchecked',
      reason: expect.stringMatching(/could not be compiled/),
    });
  });
  it('checks server patterns in linear time: ^(a+)+$ against a long near-match returns at once', () => {
    const r = v.check(
      { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } },
      { s: 'a'.repeat(5000) + '!' },
    );
    expect(r).toMatchObject({
      ok: false,
      errors: [{ path: '/s', message: expect.stringMatching(/must match pattern/) }],
    });
    // With a backtracking engine this check would not end within the test's time limit.
    expect(
      v.check(
        { type: 'object', patternProperties: { '^(x+)+$': { type: 'number' } } },
        { ['x'.repeat(3000) + 'y']: 'free' },
      ).ok,
    ).toBe(true);
    expect(
      v.check({ type: 'object', patternProperties: { '^(x+)+$': { type: 'number' } } }, { xxx: 'not a number' }).ok,
    ).toBe(false);
  });
  it('still matches the usual patterns, and leaves lookaround unchecked with the reason', () => {
    expect(v.check({ type: 'string', pattern: '^[a-zA-Z0-9_-]+$' }, 'ok_1-x').ok).toBe(true);
    expect(v.check({ type: 'string', pattern: '^\\d{3}-\\d{4}$' }, '555-1234').ok).toBe(true);
    expect(v.check({ type: 'string', pattern: '^\\d{3}-\\d{4}$' }, '5551234').ok).toBe(false);
    expect(v.check({ type: 'string', pattern: '^\\p{L}+$' }, 'héllo').ok).toBe(true);
    expect(v.check({ type: 'string', pattern: '^(?=a).*$' }, 'a')).toMatchObject({
      ok: 'unchecked',
      reason: expect.stringMatching(/cannot be checked in linear time/),
    });
  });
});

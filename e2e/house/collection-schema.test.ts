import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { collectionJsonSchema } from '../../shared/schemas/collection.js';
import { policyJsonSchema } from '../../shared/schemas/policy.js';

const example = {
  name: 'Weather',
  servers: ['weather'],
  steps: [
    {
      id: 'create',
      call: { server: 'weather', tool: 'get', arguments: { city: 'Oslo' } },
      expect: { outcome: 'ok', assert: [{ path: '/isError', exists: false }] },
    },
    {
      id: 'tools',
      catalog: { server: 'weather' },
      snapshot: { result: { tools: {} }, ignore: ['/tools/*/description'] },
    },
  ],
};

describe('the collection file', () => {
  it('has a published JSON Schema that is current and that a validator applies the same way', () => {
    const published = JSON.parse(
      readFileSync(new URL('../../shared/schemas/collection.schema.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    // Out of date: `npm run build:node && node out/node/e2e/tools/collection-schema.js`.
    expect(published).toEqual(collectionJsonSchema());
    const validate = new Ajv2020({ strict: false }).compile(published);
    expect(validate(example)).toBe(true);
    expect(
      validate({ ...example, steps: [{ id: 'a', call: { server: 's', tool: 't' }, read: { server: 's', uri: 'u' } }] }),
    ).toBe(false);
    expect(
      validate({ ...example, steps: [{ id: 'a', catalog: { server: 's' }, expect: { assert: [{ path: '/x' }] } }] }),
    ).toBe(false);
    expect(validate({ ...example, extra: 1 })).toBe(false);
  });
});

describe('the policy file', () => {
  it('has a published JSON Schema that is current and that a validator applies the same way', () => {
    const published = JSON.parse(
      readFileSync(new URL('../../shared/schemas/policy.schema.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    // Out of date: `npm run build:node && node out/node/e2e/tools/collection-schema.js`.
    expect(published).toEqual(policyJsonSchema());
    const validate = new Ajv2020({ strict: false }).compile(published);
    const rule = {
      effect: 'allow',
      agent: 'ci-*',
      tool: 'echo',
      when: [{ path: '/message', glob: 'build *' }],
      reason: 'CI echoes',
    };
    expect(validate({ rules: [rule] })).toBe(true);
    expect(validate({ rules: [{ ...rule, fingerprint: 'f' }] })).toBe(true);
    expect(validate({ rules: [{ ...rule, effect: 'deny', fingerprint: 'f' }] })).toBe(false);
    expect(validate({ rules: [{ ...rule, when: [{ path: '/m', glob: 'a', equals: 'b' }] }] })).toBe(false);
    expect(validate({ rules: [{ ...rule, reason: undefined }] })).toBe(false);
    expect(validate({ rules: [], extra: 1 })).toBe(false);
  });
});

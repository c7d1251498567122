import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { collectionJsonSchema } from '../../shared/schemas/collection.js';

const example = {
  name: 'Weather',
  servers: ['weather'],
  steps: [
    {
      id: 'create',
      call: { server: 'weather', tool: 'get', arguments: { city: 'Oslo' } },
      expect: { outcome: 'ok', assert: [{ path: '/isError', exists: false }] },
    },
    { id: 'tools', catalog: { server: 'weather' }, snapshot: { result: { tools: {} }, ignore: ['/tools/*/description'] } },
  ],
};

describe('the collection file', () => {
  it('has a published JSON Schema that is current and that a validator applies the same way', () => {
    const published = JSON.parse(readFileSync(new URL('../../shared/schemas/collection.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    // Out of date: `npm run build:node && node out/node/e2e/tools/collection-schema.js`.
    expect(published).toEqual(collectionJsonSchema());
    const validate = new Ajv2020({ strict: false }).compile(published);
    expect(validate(example)).toBe(true);
    expect(validate({ ...example, steps: [{ id: 'a', call: { server: 's', tool: 't' }, read: { server: 's', uri: 'u' } }] })).toBe(false);
    expect(validate({ ...example, steps: [{ id: 'a', catalog: { server: 's' }, expect: { assert: [{ path: '/x' }] } }] })).toBe(false);
    expect(validate({ ...example, extra: 1 })).toBe(false);
  });
});

import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { collectionJsonSchema } from '../../shared/schemas/collection.js';
import { policyJsonSchema } from '../../shared/schemas/policy.js';
import { RecordingLine, recordingJsonSchema } from '../../shared/schemas/recording.js';

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

describe('the recording file', () => {
  it('has a published JSON Schema of its lines that is current and that a validator applies as zod does', () => {
    const published = JSON.parse(
      readFileSync(new URL('../../shared/schemas/recording.schema.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    // Out of date: `npm run build:node && node out/node/e2e/tools/collection-schema.js`.
    expect(published).toEqual(recordingJsonSchema());
    const validate = new Ajv2020({ strict: false }).compile(published);
    const lines = [
      { type: 'recording', format: 1, startedAt: 'x', console: '0.1.0', by: 'test', ignore: ['/arguments/at'] },
      { type: 'server', t: 0, serverId: 'fx', transport: 'stdio', command: 'node', era: 'modern' },
      {
        ...{ type: 'message', t: 1.5, seq: 1, at: 'x', serverId: 'fx', dir: 'out', kind: 'request', id: 1, bytes: 9 },
        ...{ method: 'tools/call', name: 'echo', message: { params: { apiKey: '[redacted]' } }, redacted: ['/params'] },
      },
      {
        type: 'message',
        t: 2,
        seq: 2,
        at: 'x',
        serverId: 'fx',
        dir: 'in',
        kind: 'response',
        bytes: 9e6,
        truncated: '{',
      },
      {
        ...{ type: 'call', t: 2, at: 'x', callId: 'c', serverId: 'fx', tool: 'echo', requestedBy: { kind: 'cli' } },
        ...{ argsHash: 'h', state: 'done', decidedBy: 'cli-flag', outcome: 'ok', durationMs: 3 },
      },
      {
        type: 'question',
        t: 3,
        at: 'x',
        id: 'q',
        serverId: 'fx',
        kind: 'elicitation',
        mode: 'form',
        status: 'answered',
      },
      { type: 'gap', t: 4, dropped: 3 },
      { type: 'end', t: 5, at: 'x', messages: 2, calls: 1, dropped: 3, reason: 'ended' },
    ];
    for (const l of lines) {
      expect(validate(l), JSON.stringify(l)).toBe(true);
      expect(RecordingLine.safeParse(l).success, JSON.stringify(l)).toBe(true);
    }
    expect(validate({ type: 'message', t: 1 })).toBe(false);
    expect(validate({ type: 'end', t: 1, at: 'x', messages: 1, calls: 0, dropped: 0, reason: 'x', extra: 1 })).toBe(
      false,
    );
    expect(validate({ type: 'something', t: 1 })).toBe(false);
  });
});

describe('the published schemas as files', () => {
  it('are written exactly as the generator writes them: current and formatted (format:check reads them too)', async () => {
    const { format, resolveConfig } = await import('prettier');
    for (const [name, schema] of [
      ['collection', collectionJsonSchema()],
      ['policy', policyJsonSchema()],
      ['recording', recordingJsonSchema()],
    ] as const) {
      const url = new URL(`../../shared/schemas/${name}.schema.json`, import.meta.url);
      const options = { ...(await resolveConfig(url.pathname)), filepath: url.pathname };
      // Out of date or unformatted: `npm run build:node && node out/node/e2e/tools/collection-schema.js`.
      expect(readFileSync(url, 'utf8'), name).toBe(await format(JSON.stringify(schema, null, 2), options));
    }
  });
});

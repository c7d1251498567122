import { describe, expect, it } from 'vitest';
import { Collection } from '../schemas/collection.js';
import { checkAssertion, checkStep } from './check.js';
import { diffJson, diffLines } from './diff.js';
import { pointerGet, pointerOf } from './pointer.js';
import { recordCollection } from './record.js';
import { redactSecrets, secretPointers } from './secrets.js';
import { collectionFileName, onServer, serversOf } from './steps.js';
import { resolveTemplate, TemplateError, variablesIn } from './template.js';

const re = (p: string, t: string) => new RegExp(p).test(t);

describe('JSON pointers', () => {
  it('reads objects and arrays and escapes ~ and /', () => {
    const doc = { a: [{ 'x/y': 1, 't~': 2 }] };
    expect(pointerGet(doc, '/a/0/x~1y')).toEqual({ found: true, value: 1 });
    expect(pointerGet(doc, '/a/0/t~0')).toEqual({ found: true, value: 2 });
    expect(pointerGet(doc, '/a/1')).toEqual({ found: false });
    expect(pointerGet(doc, '/a/01')).toEqual({ found: false });
    expect(pointerGet(doc, '')).toEqual({ found: true, value: doc });
    expect(pointerOf(['a', 0, 'x/y'])).toBe('/a/0/x~1y');
  });
});

describe('variables', () => {
  const scope = {
    env: { KEY: 'secret-value' },
    steps: new Map<string, unknown>([
      ['create', { structuredContent: { id: 'n-1', n: 7 }, content: [{ text: 'hi' }] }],
    ]),
  };
  it('takes a whole-string variable as its value, and writes one inside text', () => {
    expect(
      resolveTemplate(
        { id: '{{steps.create.structuredContent.id}}', n: '{{ steps.create.structuredContent.n }}' },
        scope,
      ),
    ).toEqual({ id: 'n-1', n: 7 });
    expect(
      resolveTemplate(['note {{steps.create.structuredContent.id}} of {{steps.create.content.0.text}}'], scope),
    ).toEqual(['note n-1 of hi']);
    expect(resolveTemplate({ k: '{{env.KEY}}', deep: [{ x: 'Bearer {{env.KEY}}' }] }, scope)).toEqual({
      k: 'secret-value',
      deep: [{ x: 'Bearer secret-value' }],
    });
  });
  it('names what is missing', () => {
    expect(() => resolveTemplate('{{env.NOPE}}', scope)).toThrow(/NOPE is not set/);
    expect(() => resolveTemplate('{{steps.later.id}}', scope)).toThrow(TemplateError);
    expect(() => resolveTemplate('{{steps.create.structuredContent.missing}}', scope)).toThrow(/nothing at "missing"/);
    // A bare name is an environment's (put in by mcp-console test --env before the run); at run time nothing gave it.
    expect(() => resolveTemplate('{{whatever}}', scope)).toThrow(/no environment gave it/);
    expect(() => resolveTemplate('{{what.ever}}', scope)).toThrow(/env.NAME, steps.ID.path, or a name/);
  });
  it('lists the variables a value names (not in keys)', () => {
    expect([...variablesIn({ a: '{{env.A}}', '{{env.KEY_IN_KEY}}': ['x {{steps.s.id}}'] })].sort()).toEqual([
      'env.A',
      'steps.s.id',
    ]);
  });
});

describe('structural diff', () => {
  it('says where two results differ, path by path', () => {
    const d = diffJson({ a: 1, b: [1, 2], c: { d: 'x' } }, { a: 2, b: [1], c: { d: 'x', e: true } });
    expect(d.entries).toEqual([
      { path: '/a', op: 'changed', before: 1, after: 2 },
      { path: '/b/1', op: 'removed', before: 2 },
      { path: '/c/e', op: 'added', after: true },
    ]);
    expect(diffLines(d)).toEqual(['~ /a: 1 → 2', '- /b/1: 2', '+ /c/e: true']);
  });
  it('skips ignored paths, with * for any key or index', () => {
    const before = { content: [{ text: 'id 1' }, { text: 'same' }], meta: { at: 1 } };
    const after = { content: [{ text: 'id 2' }, { text: 'same' }], meta: { at: 2 } };
    expect(diffJson(before, after, ['/content/*/text', '/meta/at']).total).toBe(0);
    expect(diffJson(before, after, ['/meta']).entries.map((e) => e.path)).toEqual(['/content/0/text']);
  });
  it('is bounded on a huge difference and does not recurse', () => {
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 20_000; i++) at = (at.n = {}) as Record<string, unknown>;
    expect(diffJson(deep, {}).total).toBe(1);
    const d = diffJson(
      Array.from({ length: 5000 }, (_, i) => i),
      Array.from({ length: 5000 }, (_, i) => -i),
    );
    expect(d.entries.length).toBe(200);
    expect(d.total).toBe(4999);
    expect(diffLines(d).at(-1)).toBe('… and 4799 more differences');
  });
});

describe('expectations', () => {
  const result = {
    content: [{ type: 'text', text: 'Hello' }],
    structuredContent: { id: 'n-1', tags: ['a', 'b'], count: 2 },
  };
  it('checks equals, matches, exists, type and length', () => {
    const ok = [
      { path: '/structuredContent/id', equals: 'n-1' },
      { path: '/structuredContent', equals: { count: 2, tags: ['a', 'b'], id: 'n-1' } },
      { path: '/content/0/text', matches: '^Hel' },
      { path: '/structuredContent/gone', exists: false },
      { path: '/structuredContent/count', type: 'integer' as const },
      { path: '/structuredContent/tags', length: { min: 1, max: 2 } },
    ];
    for (const a of ok) expect(checkAssertion(a, result, re)).toEqual([]);
    expect(checkAssertion({ path: '/structuredContent/id', equals: 'n-2' }, result, re)[0]!.message).toBe(
      '/structuredContent/id: expected "n-2", got "n-1"',
    );
    expect(checkAssertion({ path: '/content/0/text', matches: '^Bye' }, result, re)[0]!.message).toMatch(
      /does not match/,
    );
    expect(checkAssertion({ path: '/x', exists: true }, result, re)[0]!.message).toBe(
      '/x: expected a value, found none',
    );
    expect(checkAssertion({ path: '/structuredContent/tags', type: 'object' }, result, re)[0]!.message).toMatch(
      /expected object, got array/,
    );
    expect(checkAssertion({ path: '/structuredContent/tags', length: 3 }, result, re)[0]!.message).toMatch(
      /length 2, expected 3/,
    );
    expect(checkAssertion({ path: '/structuredContent/count', length: 3 }, result, re)[0]!.message).toMatch(
      /has no length/,
    );
  });
  it('checks the outcome, the structured check and the snapshot', () => {
    const step = Collection.parse({
      name: 'x',
      steps: [
        {
          id: 's',
          call: { server: 'a', tool: 't' },
          expect: { structured: 'valid' },
          snapshot: { result: { n: 1, at: 1 }, ignore: ['/at'] },
        },
      ],
    }).steps[0]!;
    expect(
      checkStep(step, { outcome: 'ok', result: {}, snapshot: { n: 1, at: 9 }, structured: { status: 'valid' } }, re),
    ).toEqual([]);
    const f = checkStep(
      step,
      { outcome: 'tool-error', result: {}, snapshot: { n: 2, at: 9 }, structured: { status: 'absent' } },
      re,
    );
    expect(f.map((x) => x.kind)).toEqual(['outcome', 'structured', 'snapshot']);
    expect(f[2]!.diff!.entries).toEqual([{ path: '/n', op: 'changed', before: 1, after: 2 }]);
    // With no `structured` expectation, an invalid structuredContent still fails; `any` turns that off.
    const plain = { ...step, expect: {}, snapshot: undefined };
    expect(
      checkStep(
        plain,
        { outcome: 'ok', structured: { status: 'invalid', errors: [{ path: '/total', message: 'must be number' }] } },
        re,
      )[0]!.message,
    ).toMatch(/must be number/);
    expect(
      checkStep({ ...plain, expect: { structured: 'any' } }, { outcome: 'ok', structured: { status: 'invalid' } }, re),
    ).toEqual([]);
  });
});

describe('secrets', () => {
  it('finds them by name and by shape', () => {
    const args = {
      user: 'ada',
      apiKey: 'abc',
      nested: { password: 'p', list: ['ghp_' + 'a'.repeat(36)] },
      note: 'plain',
      Authorization: 'x',
    };
    expect(secretPointers(args)).toEqual(['/Authorization', '/apiKey', '/nested/list/0', '/nested/password']);
  });
  it('records calls with secrets as variables, never their values, in arguments or results', () => {
    const key = 'sk-' + 'z'.repeat(40);
    const rec = recordCollection(
      'rec',
      [
        {
          serverId: 'notes',
          tool: 'login',
          args: { user: 'ada', apiKey: key },
          outcome: 'ok',
          snapshot: { content: [{ type: 'text', text: `session with key ${key}` }] },
        },
        {
          serverId: 'notes',
          tool: 'login',
          args: { user: 'bob', note: `again ${key}`, pin: 'hidden-by-person' },
          outcome: 'tool-error',
        },
      ],
      [{ index: 1, pointer: '/user' }],
    );
    const text = JSON.stringify(rec.collection);
    expect(text).not.toContain(key);
    expect(text).not.toContain('hidden-by-person');
    expect(text).not.toContain('"bob"');
    expect(rec.collection.env).toEqual(['LOGIN_2_PIN', 'LOGIN_2_USER', 'LOGIN_API_KEY']);
    expect(rec.collection.steps.map((s) => s.id)).toEqual(['login', 'login-2']);
    expect(rec.collection.steps[0]!.snapshot!.result).toEqual({
      content: [{ type: 'text', text: 'session with key {{env.LOGIN_API_KEY}}' }],
    });
    expect(rec.collection.steps[1]!.call!.arguments).toEqual({
      user: '{{env.LOGIN_2_USER}}',
      note: 'again {{env.LOGIN_API_KEY}}',
      pin: '{{env.LOGIN_2_PIN}}',
    });
    expect(rec.collection.steps[1]!.expect).toEqual({ outcome: 'tool-error' });
    expect(Collection.safeParse(rec.collection).success).toBe(true);
  });
  it('names a secret recorded into a collection apart from the variables it already reads', () => {
    const rec = recordCollection('r', [{ serverId: 's', tool: 'login', args: { apiKey: 'k-2' } }], [], {
      ids: ['login'],
      vars: ['LOGIN_2_API_KEY'],
    });
    expect(rec.secrets).toEqual([{ variable: 'LOGIN_2_API_KEY_2', step: 'login-2', pointer: '/apiKey' }]);
  });

  it('redacts a secret wherever a result echoes it; a very short one only as a word of its own', () => {
    expect(redactSecrets({ a: ['x secret-1 y'], 'secret-1': 1 }, new Map([['secret-1', 'K']]))).toEqual({
      a: ['x {{env.K}} y'],
      '{{env.K}}': 1,
    });
    expect(redactSecrets('Bob, Bobby and bob.', new Map([['Bob', 'K']]))).toBe('{{env.K}}, Bobby and bob.');
    expect(redactSecrets('a+b (a+b)', new Map([['a+b', 'K']]))).toBe('{{env.K}} ({{env.K}})');
  });
});

describe('the collection file', () => {
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
  it('is refused with two kinds in a step, a duplicate id or an empty assertion', () => {
    expect(Collection.safeParse(example).success).toBe(true);
    const bad = (steps: unknown[]) => Collection.safeParse({ name: 'x', steps }).success;
    expect(bad([{ id: 'a', call: { server: 's', tool: 't' }, read: { server: 's', uri: 'u' } }])).toBe(false);
    expect(
      bad([
        { id: 'a', catalog: { server: 's' } },
        { id: 'a', catalog: { server: 's' } },
      ]),
    ).toBe(false);
    expect(bad([{ id: 'a', call: { server: 's', tool: 't' }, expect: { assert: [{ path: '/x' }] } }])).toBe(false);
    expect(bad([{ id: '1a', catalog: { server: 's' } }])).toBe(false);
  });
  it('names its servers and file', () => {
    const c = Collection.parse(example);
    expect(serversOf(c)).toEqual(['weather']);
    expect(onServer(c.steps[0]!, 'weather-next').call!.server).toBe('weather-next');
    expect(collectionFileName('Weather: smoke test!')).toBe('weather-smoke-test.collection.json');
    expect(collectionFileName('../..')).toBe('collection.collection.json');
  });
});

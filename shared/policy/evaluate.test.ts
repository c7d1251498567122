import { describe, expect, it } from 'vitest';
import { RE2JS } from 're2js';
import { ANNOTATION_DEFAULTS } from '../annotations.js';
import { PolicyFile, policyJsonSchema } from '../schemas/policy.js';
import { compilePolicy, evaluatePolicy, explainPolicy, type PolicyCall, type PolicySource } from './evaluate.js';
import { globMatcher } from './glob.js';

const re2 = (p: string, t: string) => RE2JS.compile(p).matcher(t).find();

const FILE = PolicyFile.parse({
  rules: [
    { id: 'no-rm', effect: 'deny', tool: 'delete_*', reason: 'deleting is never done by an agent' },
    {
      id: 'etc',
      effect: 'deny',
      tool: 'write_file',
      when: [{ path: '/path', glob: '/etc/*' }],
      reason: 'system files',
    },
    { id: 'ci-echo', effect: 'allow', agent: 'ci-*', server: 'everything', tool: 'echo', reason: 'CI may echo' },
    {
      id: 'ci-ask-long',
      effect: 'ask',
      agent: 'ci-*',
      tool: 'echo',
      when: [{ path: '/message', matches: '^.{40,}$' }],
      reason: 'long messages are looked at',
    },
    {
      id: 'sum-small',
      effect: 'allow',
      tool: 'get-sum',
      when: [
        { path: '/a', range: { min: 0, max: 100 } },
        { path: '/b', oneOf: [1, 2, 3] },
      ],
      reason: 'small sums',
    },
    { id: 'me', effect: 'allow', agent: '@person', tool: 'read_*', reason: 'the person reads freely' },
    {
      id: 'pinned',
      effect: 'allow',
      agent: 'bot',
      tool: 'fetch',
      fingerprint: 'f1',
      serverIdentity: 'id1',
      reason: 'this fetch, as reviewed',
    },
    {
      id: 'ro',
      effect: 'allow',
      agent: 'bot',
      annotations: { readOnlyHint: true },
      reason: 'read-only tools of trusted servers',
    },
    {
      id: 'no-open-world',
      effect: 'ask',
      agent: 'bot',
      annotations: { openWorldHint: true },
      reason: 'reaching out is asked for',
    },
    {
      id: 'quiet',
      effect: 'allow',
      agent: 'bot',
      tool: 'notify',
      when: [{ path: '/loud', absent: true }],
      reason: 'quiet notices',
    },
    {
      id: 'exact',
      effect: 'allow',
      agent: 'bot',
      tool: 'set',
      when: [{ path: '/opts', equals: { a: 1, b: [true] } }],
      reason: 'these options',
    },
  ],
});

const base: PolicyCall = {
  requester: { kind: 'agent', name: 'ci-7' },
  serverId: 'everything',
  serverIdentity: 'id1',
  tool: 'echo',
  fingerprint: 'f1',
  trusted: false,
  args: {},
};
const decide = (call: Partial<PolicyCall>, file: PolicyFile = FILE) =>
  evaluatePolicy(compilePolicy([{ kind: 'flag', path: 'p.json', file }]), { ...base, ...call }, re2);
const who = (call: Partial<PolicyCall>) => {
  const v = decide(call).verdict;
  return v ? `${v.effect}:${v.ref.id}` : 'none';
};
const bot = { kind: 'agent', name: 'bot' } as const;
/** The bot, on a trusted server whose tool says it stays closed-world (so no-open-world stays out of the way). */
const closed: Partial<PolicyCall> = {
  requester: bot,
  trusted: true,
  annotations: { ...ANNOTATION_DEFAULTS, openWorldHint: false },
};

describe('the policy, case by case', () => {
  it.each<[string, Partial<PolicyCall>, string]>([
    ['an allow for the agent, server and tool', { args: { message: 'hi' } }, 'allow:ci-echo'],
    ['ask wins over a matching allow', { args: { message: 'x'.repeat(50) } }, 'ask:ci-ask-long'],
    [
      'an agent the rule does not name has no rule: the person decides',
      { requester: { kind: 'agent', name: 'other' }, args: { message: 'hi' } },
      'none',
    ],
    ['the server glob must match', { serverId: 'elsewhere', args: { message: 'hi' } }, 'none'],
    ['deny wins whoever asks', { tool: 'delete_repo', requester: { kind: 'console' } }, 'deny:no-rm'],
    ['a deny on an argument glob', { tool: 'write_file', args: { path: '/etc/passwd' } }, 'deny:etc'],
    ['the same tool elsewhere is not denied', { tool: 'write_file', args: { path: '/tmp/x' } }, 'none'],
    ['a glob condition on a non-string does not hold', { tool: 'write_file', args: { path: 7 } }, 'none'],
    ['range and oneOf both hold', { tool: 'get-sum', args: { a: 100, b: 2 } }, 'allow:sum-small'],
    ['range out of bounds', { tool: 'get-sum', args: { a: 101, b: 2 } }, 'none'],
    ['oneOf not among them', { tool: 'get-sum', args: { a: 1, b: 4 } }, 'none'],
    ['a number given as a string is not in range', { tool: 'get-sum', args: { a: '5', b: 1 } }, 'none'],
    ['the person, on the console', { requester: { kind: 'console' }, tool: 'read_file' }, 'allow:me'],
    ['the person, on the command line', { requester: { kind: 'cli' }, tool: 'read_text' }, 'allow:me'],
    ['@person is not an agent', { requester: { kind: 'agent', name: 'person' }, tool: 'read_file' }, 'none'],
    [
      'a server view is not the person',
      { requester: { kind: 'view', serverId: 'everything', tool: 'x' }, tool: 'read_file' },
      'none',
    ],
    ['bound allow, same definition and identity', { ...closed, tool: 'fetch' }, 'allow:pinned'],
    [
      'bound allow, definition changed: void, a person decides',
      { ...closed, tool: 'fetch', fingerprint: 'f2' },
      'none',
    ],
    ['bound allow, identity changed: void', { ...closed, tool: 'fetch', serverIdentity: 'id2' }, 'none'],
    [
      'an untrusted server is read at the defaults: open-world asks over the bound allow',
      { requester: bot, tool: 'fetch' },
      'ask:no-open-world',
    ],
    [
      'read-only claimed by an untrusted server does not satisfy the rule; the defaults (open-world) ask',
      {
        requester: bot,
        tool: 'list',
        annotations: { ...ANNOTATION_DEFAULTS, readOnlyHint: true, openWorldHint: false },
      },
      'ask:no-open-world',
    ],
    [
      'read-only on a trusted server satisfies it',
      {
        requester: bot,
        tool: 'list',
        trusted: true,
        annotations: { ...ANNOTATION_DEFAULTS, readOnlyHint: true, openWorldHint: false },
      },
      'allow:ro',
    ],
    [
      'absent holds when nothing is at the path',
      {
        requester: bot,
        tool: 'notify',
        args: { text: 'a' },
        trusted: true,
        annotations: { ...ANNOTATION_DEFAULTS, openWorldHint: false },
      },
      'allow:quiet',
    ],
    [
      'absent fails when something is',
      {
        requester: bot,
        tool: 'notify',
        args: { loud: false },
        trusted: true,
        annotations: { ...ANNOTATION_DEFAULTS, openWorldHint: false },
      },
      'none',
    ],
    [
      'equals compares JSON values, key order aside',
      {
        requester: bot,
        tool: 'set',
        args: { opts: { b: [true], a: 1 } },
        trusted: true,
        annotations: { ...ANNOTATION_DEFAULTS, openWorldHint: false },
      },
      'allow:exact',
    ],
    [
      'equals refuses a near value',
      {
        requester: bot,
        tool: 'set',
        args: { opts: { a: 1, b: [1] } },
        trusted: true,
        annotations: { ...ANNOTATION_DEFAULTS, openWorldHint: false },
      },
      'none',
    ],
  ])('%s', (_, call, expected) => expect(who(call)).toBe(expected));

  it('reports a bound allow voided by a changed definition', () => {
    const d = decide({ ...closed, tool: 'fetch', fingerprint: 'f2' });
    expect(d.voided).toEqual([
      { ref: expect.objectContaining({ id: 'pinned' }), why: expect.stringContaining("the tool's definition changed") },
    ]);
  });

  it('names the managed file first and prefixes ids when two files apply; a user file cannot loosen a managed deny', () => {
    const managed: PolicySource = {
      kind: 'managed',
      path: '/etc/p.json',
      file: PolicyFile.parse({ rules: [{ effect: 'deny', tool: 'echo', reason: 'org says no' }] }),
    };
    const mine: PolicySource = {
      kind: 'flag',
      path: 'mine.json',
      file: PolicyFile.parse({ rules: [{ id: 'yes', effect: 'allow', tool: 'echo', reason: 'I say yes' }] }),
    };
    const p = compilePolicy([mine, managed]);
    expect(p.rules.map((r) => r.ref.id)).toEqual(['managed:rule 1', 'flag:yes']);
    expect(evaluatePolicy(p, base, re2).verdict).toMatchObject({
      effect: 'deny',
      ref: { id: 'managed:rule 1', source: 'managed', reason: 'org says no' },
    });
  });

  it('explains every rule with why it does or does not apply', () => {
    const e = explainPolicy(
      compilePolicy([{ kind: 'flag', path: 'p.json', file: FILE }]),
      { ...base, tool: 'get-sum', args: { a: 500, b: 1 } },
      re2,
    );
    const by = Object.fromEntries(e.rules.map((r) => [r.ref.id, r.why ?? 'matches']));
    expect(by['sum-small']).toBe('/a is not a number within 0..100');
    expect(by['ci-echo']).toBe('tool get-sum is not echo');
    expect(by['me']).toContain('the rule is for @person');
    expect(e.verdict).toBeNull();
  });
});

describe('the policy file', () => {
  it.each([
    [{ rules: [{ effect: 'allow', reason: 'x', when: [{ path: '/a', equals: 1, glob: '*' }] }] }, 'exactly one test'],
    [{ rules: [{ effect: 'allow', reason: 'x', when: [{ path: 'a', equals: 1 }] }] }, 'JSON pointer'],
    [{ rules: [{ effect: 'deny', reason: 'x', fingerprint: 'f' }] }, 'binds an allow only'],
    [
      {
        rules: [
          { id: 'a', effect: 'deny', reason: 'x' },
          { id: 'a', effect: 'allow', reason: 'y' },
        ],
      },
      'used twice',
    ],
    [{ rules: [{ effect: 'permit', reason: 'x' }] }, 'effect'],
    [{ rules: [{ effect: 'allow' }] }, 'reason'],
    [{ rules: [], extra: 1 }, 'extra'],
  ])('refuses %j', (file, message) => {
    const r = PolicyFile.safeParse(file);
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain(message);
  });

  it('publishes a JSON Schema that states the one-test rule and the allow-only bindings', () => {
    const s = JSON.stringify(policyJsonSchema());
    expect(s).toContain('"oneOf":[{"required":["equals"]}');
    expect(s).toContain('"required":["fingerprint"]');
  });
});

describe('globs', () => {
  it.each([
    ['echo', 'echo', true],
    ['echo', 'echoes', false],
    ['delete_*', 'delete_repo', true],
    ['delete_*', 'undelete_repo', false],
    ['*_file', 'read_file', true],
    ['a*b*c', 'aXXbYYc', true],
    ['a*b*c', 'aXXcYYb', false],
    ['?at', 'cat', true],
    ['?at', 'at', false],
    ['/etc/*', '/etc/ssh/sshd_config', true],
    ['\\*', '*', true],
    ['\\*', 'x', false],
    ['*', '', true],
    ['a**', 'a', true],
    ['é?', 'é😀', true],
  ])('%s against %s: %s', (glob, text, expected) => expect(globMatcher(glob)(text)).toBe(expected));

  it('takes time in proportion to the text for a hostile glob and text', () => {
    const text = 'a'.repeat(200_000);
    const t0 = performance.now();
    expect(globMatcher('*a*a*a*a*a*a*c*a')(text)).toBe(false);
    // A backtracking matcher takes minutes here; this one reads the text a few times.
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

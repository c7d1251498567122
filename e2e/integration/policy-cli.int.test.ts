import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE, tempDir } from '../harness/harness.js';

/**
 * The policy file through the command line a person or an administrator uses: `policy check`,
 * `policy explain`, and `call --policy` (issue "For a team"; the handles are in AUTOMATION.md).
 */
const BIN = resolve('bin/mcp-console.js');
const dir = tempDir();
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, MCP_CONSOLE_POLICY: '' },
  });
const file = (name: string, body: unknown) => {
  const p = join(dir, name);
  writeFileSync(p, typeof body === 'string' ? body : JSON.stringify(body));
  return p;
};

const good = file('policy.json', {
  rules: [
    { id: 'no-writes', effect: 'deny', tool: 'ann_ffff', reason: 'writing tools are not for anyone here' },
    { id: 'look', effect: 'ask', tool: 'content_*', reason: 'content is looked at' },
    {
      id: 'ci-echo',
      effect: 'allow',
      agent: 'ci-*',
      tool: 'echo',
      when: [{ path: '/message', matches: '^build [0-9]+$' }],
      reason: 'CI echoes build numbers',
    },
    { effect: 'allow', agent: '@person', tool: 'echo', reason: 'the person echoes freely' },
  ],
});
const config = file('servers.json', { mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('policy check', () => {
  it('accepts a valid file and sums it up; refuses a broken one with where and why', () => {
    const ok = cli('policy', 'check', '--policy', good);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('a valid policy — 4 rules (1 deny, 1 ask, 2 allow)');
    expect(JSON.parse(cli('policy', 'check', '--policy', good, '--json').stdout)).toMatchObject({
      ok: true,
      rules: 4,
      deny: 1,
      ask: 1,
      allow: 2,
    });
    for (const [body, why] of [
      [
        '{ "rules": [ { "effect": "allow", "reason": "x", "when": [ { "path": "/a", "matches": "(" } ] } ] }',
        'rules.0.when.0.matches: not an RE2 pattern',
      ],
      [
        '{ "rules": [ { "effect": "deny", "reason": "x", "fingerprint": "f" } ] }',
        'rules.0.fingerprint: fingerprint binds an allow only',
      ],
      ['{ "rules": [ { "effect": "allow" } ] }', 'rules.0.reason'],
      ['{ "rules": ', 'not a valid policy'],
      // A name with "@" that names nobody would never apply: a deny written that way would let calls through.
      ['{ "rules": [ { "effect": "deny", "agent": "@Person", "reason": "x" } ] }', 'rules.0.agent: unknown name'],
      ['{ "rules": [ { "effect": "deny", "agent": "@cli", "reason": "x" } ] }', 'rules.0.agent: unknown name'],
      ['{ "rules": [ { "effect": "deny", "agent": "@agent", "reason": "x" } ] }', 'rules.0.agent: unknown name'],
      // A second "rules" keeps only its own: the deny in the first would vanish and the check would count 0 rules.
      [
        '{ "rules": [ { "effect": "deny", "tool": "*", "reason": "x" } ], "rules": [] }',
        'the key "rules" appears twice in one object (line 1)',
      ],
    ] as const) {
      const r = cli('policy', 'check', '--policy', file('bad.json', body));
      expect(r.status, body).toBe(1);
      expect(r.stderr).toContain(why);
    }
    expect(cli('policy', 'check', '--policy', join(dir, 'nope.json')).status).toBe(1);
    expect(cli('policy', 'check').status).toBe(2);
    expect(cli('policy', 'lint', '--policy', good).stderr).toContain('unknown policy command "lint"');
  });
});

describe('policy explain', () => {
  it('names the deciding rule and why each other does not apply', () => {
    const r = cli(
      'policy',
      'explain',
      '--policy',
      good,
      '--agent',
      'ci-7',
      '--server',
      'fx',
      '--tool',
      'echo',
      '--args',
      '{"message":"build 12"}',
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('agent ci-7 calling fx / echo:\n  ALLOW by ci-echo: CI echoes build numbers');
    expect(r.stdout).toContain('· rule 4 (allow) — asked by agent ci-7, the rule is for @person');
    const other = JSON.parse(
      cli(
        'policy',
        'explain',
        '--policy',
        good,
        '--agent',
        'ci-7',
        '--server',
        'fx',
        '--tool',
        'echo',
        '--args',
        '{"message":"rm -rf"}',
        '--json',
      ).stdout,
    );
    expect(other).toMatchObject({ decision: 'none', rule: null });
    expect(other.rules.find((x: { ref: { id: string } }) => x.ref.id === 'ci-echo').why).toBe(
      '/message has no match for ^build [0-9]+$',
    );
    const deny = JSON.parse(
      cli('policy', 'explain', '--policy', good, '--server', 'fx', '--tool', 'ann_ffff', '--json').stdout,
    );
    expect(deny).toMatchObject({
      decision: 'deny',
      rule: { id: 'no-writes', reason: 'writing tools are not for anyone here' },
    });
    expect(cli('policy', 'explain', '--policy', good, '--tool', 'echo').status).toBe(2);
  });

  it('says who decides an ask: its approvers, duties kept apart, its deciders', () => {
    const team = file('team-policy.json', {
      rules: [
        { id: 'pay', effect: 'ask', tool: 'pay_*', reason: 'money', quorum: 2, notRequester: true },
        { id: 'fin', effect: 'ask', tool: 'pay_*', reason: 'finance', deciders: ['group:finance'] },
      ],
    });
    const r = cli('policy', 'explain', '--policy', team, '--agent', 'bot', '--server', 'fx', '--tool', 'pay_out');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('ASK by pay: money');
    expect(r.stdout).toContain(
      'who decides: 2 different people must approve; someone of group:finance; not the person who asked, nor the owner of the agent that asked',
    );
    const plain = cli('policy', 'explain', '--policy', good, '--server', 'fx', '--tool', 'content_text');
    expect(plain.stdout).toContain('who decides: one person decides (on a team service: any approver)');
    expect(
      cli(
        'policy',
        'check',
        '--policy',
        file('bad-terms.json', { rules: [{ effect: 'allow', reason: 'r', quorum: 2 }] }),
      ).status,
    ).toBe(1);
  });
});

describe('call --policy', () => {
  it('a deny refuses before anything is asked, an allow runs without asking, an ask is not answered by --yes', () => {
    const denied = cli(
      'call',
      'fx',
      'ann_ffff',
      '--config',
      config,
      '--data-dir',
      join(dir, 'd1'),
      '--policy',
      good,
      '--yes',
    );
    expect(denied.status).toBe(3);
    expect(denied.stderr).toContain(
      "not sent: refused by the organisation's policy, rule no-writes: writing tools are not for anyone here",
    );
    const allowed = cli(
      'call',
      'fx',
      'echo',
      '--args',
      '{"message":"hi"}',
      '--config',
      config,
      '--data-dir',
      join(dir, 'd1'),
      '--policy',
      good,
    );
    expect(allowed.status).toBe(0);
    expect(allowed.stdout).toContain('hi');
    const asked = cli(
      'call',
      'fx',
      'content_text',
      '--config',
      config,
      '--data-dir',
      join(dir, 'd1'),
      '--policy',
      good,
      '--yes',
    );
    expect(asked.status).toBe(3);
    expect(asked.stderr).toContain('Policy:   rule look (flag policy) asks a person: content is looked at');
    expect(asked.stderr).toContain('--yes does not answer it');
    // The same call without the policy: --yes answers.
    expect(cli('call', 'fx', 'content_text', '--config', config, '--data-dir', join(dir, 'd1'), '--yes').status).toBe(
      0,
    );
  });
});

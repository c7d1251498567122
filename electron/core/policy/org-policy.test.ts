import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PolicyView } from '../../../shared/schemas/policy.js';
import type { AuditFields } from '../audit/index.js';
import { managedPolicyPath, OrgPolicy, readPolicyFile } from './org-policy.js';

const dirs: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'org-policy-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const call = {
  requester: { kind: 'agent' as const, name: 'bot' },
  serverId: 's',
  tool: 'rm',
  trusted: false,
  args: {},
};
const DENY = { rules: [{ id: 'no-rm', effect: 'deny', tool: 'rm', reason: 'no' }] };
const ALLOW = { rules: [{ id: 'yes', effect: 'allow', tool: 'rm', reason: 'yes' }] };

function policy(paths: ConstructorParameters<typeof OrgPolicy>[0]) {
  const audit: AuditFields[] = [];
  const views: PolicyView[] = [];
  const p = new OrgPolicy(paths, { audit: (f) => audit.push(f), changed: (v) => views.push(v), pollMs: 20 });
  return { p, audit, views };
}

/** Waits for a poll of the files to apply what was written. */
const until = (test: () => boolean) => vi.waitUntil(test, { timeout: 5000, interval: 20 });

describe('reading a policy file', () => {
  it('refuses what is not a policy, within the file limits, and says where', () => {
    const d = dir();
    const deep = join(d, 'deep.json');
    writeFileSync(deep, '{"rules":' + '['.repeat(5000) + ']'.repeat(5000) + '}');
    expect(readPolicyFile(deep)).toMatchObject({
      problem: expect.stringMatching(/deep\.json is not a valid policy: .*(deep|nest|levels)/i),
    });
    const pattern = join(d, 'pattern.json');
    writeFileSync(
      pattern,
      JSON.stringify({ rules: [{ effect: 'deny', reason: 'x', when: [{ path: '/a', matches: '(?<=x)' }] }] }),
    );
    expect(readPolicyFile(pattern)).toMatchObject({
      problem: expect.stringContaining('rules.0.when.0.matches: not an RE2 pattern'),
    });
    expect(readPolicyFile(join(d, 'none.json'))).toEqual({ missing: true });
  });

  it('knows each platform’s managed location', () => {
    expect(managedPolicyPath('linux')).toBe('/etc/mcp-console/policy.json');
    expect(managedPolicyPath('darwin')).toBe('/Library/Application Support/MCP Console/policy.json');
    expect(managedPolicyPath('win32', { ProgramData: 'D:\\PD' })).toBe(join('D:\\PD', 'MCP Console', 'policy.json'));
  });
});

describe('the managed file and the named one', () => {
  it('a managed deny wins over the named allow; the managed file deployed later is picked up, and its removal ends its rules', async () => {
    const d = dir();
    const managed = join(d, 'managed.json');
    const named = join(d, 'mine.json');
    writeFileSync(named, JSON.stringify(ALLOW));
    const { p, audit } = policy({ managed, named: { path: named, from: 'flag' } });
    expect(p.load()).toEqual([]); // a managed file not deployed is not a problem
    expect(p.decide(call).verdict?.ref.id).toBe('yes');
    p.watch();
    try {
      writeFileSync(managed, JSON.stringify(DENY));
      await until(() => p.decide(call).verdict?.effect === 'deny');
      expect(p.decide(call).verdict?.ref).toMatchObject({ id: 'managed:no-rm', source: 'managed' });
      expect(audit.at(-1)).toMatchObject({
        kind: 'policy-loaded',
        reason: expect.stringContaining(`managed policy ${managed} changed: 1 rules (was 0)`),
      });
      unlinkSync(managed);
      await until(() => p.decide(call).verdict?.effect === 'allow');
      expect(p.view().sources.find((s) => s.kind === 'managed')).toMatchObject({ rules: [] });
    } finally {
      p.close();
    }
  });

  it('a deployed managed file that does not read refuses every call; a named file that is fine does not lift that', () => {
    const d = dir();
    const managed = join(d, 'managed.json');
    writeFileSync(managed, '{ "rules": [ { "effect": "nope" } ] }');
    const named = join(d, 'mine.json');
    writeFileSync(named, JSON.stringify(ALLOW));
    const { p } = policy({ managed, named: { path: named, from: 'env' } });
    expect(p.load()).toEqual([expect.stringContaining('every call is refused until it can be read')]);
    expect(p.active()).toBe(true);
    expect(p.refusing()).toContain("the organisation's policy could not be read");
    expect(p.view().refusing).toBeDefined();
  });

  it('no file at all: nothing is active and nothing is asked', () => {
    const { p } = policy({ managed: join(dir(), 'absent.json') });
    expect(p.load()).toEqual([]);
    expect(p.active()).toBe(false);
    expect(p.decide(call)).toEqual({ verdict: null, voided: [] });
  });
});

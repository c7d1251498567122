import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GrantView } from '../../../shared/schemas/agent.js';
import { PolicyStore } from './policy-store.js';

const alice = { kind: 'agent', name: 'alice' } as const;
const bob = { kind: 'agent', name: 'bob' } as const;
const grant = { serverId: 's', tool: 't', serverIdentity: 'id', fingerprint: 'f1', grantedBy: 'user' };

describe('PolicyStore', () => {
  it('holds an allow only for the same requester, identity and definition; a changed one is void and reported', () => {
    const p = new PolicyStore(null);
    p.set({ ...grant, requester: alice, scope: 'session' });
    const voided: Array<[GrantView, string]> = [];
    const v = (g: GrantView, why: string) => voided.push([g, why]);
    expect(p.match(alice, 's', 't', 'id', 'f1', v)?.allow).toBe(true);
    expect(p.match(bob, 's', 't', 'id', 'f1', v)).toBeNull();
    expect(p.match({ kind: 'console' }, 's', 't', 'id', 'f1', v)).toBeNull();
    expect(p.match(alice, 's', 'other', 'id', 'f1', v)).toBeNull();
    expect(voided).toEqual([]);
    expect(p.match(alice, 's', 't', 'id', 'f2', v)).toBeNull();
    expect(voided[0]?.[1]).toBe("the tool's definition changed");
    // Void means gone: the old definition does not bring it back.
    expect(p.match(alice, 's', 't', 'id', 'f1', v)).toBeNull();
    p.set({ ...grant, requester: alice, scope: 'session' });
    expect(p.match(alice, 's', 't', 'id2', 'f1', v)).toBeNull();
    expect(voided[1]?.[1]).toBe("the server's identity changed");
  });

  it('counts uses; "never" holds for the name whatever the definition', () => {
    const p = new PolicyStore(null);
    p.set({ ...grant, requester: alice, scope: 'never' });
    expect(p.match(alice, 's', 't', 'other-id', 'f9', () => {})?.allow).toBe(false);
    const [g] = p.list();
    expect(g?.uses).toBe(1);
    expect(g?.lastUsedAt).toBeDefined();
    expect(g?.fingerprint).toBeUndefined();
  });

  it('keeps "always" and "never" across restarts, never "session"; a revoke is kept too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'policies-'));
    const p = new PolicyStore(dir);
    p.set({ ...grant, requester: alice, scope: 'always' });
    p.set({ ...grant, tool: 'u', requester: alice, scope: 'session' });
    const never = p.set({ ...grant, tool: 'w', requester: bob, scope: 'never' });
    const again = new PolicyStore(dir);
    again.load();
    expect(
      again
        .list()
        .map((g) => [g.tool, g.scope])
        .sort(),
    ).toEqual([
      ['t', 'always'],
      ['w', 'never'],
    ]);
    again.revoke(never.id);
    const third = new PolicyStore(dir);
    third.load();
    expect(third.list().map((g) => g.tool)).toEqual(['t']);
  });

  it('an unreadable file honours no grant and says why', () => {
    const dir = mkdtempSync(join(tmpdir(), 'policies-'));
    writeFileSync(join(dir, 'policies.json'), '{"grants": [{"scope": "always"}]}');
    const p = new PolicyStore(dir);
    p.load();
    expect(p.list()).toEqual([]);
    expect(p.problem).toContain('policies.json');
    expect(readFileSync(join(dir, 'policies.json'), 'utf8')).toContain('always');
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { groupsOf, isLoopback, readTeamFile, rolesOf } from './team-file.js';

const dir = mkdtempSync(join(tmpdir(), 'team-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = {
  listen: { host: '127.0.0.1', port: 8443 },
  publicUrl: 'http://127.0.0.1:8443',
  oidc: { issuer: 'https://login.example.org', clientId: 'console' },
  roles: { approver: ['approvers'], auditor: ['auditors'] },
};

function write(value: unknown, name = 'team.json'): string {
  const p = join(dir, name);
  writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
}

describe('the team file', () => {
  it('reads a good file with its defaults, the redirect URI from the public URL, and the secret from its file', () => {
    writeFileSync(join(dir, 'secret'), 's3cret\n');
    const t = readTeamFile(write({ ...base, oidc: { ...base.oidc, clientSecretFile: 'secret' } }));
    expect(t.redirectUri).toBe('http://127.0.0.1:8443/auth/callback');
    expect(t.origin).toBe('http://127.0.0.1:8443');
    expect(t.secure).toBe(false);
    expect(t.clientSecret).toBe('s3cret');
    expect(t.file.oidc.rolesClaim).toBe('groups');
    expect(t.file.sessionHours).toBe(12);
    expect(t.file.roles.member).toEqual([]);
  });

  it.each([
    [{ ...base, listen: { host: '0.0.0.0', port: 8443 } }, /not loopback, and no tls/],
    [{ ...base, oidc: { ...base.oidc, issuer: 'http://login.example.org' } }, /plain HTTP/],
    [{ ...base, publicUrl: 'http://console.example.org' }, /only over HTTPS/],
    [{ ...base, roles: { auditor: ['a'] } }, /at least one role/],
    [{ ...base, rolez: {} }, /rolez/],
    [{ ...base, store: 'mysql://db/console' }, /a postgres:\/\/ URL/],
    [{ ...base, listen: '0.0.0.0:8443', publicUrl: undefined, tls: undefined }, /not loopback/],
    [{ ...base, listen: 'nonsense' }, /listen/],
    [{ ...base, oidc: { ...base.oidc, clientSecret: 'a', clientSecretFile: 'b' } }, /not both/],
    [{ ...base, notify: [{ webhook: 'http://hooks.example.org/x' }] }, /notify\[0\].webhook .* plain HTTP/],
    [{ ...base, webhook: { url: 'https://hooks.example.org/x', secretFile: 's' } }, /webhook/],
    [{ ...base, views: { port: 8444, publicUrl: 'http://127.0.0.1:8443' } }, /an origin of its own/],
    [{ ...base, views: { port: 8444, publicUrl: 'http://views.example.org' } }, /views.publicUrl is plain HTTP/],
    [{ ...base, tls: { cert: 'nope.pem', key: 'nope.key' } }, /TLS certificate.*does not exist/],
    ['{"listen": 1, "listen": 2}', /appears twice/],
    ['not json', /could not be read/],
  ])('refuses a file that would weaken or misconfigure the service (%#)', (value, said) => {
    expect(() => readTeamFile(write(value, 'bad.json'))).toThrow(said);
  });

  it("takes the contract's form: listen as HOST:PORT, no publicUrl, an inline secret, the roles claim, notify, policy, store", () => {
    writeFileSync(join(dir, 'hook-secret'), 'a-secret-of-sixteen-or-more\n');
    const t = readTeamFile(
      write({
        listen: '127.0.0.1:8080',
        oidc: { issuer: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 'inline', rolesClaim: 'roles' },
        roles: { approver: ['a'], admin: ['b'], auditor: ['c'] },
        notify: [
          { webhook: 'https://hooks.example.org/1', secretFile: 'hook-secret' },
          { webhook: 'http://127.0.0.1:7/2' },
        ],
        policy: 'team-policy.json',
        store: 'postgres://console@127.0.0.1:5432/console',
      }),
    );
    expect(t.file.listen).toEqual({ host: '127.0.0.1', port: 8080 });
    expect(t.origin).toBe('http://127.0.0.1:8080');
    expect(t.clientSecret).toBe('inline');
    expect(t.file.oidc.rolesClaim).toBe('roles');
    expect(t.notify).toEqual([
      { url: 'https://hooks.example.org/1', secret: 'a-secret-of-sixteen-or-more' },
      { url: 'http://127.0.0.1:7/2' },
    ]);
    expect(t.policy).toBe(join(dir, 'team-policy.json'));
    expect(t.store).toBe('postgres://console@127.0.0.1:5432/console');
    expect(readTeamFile(write({ ...base, listen: '[::1]:8443', publicUrl: undefined })).origin).toBe(
      'http://[::1]:8443',
    );
  });

  it('refuses a named file that is not a regular file', () => {
    expect(() => readTeamFile(dir)).toThrow(/only a regular file/);
  });

  it('tells loopback from the rest, and gives roles by groups', () => {
    expect(['127.0.0.1', '127.5.0.1', 'localhost', '::1', '[::1]'].every(isLoopback)).toBe(true);
    expect(['0.0.0.0', '10.0.0.1', 'example.org', '::'].some(isLoopback)).toBe(false);
    const t = readTeamFile(write(base));
    expect(rolesOf(t.file, ['auditors', 'approvers', 'x'])).toEqual(['approver', 'auditor']);
    expect(rolesOf(t.file, [])).toEqual([]);
    expect(groupsOf('one')).toEqual(['one']);
    expect(groupsOf(['a', 1, 'b'])).toEqual(['a', 'b']);
    expect(groupsOf({ a: 1 })).toEqual([]);
  });
});

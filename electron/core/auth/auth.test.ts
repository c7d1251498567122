import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { keyFileBox } from './secret-box.js';
import { CredentialStore } from './credential-store.js';
import { ConsoleOAuthProvider, type ProviderTarget } from './oauth-provider.js';
import { AuthorizationRefused, CallbackListener } from './loopback-callback.js';
import { REDACTED, redactBody, redactUrl } from './auth-steps.js';

const dirs: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'auth-test-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('secret box', () => {
  it('seals so that the plain text is nowhere in the bytes, opens only untampered bytes under the same key', () => {
    const d = dir();
    const box = keyFileBox(d);
    const sealed = box.seal(Buffer.from('access-token-ABC123'));
    expect(sealed.includes(Buffer.from('ABC123'))).toBe(false);
    expect(box.open(sealed).toString()).toBe('access-token-ABC123');
    expect(keyFileBox(d).open(sealed).toString()).toBe('access-token-ABC123');
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => box.open(tampered)).toThrow();
    expect(() => keyFileBox(dir()).open(sealed)).toThrow();
    expect(statSync(join(d, 'key')).mode & 0o777).toBe(0o600);
  });

  it('keeps the key wrapped when the shell gives a wrapper (the desktop app: safeStorage)', () => {
    const d = dir();
    const wrapper = {
      name: 'a test keychain',
      wrap: (k: Buffer) => Buffer.from(k.map((b) => b ^ 0x5a)),
      unwrap: (k: Buffer) => Buffer.from(k.map((b) => b ^ 0x5a)),
    };
    const sealed = keyFileBox(d, wrapper).seal(Buffer.from('x'));
    expect(readdirSync(d)).toEqual(['key.wrapped']);
    expect(keyFileBox(d, wrapper).open(sealed).toString()).toBe('x');
    expect(keyFileBox(d, wrapper).storage).toContain('a test keychain');
  });
});

describe('credential store', () => {
  it('writes no token or secret in plain text, and reads what another process wrote', () => {
    const d = dir();
    const a = new CredentialStore(d, keyFileBox(d));
    a.update('id1', 'srv', 'https://x/mcp', (c) => {
      c.current = 'https://as';
      c.issuers['https://as'] = {
        tokens: { access_token: 'AT-secret-1', refresh_token: 'RT-secret-1', token_type: 'Bearer' },
        client: { client_id: 'c', client_secret: 'CS-secret-1' },
      };
    });
    const raw = readFileSync(join(d, 'credentials.bin'), 'latin1');
    for (const s of ['AT-secret-1', 'RT-secret-1', 'CS-secret-1']) expect(raw).not.toContain(s);
    const b = new CredentialStore(d, keyFileBox(d));
    expect(b.get('id1')?.issuers['https://as']?.tokens?.access_token).toBe('AT-secret-1');
    b.delete('id1');
    expect(a.get('id1')).toBeUndefined();
  });

  it("on the path of every request, sees its own sign-in at once and another process's within a second, without a look at the file each time", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const d = dir();
      const app = new CredentialStore(d, keyFileBox(d));
      const cli = new CredentialStore(d, keyFileBox(d));
      const signIn = (s: CredentialStore, token: string) =>
        s.update('id1', 'srv', 'https://x/mcp', (c) => {
          c.current = 'https://as';
          c.issuers['https://as'] = { tokens: { access_token: token, token_type: 'Bearer' } };
        });
      expect(app.recent('id1')).toBeUndefined();
      signIn(app, 'AT-app');
      expect(app.recent('id1')?.issuers['https://as']?.tokens?.access_token).toBe('AT-app');
      signIn(cli, 'AT-cli');
      // Within the second the file is not looked at again...
      expect(app.recent('id1')?.issuers['https://as']?.tokens?.access_token).toBe('AT-app');
      vi.advanceTimersByTime(1100);
      expect(app.recent('id1')?.issuers['https://as']?.tokens?.access_token).toBe('AT-cli');
      cli.delete('id1');
      vi.advanceTimersByTime(1100);
      expect(app.recent('id1')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("the token a request presents is read from the store's recent view only, for a server with credentials and one without", () => {
    const d = dir();
    const store = new CredentialStore(d, keyFileBox(d));
    const target = { serverId: 'srv', identity: 'id1', url: 'https://x/mcp', oauth: {}, env: {} } as ProviderTarget;
    const provider = new ConsoleOAuthProvider(target, store);
    const get = vi.spyOn(store, 'get');
    // Nothing stored: nothing presented, and the file is not read on each request.
    for (let i = 0; i < 5; i++) expect(provider.presented()).toBeUndefined();
    expect(get).not.toHaveBeenCalled();
    store.update('id1', 'srv', 'https://x/mcp', (c) => {
      c.current = 'https://as';
      c.issuers['https://as'] = { tokens: { access_token: 'AT-1', token_type: 'Bearer' } };
    });
    for (let i = 0; i < 5; i++) expect(provider.presented()).toBe('AT-1');
    expect(get).not.toHaveBeenCalled();
  });

  it('sets an unreadable file aside, says so, and starts over', () => {
    const d = dir();
    writeFileSync(join(d, 'credentials.bin'), 'not sealed');
    const s = new CredentialStore(d, keyFileBox(d));
    expect(s.get('x')).toBeUndefined();
    expect(s.problem).toMatch(/could not be read.*set aside/);
    expect(readdirSync(d).some((f) => f.startsWith('credentials.bin.unreadable-'))).toBe(true);
  });
});

describe('loopback callback', () => {
  const get = (url: string) => fetch(url);
  /** fetch cannot send another Host header; a page reached through DNS rebinding would. */
  const statusWithHost = (url: string, host: string) =>
    new Promise<number>((resolve, reject) =>
      request(url, { headers: { host } }, (res) => (res.resume(), resolve(res.statusCode ?? 0)))
        .on('error', reject)
        .end(),
    );

  it('takes exactly one callback with the expected state; another state is refused and the wait goes on', async () => {
    const l = await CallbackListener.open();
    const wait = l.wait('good-state', 5000);
    const wrong = await get(`${l.redirectUrl}?code=evil&state=other`);
    expect(wrong.status).toBe(400);
    const ok = await get(`${l.redirectUrl}?code=the-code&state=good-state&iss=https%3A%2F%2Fas`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-security-policy')).toContain("default-src 'none'");
    await expect(wait).resolves.toEqual({ code: 'the-code', iss: 'https://as' });
    await expect(get(`${l.redirectUrl}?code=again&state=good-state`)).rejects.toThrow();
  });

  it('answers only its own host and path; a refusal rejects with the OAuth error', async () => {
    const l = await CallbackListener.open();
    const wait = l.wait('s', 5000).catch((e: unknown) => e);
    expect(await statusWithHost(`${l.redirectUrl}?code=c&state=s`, 'evil.example:80')).toBe(404);
    expect((await get(l.redirectUrl.replace('/callback', '/other'))).status).toBe(404);
    await get(`${l.redirectUrl}?error=access_denied&error_description=no&state=s`);
    expect(await wait).toBeInstanceOf(AuthorizationRefused);
  });

  it('gives up after its timeout, or when the person cancels', async () => {
    const l = await CallbackListener.open();
    await expect(l.wait('s', 50)).rejects.toThrow(/no answer from the browser/);
    const l2 = await CallbackListener.open();
    const ac = new AbortController();
    const w = l2.wait('s', 5000, ac.signal);
    ac.abort(new Error('the person cancelled the sign-in'));
    await expect(w).rejects.toThrow(/cancelled/);
  });
});

describe('redaction', () => {
  it('replaces every secret field in JSON, form bodies and URLs, keeping the rest', () => {
    const json = redactBody(
      '{"access_token":"AT","refresh_token":"RT","token_type":"Bearer","nested":{"client_secret":"CS"}}',
      'application/json',
    );
    expect(json).not.toMatch(/"AT"|"RT"|"CS"/);
    expect(json).toContain('"token_type":"Bearer"');
    expect(json).toContain(REDACTED);
    const form = redactBody('grant_type=authorization_code&code=CODE1&code_verifier=VER1&client_id=abc');
    expect(form).not.toMatch(/CODE1|VER1/);
    expect(form).toContain('client_id=abc');
    const url = redactUrl('http://127.0.0.1:1/callback?code=CODE2&state=s');
    expect(url).not.toContain('CODE2');
    expect(url).toContain('state=s');
  });
});

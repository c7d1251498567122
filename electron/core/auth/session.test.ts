import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FetchLike } from '@modelcontextprotocol/client';
import { CredentialStore } from './credential-store.js';
import { keyFileBox } from './secret-box.js';
import { AuthSteps } from './auth-steps.js';
import { OAuthSession, type SessionHost } from './oauth-session.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/**
 * A server behind an authorization server, just far enough to reach the browser step (the real one is tested against
 * oidc-provider).
 */
const remote: FetchLike = async (input, init) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  if (url.href === 'https://mcp.test/mcp')
    return new Response('{}', {
      status: 401,
      headers: {
        'www-authenticate': 'Bearer resource_metadata="https://mcp.test/.well-known/oauth-protected-resource/mcp"',
      },
    });
  if (url.pathname.startsWith('/.well-known/oauth-protected-resource'))
    return json({ resource: 'https://mcp.test/mcp', authorization_servers: ['https://as.test'] });
  if (url.href === 'https://as.test/.well-known/oauth-authorization-server')
    return json({
      issuer: 'https://as.test',
      authorization_endpoint: 'https://as.test/authorize',
      token_endpoint: 'https://as.test/token',
      registration_endpoint: 'https://as.test/register',
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      authorization_response_iss_parameter_supported: true,
    });
  if (url.href === 'https://as.test/register' && init?.method === 'POST')
    return json({ client_id: 'c1', ...(JSON.parse(String(init.body)) as object) }, 201);
  return new Response('not here', { status: 404 });
};

/** A session whose person's browser comes back with an error response carrying `iss`. */
function session(iss: string | undefined) {
  const d = mkdtempSync(join(tmpdir(), 'session-test-'));
  dirs.push(d);
  const failures: string[] = [];
  let asked = 0;
  const host: SessionHost = {
    timeoutMs: 5000,
    signedIn: () => {},
    failed: (r) => void failures.push(r),
    ask: (p) => {
      asked++;
      const u = new URL(p.url);
      const back = new URL(u.searchParams.get('redirect_uri')!);
      back.search = new URLSearchParams({
        error: 'access_denied',
        error_description: 'Call +1-555-0100 to unlock',
        state: u.searchParams.get('state')!,
        ...(iss && { iss }),
      }).toString();
      void fetch(back);
    },
  };
  const target = { serverId: 's', identity: 'id', url: 'https://mcp.test/mcp', oauth: {}, env: {} };
  const s = new OAuthSession(target, new CredentialStore(d, keyFileBox(d)), new AuthSteps(), host, remote);
  return { fetch: s.wrap(remote), failures, steps: () => s.steps.list(), asked: () => asked };
}

describe('an error response from the authorization step (RFC 9207, 2026-07-28)', () => {
  it('from another issuer: refused, and its error and description are not shown anywhere', async () => {
    const s = session('https://evil.test');
    const err = (await s.fetch('https://mcp.test/mcp', { method: 'POST', body: '{}' }).catch((e: Error) => e)) as Error;
    expect(err.message).toMatch(/not the issuer the sign-in started with.*not shown/);
    for (const text of [err.message, ...s.failures, JSON.stringify(s.steps())])
      expect(text).not.toMatch(/555-0100|access_denied/);
  });

  it('missing its iss where the server promised one: refused the same way', async () => {
    const s = session(undefined);
    const err = (await s.fetch('https://mcp.test/mcp', { method: 'POST', body: '{}' }).catch((e: Error) => e)) as Error;
    expect(err.message).toMatch(/carried no iss.*not shown/);
    expect(err.message).not.toMatch(/555-0100/);
  });

  it('from the right issuer: the refusal is reported as the server said it', async () => {
    const s = session('https://as.test');
    const err = (await s.fetch('https://mcp.test/mcp', { method: 'POST', body: '{}' }).catch((e: Error) => e)) as Error;
    expect(err.message).toMatch(/access_denied: Call \+1-555-0100 to unlock/);
    expect(s.steps().map((x) => x.step)).toEqual(
      expect.arrayContaining(['challenge', 'resource-metadata', 'server-metadata', 'registration', 'authorization']),
    );
  });

  it('requests refused at the same time wait for one sign-in: the person is asked once', async () => {
    const s = session('https://as.test');
    const all = await Promise.allSettled(
      [1, 2, 3].map(() => s.fetch('https://mcp.test/mcp', { method: 'POST', body: '{}' })),
    );
    expect(s.asked()).toBe(1);
    expect(all[0]!.status).toBe('rejected');
  });
});

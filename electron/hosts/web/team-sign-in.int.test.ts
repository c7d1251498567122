import { createServer, type Server } from 'node:http';
import { generateKeyPair, exportJWK, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, makeCore } from '../../../e2e/harness/harness.js';
import { writeTeamFile } from '../../../e2e/harness/team.js';
import { TeamBrowser } from '../../../e2e/harness/team-browser.js';
import { readTeamFile } from '../../core/index.js';
import { TeamSignIn } from './team-sign-in.js';
import { startTeamServer, type TeamServer } from './team-server.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Mode = 'good' | 'other-issuer' | 'other-audience' | 'expired' | 'other-key' | 'other-nonce';

/**
 * A provider that answers as told: its authorization endpoint sends the browser straight back with a code, and its
 * token endpoint answers with an ID token made wrong in one way (or right). Only a provider made to misbehave can show
 * that the service refuses what a real one never sends.
 */
async function misbehavingProvider(clientId: string) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const good = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(good.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let mode: Mode = 'good';
  let nonce = '';
  const sign = (key: CryptoKey, claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(key);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
    if (url.pathname === '/.well-known/openid-configuration')
      return json({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/auth') {
      nonce = url.searchParams.get('nonce') ?? '';
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', 'the-code');
      back.searchParams.set('state', url.searchParams.get('state')!);
      return void res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === '/token') {
      req.resume();
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: mode === 'other-issuer' ? 'http://127.0.0.1:1/elsewhere' : issuer,
        aud: mode === 'other-audience' ? 'another-client' : clientId,
        sub: 'mallory',
        name: 'Mallory',
        groups: ['admins'],
        nonce: mode === 'other-nonce' ? 'not-the-nonce' : nonce,
        iat: mode === 'expired' ? now - 7200 : now,
        exp: mode === 'expired' ? now - 3600 : now + 300,
      };
      void sign(mode === 'other-key' ? other.privateKey : good.privateKey, claims).then((id_token) =>
        json({ access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token }),
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  return {
    issuer,
    clientId,
    clientSecret: 'a-secret',
    set mode(m: Mode) {
      mode = m;
    },
    close: () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))),
  };
}

describe("the team service's sign-in refuses an ID token that fails a check", () => {
  const h = makeCore();
  let idp: Awaited<ReturnType<typeof misbehavingProvider>>;
  let server: TeamServer;
  beforeAll(async () => {
    idp = await misbehavingProvider('mcp-console');
    const port = await freePort();
    const dir = join(h.dataDir, 'team');
    const service = readTeamFile(writeTeamFile(dir, idp, port));
    mkdirSync(join(dir, 'page'));
    writeFileSync(join(dir, 'page', 'index.html'), '<html><head></head></html>');
    server = await startTeamServer(h.core, service, await TeamSignIn.start(service), {
      staticDir: join(dir, 'page'),
      log: () => {},
    });
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
    await h.dispose();
  });

  const signIn = async (mode: Mode) => {
    idp.mode = mode;
    const browser = new TeamBrowser();
    const page = await browser.follow(new URL('/auth/login', server.url).href);
    return { page, index: await browser.fetch(server.url) };
  };

  it('signs in with a token that passes every check (the provider itself works)', async () => {
    const { page, index } = await signIn('good');
    expect(page.res.status, page.text).toBe(200);
    expect(index.status).toBe(200);
  });

  for (const [mode, said] of [
    ['other-issuer', /iss/],
    ['other-audience', /aud/],
    ['expired', /exp|timestamp/],
    ['other-key', /signature|JWS|verif/i],
    ['other-nonce', /nonce/],
  ] as const)
    it(`refuses a token ${mode.replace('-', ' ')}: no session, and the audit log says why`, async () => {
      const before = h.core.queryAudit({ limit: 1000 }).filter((e) => e.kind === 'team-sign-in-refused').length;
      const { page, index } = await signIn(mode);
      expect(page.res.status).toBe(403);
      expect(page.text).toContain('Sign-in refused');
      expect(index.status).toBe(302);
      const refused = h.core.queryAudit({ limit: 1000 }).filter((e) => e.kind === 'team-sign-in-refused');
      expect(refused.length).toBe(before + 1);
      expect(refused.at(-1)!.reason).toMatch(said);
    });
});

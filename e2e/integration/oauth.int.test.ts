import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { AuthPrompt } from '../../shared/schemas/auth.js';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { signInAsPerson } from '../fixtures/oauth-person.js';
import { CredentialStore } from '../../electron/core/auth/credential-store.js';
import { keyFileBox } from '../../electron/core/auth/secret-box.js';
import { serverIdentity } from '../../electron/core/config/server-identity.js';
import { scriptedConsent, tempDir } from '../harness/harness.js';
import { partsOf, TestCore } from '../../electron/core/testing.js';

const OAUTH_FIXTURE = resolve('out/node/e2e/fixtures/oauth-server.js');
/** Access tokens live this long here, so that a test sees one expire and the console refresh it. */
const ACCESS_TTL_S = 4;
let child: ChildProcess;
let mcp = '';
let issuer = '';
let statsUrl = '';

beforeAll(async () => {
  // A real authorization server (oidc-provider) in front of an MCP server that checks every token.
  child = spawn(process.execPath, [OAUTH_FIXTURE, '--access-ttl', String(ACCESS_TTL_S)], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const line = await new Promise<string>((r) => createInterface({ input: child.stdout! }).once('line', r));
  ({ mcp, issuer, stats: statsUrl } = JSON.parse(line) as { mcp: string; issuer: string; stats: string });
});
afterAll(() => void child?.kill());

type Person = (p: AuthPrompt) => void | Promise<void>;

/** A core whose sign-ins are answered by `person` (who sees the prompt, then uses the browser or not). */
function makeCore(dataDir: string, person: Person) {
  const prompts: AuthPrompt[] = [];
  const core = new TestCore({
    dataDir,
    auditFsync: false,
    consent: scriptedConsent(),
    auth: { prompter: (p) => (prompts.push(p), void Promise.resolve(person(p)).catch(() => {})), timeoutMs: 20_000 },
  });
  core.start();
  core.addServer('guarded', { type: 'http', url: mcp, headers: {} }, {}, false);
  return { core, prompts };
}

const browser: Person = (p) => void signInAsPerson(p.url, 'alice');

/** Every file under a directory, with its bytes as text. */
function files(dir: string): Array<[string, string]> {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
    .map((f) => [f, readFileSync(f, 'latin1')]);
}

async function introspect(token: string): Promise<boolean> {
  const res = await fetch(`${issuer}/token/introspection`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${Buffer.from('mcp-resource-server:resource-server-secret-for-introspection-only').toString('base64')}`,
    },
    body: new URLSearchParams({ token }).toString(),
  });
  return ((await res.json()) as { active: boolean }).active;
}

/** What the console's sealed store holds for the server (read through its own API: no plain file has it). */
function stored(dataDir: string) {
  const store = new CredentialStore(join(dataDir, 'auth'), keyFileBox(join(dataDir, 'auth')));
  const e = store.get(serverIdentity({ type: 'http', url: mcp, headers: {} }))!;
  return e.issuers[e.current!]!;
}

async function storedTokens(dataDir: string): Promise<{ access_token: string; refresh_token?: string }> {
  return stored(dataDir).tokens!;
}

describe('OAuth against a real authorization server (oidc-provider)', () => {
  const dataDir = tempDir();
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('signs in with dynamic registration, PKCE and the resource indicator, and calls as the person', async () => {
    const { core, prompts } = makeCore(dataDir, browser);
    try {
      const v = await core.connect('guarded');
      expect(v.status, v.error).toBe('connected');
      expect(prompts).toHaveLength(1);
      const url = new URL(prompts[0]!.url);
      expect(url.origin).toBe(issuer);
      expect(url.searchParams.get('code_challenge_method')).toBe('S256');
      expect(url.searchParams.get('resource')).toBe(mcp);
      expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      const call = core.requestCall('guarded', 'whoami', {}, CONSOLE_USER);
      const a0 = core.approval(core.getCall(call.id).approvalId!)!;
      core.decide({ approvalId: a0.id, decision: 'approve', argsHash: a0.argsHash, scope: 'once' }, 'user');
      const done = await core.waitCall(call.id);
      expect(JSON.stringify(done.result)).toContain('signed in as alice');
      const a = partsOf(core).auth.view('guarded');
      expect(a).toMatchObject({ mode: 'oauth', signedIn: true, issuer, refreshable: true, client: { how: 'dynamic' } });
      const kinds = a.steps.map((s) => s.step);
      for (const k of ['challenge', 'resource-metadata', 'server-metadata', 'registration', 'authorization', 'token'])
        expect(kinds).toContain(k);
      expect((await partsOf(core).connections.doctor('guarded')).auth).toBe(
        `OAuth: signed in at ${issuer}; the token is sent`,
      );
      const audit = core.queryAudit({ kind: 'auth-signed-in', limit: 10 });
      expect(audit[0]?.detail).toMatchObject({ issuer, client: 'dynamic', via: 'browser' });
    } finally {
      await core.close();
    }
  });

  it('keeps no token where a person or a report could read it: data directory files, audit log, trace export, debugger steps, views', async () => {
    const { access_token, refresh_token } = await storedTokens(dataDir);
    expect(await introspect(access_token)).toBe(true);
    const secrets = [access_token, refresh_token!].filter(Boolean);
    for (const [file, text] of files(dataDir))
      for (const s of secrets) expect(text.includes(s), `${file} holds a token`).toBe(false);
    const { core } = makeCore(dataDir, () => {});
    try {
      await core.connect('guarded');
      // A static Authorization header is a token too: front ends see it masked.
      core.addServer(
        'static',
        { type: 'http', url: mcp, headers: { Authorization: 'Bearer static-secret-123' } },
        {},
        false,
      );
      expect(JSON.stringify(core.listServers())).not.toContain('static-secret-123');
      const exported = JSON.stringify(partsOf(core).trace.list('guarded', {}));
      expect(exported).toContain('tools/list');
      const seen = [
        exported,
        JSON.stringify(partsOf(core).auth.view('guarded')),
        JSON.stringify(core.queryAudit({ limit: 1000 })),
        JSON.stringify(core.listServers()),
      ];
      for (const text of seen) for (const s of secrets) expect(text.includes(s)).toBe(false);
    } finally {
      await core.close();
    }
  });

  it('reuses the stored sign-in in a new process, and refreshes an expired access token without asking', async () => {
    const { access_token } = await storedTokens(dataDir);
    await new Promise((r) => setTimeout(r, ACCESS_TTL_S * 1000 + 500));
    expect(await introspect(access_token)).toBe(false);
    const { core, prompts } = makeCore(dataDir, browser);
    try {
      const v = await core.connect('guarded');
      expect(v.status, v.error).toBe('connected');
      expect(prompts).toHaveLength(0);
      const steps = partsOf(core).auth.view('guarded').steps;
      expect(steps.find((s) => s.step === 'refresh')).toMatchObject({ ok: true, status: 200 });
      expect(steps.map((s) => s.step)).not.toContain('authorization');
      expect((await storedTokens(dataDir)).access_token).not.toBe(access_token);
      expect(core.queryAudit({ kind: 'auth-signed-in', limit: 1 })[0]?.detail).toMatchObject({ via: 'refresh' });
    } finally {
      await core.close();
    }
  });

  it('signs out: revokes at the authorization server and deletes the credentials', async () => {
    const { refresh_token } = await storedTokens(dataDir);
    const { core } = makeCore(dataDir, browser);
    try {
      const a = await partsOf(core).auth.signOut('guarded');
      expect(a.signedIn).toBe(false);
      expect(a.steps.map((s) => s.step)).toContain('revocation');
      expect(await introspect(refresh_token!)).toBe(false);
      expect(core.queryAudit({ kind: 'auth-signed-out', limit: 1 })[0]?.outcome).toBe(
        'revoked at the authorization server',
      );
    } finally {
      await core.close();
    }
  });

  it('a person who refuses consent, or cancels, ends the connection attempt with the reason, recorded', async () => {
    const dir = tempDir();
    const refuse = makeCore(dir, (p) => void signInAsPerson(p.url, 'bob', { decline: true }));
    try {
      const v = await refuse.core.connect('guarded');
      expect(v.status).toBe('error');
      expect(v.error).toMatch(/sign-in failed: .*access_denied/);
      expect(refuse.core.queryAudit({ kind: 'auth-failed', limit: 1 })[0]?.reason).toMatch(/access_denied/);
    } finally {
      await refuse.core.close();
    }
    const cancel = makeCore(dir, () => {});
    try {
      const pending = cancel.core.connect('guarded');
      await expect.poll(() => partsOf(cancel.core).auth.prompts().length).toBe(1);
      partsOf(cancel.core).auth.cancel(partsOf(cancel.core).auth.prompts()[0]!.id);
      const v = await pending;
      expect(v.error).toMatch(/cancelled/);
      expect(partsOf(cancel.core).auth.prompts()).toHaveLength(0);
    } finally {
      await cancel.core.close();
      rmSync(dir, { recursive: true, force: true });
    }
    const stats = (await (await fetch(statsUrl)).json()) as { refused: number };
    expect(stats.refused).toBeGreaterThan(0);
  });
});

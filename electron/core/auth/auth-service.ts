import { join } from 'node:path';
import type { FetchLike } from '@modelcontextprotocol/client';
import type { AuthPrompt, AuthView } from '../../../shared/schemas/auth.js';
import type { ServerConfig } from '../../../shared/schemas/server.js';
import type { AuditTrail } from '../audit/index.js';
import { CoreError, loadSdk, type EventBus } from '../support/index.js';
import { AuthSteps, explain } from './auth-steps.js';
import { CredentialStore } from './credential-store.js';
import { OAuthSession } from './oauth-session.js';
import { keyFileBox, type SecretBox } from './secret-box.js';

const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export interface AuthServiceDeps {
  /** The data directory (credentials go to `<dataDir>/auth/`). */
  dataDir: string;
  /** Seals the credentials; default: AES-256-GCM with a user-only key file (the desktop app passes safeStorage). */
  box?: SecretBox;
  trail: AuditTrail;
  bus: EventBus;
  env?: NodeJS.ProcessEnv;
  /** A server's identity and config, if it exists. */
  server(id: string): { identity: string; config: ServerConfig } | undefined;
  /** A surface of its own for the sign-in URL (the terminal); without one, front ends get `auth.prompt`. */
  prompter?: (p: AuthPrompt, cancel: AbortController) => void;
  timeoutMs?: number;
  fetch?: FetchLike;
}

/**
 * Every remote server's OAuth: one session per server (recreated when its identity or OAuth
 * settings change), the sign-ins waiting for a person, sign-out with revocation, and the auth
 * debugger's view. Never hands out a token or a secret.
 */
export class AuthService {
  private readonly store: CredentialStore;
  private readonly sessions = new Map<string, { key: string; session: OAuthSession }>();
  private readonly waiting = new Map<string, { prompt: AuthPrompt; cancel: AbortController }>();
  private readonly steps = new Map<string, AuthSteps>();

  constructor(private readonly deps: AuthServiceDeps) {
    const dir = join(deps.dataDir, 'auth');
    this.store = new CredentialStore(dir, deps.box ?? keyFileBox(dir));
  }

  get problem(): string | undefined {
    this.store.load();
    return this.store.problem;
  }

  private stepsOf(id: string): AuthSteps {
    let s = this.steps.get(id);
    if (!s) {
      s = new AuthSteps(() => this.announce(id));
      this.steps.set(id, s);
    }
    return s;
  }

  /** The OAuth session of a remote server, unless it sends its own Authorization header. */
  session(id: string): OAuthSession | undefined {
    const s = this.deps.server(id);
    if (!s || s.config.type === 'stdio') return undefined;
    if (Object.keys(s.config.headers).some((h) => h.toLowerCase() === 'authorization')) return undefined;
    const oauth = s.config.oauth ?? {};
    const key = JSON.stringify([s.identity, s.config.url, oauth]);
    const have = this.sessions.get(id);
    if (have?.key === key) return have.session;
    const target = { serverId: id, identity: s.identity, url: s.config.url, oauth, env: this.deps.env ?? process.env };
    const session = new OAuthSession(
      target,
      this.store,
      this.stepsOf(id),
      {
        timeoutMs: this.deps.timeoutMs ?? SIGN_IN_TIMEOUT_MS,
        ask: (prompt, cancel, done) => this.ask(prompt, cancel, done),
        signedIn: (issuer, scope, how, via) => {
          this.deps.trail.record({
            kind: 'auth-signed-in',
            serverId: id,
            serverIdentity: s.identity,
            detail: { issuer, scope, client: how, via },
          });
          this.announce(id);
        },
        failed: (reason) => {
          this.deps.trail.record({ kind: 'auth-failed', serverId: id, serverIdentity: s.identity, reason });
          this.announce(id);
        },
      },
      this.deps.fetch,
    );
    this.sessions.set(id, { key, session });
    return session;
  }

  private ask(prompt: AuthPrompt, cancel: AbortController, done: Promise<unknown>): void {
    this.waiting.set(prompt.id, { prompt, cancel });
    const close = () => {
      this.waiting.delete(prompt.id);
      this.deps.bus.emit('auth.promptClosed', { id: prompt.id, serverId: prompt.serverId });
      this.announce(prompt.serverId);
    };
    done.then(close, close);
    if (this.deps.prompter) this.deps.prompter(prompt, cancel);
    else this.deps.bus.emit('auth.prompt', prompt);
    this.announce(prompt.serverId);
  }

  /** The sign-ins waiting for a person. */
  prompts(): AuthPrompt[] {
    return [...this.waiting.values()].map((w) => w.prompt);
  }

  /** A person gave up on a sign-in: the connection attempt ends with that reason. */
  cancel(promptId: string): void {
    const w = this.waiting.get(promptId);
    if (!w) throw new CoreError('not-found', 'no sign-in waits with this id (it finished or expired)');
    w.cancel.abort(new Error('the person cancelled the sign-in'));
  }

  view(id: string): AuthView {
    const s = this.deps.server(id);
    if (!s) throw new CoreError('not-found', `unknown server ${JSON.stringify(id)}`);
    const session = this.session(id);
    const steps = this.stepsOf(id).list();
    const storage = this.store.storage;
    if (!session) {
      const mode = s.config.type === 'stdio' ? 'none' : 'static-header';
      return {
        serverId: id,
        mode,
        signedIn: false,
        refreshable: false,
        client: { how: 'none' },
        storage,
        pending: false,
        steps,
      };
    }
    const e = this.store.get(s.identity);
    const cur = e?.current ? e.issuers[e.current] : undefined;
    const t = cur?.tokens;
    const expiresAt =
      t?.expires_in !== undefined && cur?.savedAt
        ? new Date(Date.parse(cur.savedAt) + t.expires_in * 1000).toISOString()
        : undefined;
    const how = session.provider.how();
    return {
      serverId: id,
      mode: session.target.oauth.grant === 'client_credentials' ? 'client-credentials' : 'oauth',
      signedIn: !!t?.access_token,
      issuer: e?.current,
      scope: t?.scope ?? cur?.requested,
      expiresAt,
      refreshable: !!t?.refresh_token,
      client: {
        how: t || cur?.client || how === 'pre-registered' ? how : 'none',
        clientId: session.provider.clientInformation()?.client_id,
      },
      storage,
      error: session.lastError,
      pending: session.busy,
      steps,
    };
  }

  private announce(id: string): void {
    if (!this.deps.server(id)) return;
    try {
      this.deps.bus.emit('auth.updated', this.view(id));
    } catch {
      /* the server went away meanwhile */
    }
  }

  /** Forgets the tokens (keeps the registered client), so the next connection signs in again. */
  dropTokens(id: string): void {
    this.session(id)?.provider.invalidateCredentials('tokens');
  }

  /**
   * Signs out: asks the authorization server to revoke the tokens (RFC 7009) where it offers
   * revocation, then deletes everything kept for the server. Recorded, with whether it was revoked.
   */
  async signOut(id: string): Promise<AuthView> {
    const s = this.deps.server(id);
    const session = this.session(id);
    if (!s || !session) return this.view(id);
    const e = this.store.get(s.identity);
    const issuer = e?.current;
    const cur = issuer ? e?.issuers[issuer] : undefined;
    let revoked = 'nothing to revoke';
    if (issuer && cur?.tokens) {
      const steps = this.stepsOf(id);
      try {
        const f = steps.fetch(this.deps.fetch ?? fetch);
        const meta =
          session.provider.discoveryState()?.authorizationServerMetadata ??
          (await (await loadSdk()).discoverAuthorizationServerMetadata(issuer, { fetchFn: f }));
        const endpoint = (meta as { revocation_endpoint?: string } | undefined)?.revocation_endpoint;
        if (!endpoint)
          revoked = 'the authorization server offers no revocation endpoint; the tokens were deleted here only';
        else {
          const client = session.provider.clientInformation({ issuer }) ?? cur.client;
          for (const [token, hint] of [
            [cur.tokens.refresh_token, 'refresh_token'],
            [cur.tokens.access_token, 'access_token'],
          ] as const) {
            if (!token) continue;
            const body = new URLSearchParams({ token, token_type_hint: hint });
            const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
            if (client?.client_secret)
              headers.Authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64')}`;
            else if (client?.client_id) body.set('client_id', client.client_id);
            const res = await f(endpoint, { method: 'POST', headers, body: body.toString() });
            if (!res.ok) throw new Error(`the revocation endpoint answered ${res.status}`);
          }
          revoked = 'revoked at the authorization server';
        }
      } catch (err) {
        revoked = `revocation failed (${explain(err)}); the tokens were deleted here anyway`;
      }
    }
    this.store.delete(s.identity);
    session.provider.invalidateCredentials('all');
    this.deps.trail.record({
      kind: 'auth-signed-out',
      serverId: id,
      serverIdentity: s.identity,
      outcome: revoked,
      detail: { issuer },
    });
    this.stepsOf(id).add({
      step: 'sign-out',
      ok: !revoked.startsWith('revocation failed'),
      summary: `signed out: ${revoked}`,
    });
    return this.view(id);
  }

  /** A server was removed: its session and debugger steps go (its stored credentials stay until signed out). */
  forget(id: string): void {
    this.sessions.delete(id);
    this.steps.delete(id);
  }
}

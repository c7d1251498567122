import { randomUUID } from 'node:crypto';
import type { FetchLike } from '@modelcontextprotocol/client';
import { loadSdk, sdk } from '../support/index.js';
import type { AuthPrompt } from '../../../shared/schemas/auth.js';
import type { CredentialStore } from './credential-store.js';
import { ConsoleOAuthProvider, type ProviderTarget } from './oauth-provider.js';
import { AuthorizationRefused, CallbackListener } from './loopback-callback.js';
import { explain, redactUrl, type AuthSteps } from './auth-steps.js';

/** At most this many authorizations per connection in AUTH_WINDOW_MS (the spec asks for a retry limit). */
const MAX_AUTHORIZATIONS = 3;
const AUTH_WINDOW_MS = 10 * 60_000;

/** A sign-in failed: the message says which requirement was not met, and by whom. */
export class AuthFailed extends Error {
  readonly code = 'auth-failed';
}

/** What a session needs from the console: a person to show the sign-in URL to, and where outcomes are recorded. */
export interface SessionHost {
  /**
   * Shows the authorization URL to a person (the page's dialog, the terminal). `cancel` ends the
   * wait; `done` settles when the sign-in ends either way (a dialog closes then).
   */
  ask(prompt: AuthPrompt, cancel: AbortController, done: Promise<unknown>): void;
  /** `via`: the person in the browser, a refresh token, or the client's own credentials. */
  signedIn(
    issuer: string | undefined,
    scope: string | undefined,
    how: string,
    via: 'browser' | 'refresh' | 'client-credentials',
  ): void;
  failed(reason: string): void;
  /** How long the console waits for the browser to come back. */
  timeoutMs: number;
}

type Challenge = 'unauthorized' | 'insufficient_scope';

function challengeOf(res: Response): Challenge | undefined {
  if (res.status === 401) return 'unauthorized';
  if (res.status === 403 && /error\s*=\s*"?insufficient_scope/i.test(res.headers.get('www-authenticate') ?? ''))
    return 'insufficient_scope';
  return undefined;
}

/** Only https:, or http: on a loopback host, is ever shown as a sign-in address. */
function openable(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/**
 * One remote server's OAuth: a fetch middleware for its transport that presents the token, and on
 * a 401 (or a 403 insufficient_scope) runs the MCP authorization flow through the SDK's `auth()`:
 * discovery, client identification, PKCE, the browser step through a loopback redirect, the token,
 * refresh, and step-up with the union of scopes. Every step goes to the auth debugger.
 */
export class OAuthSession {
  readonly provider: ConsoleOAuthProvider;
  private running?: Promise<void>;
  private attempts: number[] = [];
  /** A person is signing in: the connect timeout waits. */
  busy = false;
  lastError?: string;

  constructor(
    readonly target: ProviderTarget,
    private readonly store: CredentialStore,
    readonly steps: AuthSteps,
    private readonly host: SessionHost,
    private readonly fetchImpl: FetchLike = fetch,
  ) {
    this.provider = new ConsoleOAuthProvider(target, store);
  }

  /** Signed in or not, and where (never a token). */
  facts(): { signedIn: boolean; issuer?: string; error?: string } {
    const t = this.provider.tokens();
    return { signedIn: !!t?.access_token, issuer: t?.issuer, error: this.lastError };
  }

  /** A new connection: the retry limit starts over. */
  reset(): void {
    this.attempts = [];
    this.lastError = undefined;
  }

  /** The transport's fetch: presents the token, and authorizes when the server asks. */
  wrap(next: FetchLike): FetchLike {
    return async (input, init) => {
      const send = () => {
        const token = this.provider.presented();
        if (!token) return next(input, init);
        const headers = new Headers(init?.headers);
        headers.set('Authorization', `Bearer ${token}`);
        return next(input, { ...init, headers });
      };
      let res = await send();
      const kind = challengeOf(res);
      if (!kind) return res;
      if (this.running) {
        await this.running.catch(() => {});
        return send();
      }
      const now = Date.now();
      this.attempts = this.attempts.filter((t) => now - t < AUTH_WINDOW_MS);
      if (this.attempts.length >= MAX_AUTHORIZATIONS) {
        this.steps.add({
          step: 'challenge',
          ok: false,
          status: res.status,
          summary: `${res.status} again: no more authorization attempts`,
          problem: `the server still refuses after ${MAX_AUTHORIZATIONS} authorizations in ${AUTH_WINDOW_MS / 60_000} minutes; the console stops here rather than loop (connect again to retry)`,
        });
        return res;
      }
      this.attempts.push(now);
      const challenge = res.headers.get('www-authenticate') ?? undefined;
      // Set before anything is awaited: a request refused meanwhile waits for this sign-in instead of starting its own.
      this.running = this.authorize(kind, res.status, challenge, res);
      void res.body?.cancel().catch(() => {});
      try {
        await this.running;
      } finally {
        this.running = undefined;
      }
      res = await send();
      if (challengeOf(res))
        this.steps.add({
          step: 'challenge',
          ok: false,
          status: res.status,
          summary: `the server refused the new token too (${res.status})`,
          received: res.headers.get('www-authenticate') ?? undefined,
        });
      return res;
    };
  }

  private async authorize(
    kind: Challenge,
    status: number,
    challenge: string | undefined,
    res: Response,
  ): Promise<void> {
    // The SDK runs the flow (loaded here too: a session's fetch may be used before any connect loaded it).
    const { auth, computeScopeUnion, extractWWWAuthenticateParams, isStrictScopeSuperset } = await loadSdk();
    const params = extractWWWAuthenticateParams(res);
    const p = this.provider;
    const current = p.tokens();
    const scope = computeScopeUnion(p.requested(), current?.scope, params.scope, this.target.oauth.scope);
    this.steps.add({
      step: 'challenge',
      ok: true,
      status,
      summary:
        kind === 'unauthorized'
          ? `${status} from the server: it asks for authorization`
          : `${status} insufficient_scope: the server asks for ${params.scope ?? 'more scope'}`,
      received: challenge,
    });
    let force = false;
    if (kind === 'insufficient_scope') {
      if (!isStrictScopeSuperset(scope, current?.scope)) {
        const why = `the server refuses a token that already holds the scope it asks for (${params.scope ?? 'none named'}): signing in again cannot help (the server is at fault)`;
        this.fail(why);
        throw new AuthFailed(why);
      }
      force = true;
    } else {
      // A 401 after a working sign-in may mean the server moved to another authorization server: discover again.
      p.invalidateCredentials('discovery');
    }
    const interactive = this.target.oauth.grant !== 'client_credentials';
    const listener = interactive
      ? await CallbackListener.open(this.store.get(this.target.identity)?.redirectPort)
      : undefined;
    p.redirect = listener?.redirectUrl;
    const fetchFn = this.steps.fetch(this.fetchImpl);
    const base = { serverUrl: this.target.url, resourceMetadataUrl: params.resourceMetadataUrl, scope, fetchFn };
    try {
      let r = await auth(p, { ...base, forceReauthorization: force });
      const via = !interactive ? 'client-credentials' : r === 'REDIRECT' ? 'browser' : 'refresh';
      if (r === 'REDIRECT') {
        const cb = await this.inBrowser(listener);
        this.steps.add({
          step: 'authorization',
          ok: true,
          summary: `the browser came back with a code${cb.iss ? ` from ${cb.iss}` : ' (no iss)'}`,
        });
        r = await auth(p, { ...base, authorizationCode: cb.code, iss: cb.iss });
      }
      if (r !== 'AUTHORIZED') throw new AuthFailed(`the authorization ended with ${r}`);
      const t = p.tokens();
      p.saveRequested(computeScopeUnion(scope, t?.scope));
      this.lastError = undefined;
      this.host.signedIn(t?.issuer, t?.scope ?? scope, p.how(), via);
    } catch (e) {
      const why = e instanceof AuthFailed ? e.message : explain(e);
      if (!(e instanceof AuthFailed))
        this.steps.add({ step: 'failed', ok: false, summary: 'the authorization failed', problem: why });
      this.fail(why);
      throw new AuthFailed(`sign-in to ${this.target.serverId} failed: ${why}`, { cause: e });
    } finally {
      p.redirect = undefined;
      await listener?.close();
    }
  }

  /** Opens the authorization URL for a person (through the host) and waits for the browser to come back with a code. */
  private async inBrowser(listener: CallbackListener | undefined): Promise<{ code: string; iss?: string }> {
    const p = this.provider;
    const url = p.authorizationUrl;
    if (!url || !listener || !p.currentState) throw new AuthFailed('the sign-in could not start: no authorization URL');
    if (!openable(url))
      throw new AuthFailed(
        `the authorization endpoint ${url.protocol}//${url.host} is neither https: nor loopback http:; the console will not open it`,
      );
    const cancel = new AbortController();
    const wait = listener.wait(p.currentState, this.host.timeoutMs, cancel.signal);
    this.steps.add({
      step: 'authorization',
      ok: true,
      summary: `waiting for a person to sign in at ${url.host}`,
      url: redactUrl(url.href),
    });
    this.busy = true;
    this.host.ask(
      {
        id: randomUUID(),
        serverId: this.target.serverId,
        url: url.href,
        host: url.host,
        issuer: p.discoveryState()?.authorizationServerMetadata?.issuer,
        scope: url.searchParams.get('scope') ?? undefined,
        expiresAt: new Date(Date.now() + this.host.timeoutMs).toISOString(),
      },
      cancel,
      wait,
    );
    try {
      return await wait;
    } catch (e) {
      throw this.checkedRefusal(e);
    } finally {
      this.busy = false;
    }
  }

  /**
   * An error response from the browser is believed only after the RFC 9207 check that a code gets:
   * when its `iss` does not match (or is missing where the server promised it), its error and
   * description are not shown (2026-07-28 authorization, "applies equally to error responses").
   */
  private checkedRefusal(e: unknown): unknown {
    if (!(e instanceof AuthorizationRefused)) return e;
    const meta = this.provider.discoveryState()?.authorizationServerMetadata;
    try {
      sdk().validateAuthorizationResponseIssuer({
        iss: e.iss,
        expectedIssuer: meta?.issuer,
        issParameterSupported:
          (meta as { authorization_response_iss_parameter_supported?: boolean } | undefined)
            ?.authorization_response_iss_parameter_supported === true,
      });
      return e;
    } catch (mismatch) {
      return new AuthFailed(`${explain(mismatch)}; the error response it carried is not shown`);
    }
  }

  private fail(why: string): void {
    this.lastError = why;
    this.host.failed(why);
  }
}

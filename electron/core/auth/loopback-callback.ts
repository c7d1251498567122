import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { listenLoopback, ownHosts } from '../support/index.js';

/** What the authorization server sent back through the browser. */
export interface CallbackResult {
  code: string;
  /** RFC 9207: the issuer that answered, when it said. */
  iss?: string;
}

/** The authorization server (or the person) refused; `error` is the OAuth error code. */
export class AuthorizationRefused extends Error {
  constructor(
    readonly error: string,
    description: string | undefined,
    /** RFC 9207: the issuer the error response names (checked before the error is shown). */
    readonly iss?: string,
  ) {
    super(`the authorization server answered ${error}${description ? `: ${description}` : ''}`);
  }
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font:16px system-ui;margin:3em"><h1>${title}</h1><p>${text}</p></body>`;

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The redirect URI of one sign-in: a listener on 127.0.0.1 (RFC 8252 §7.3) that takes exactly one
 * callback carrying the expected `state`, then closes. A callback with another state is refused and
 * the wait goes on (a page cannot end someone else's sign-in); the wait ends after `timeoutMs`.
 */
export class CallbackListener {
  private server: Server;
  private port = 0;
  private settle?: { resolve(r: CallbackResult): void; reject(e: Error): void; state: string };
  private used = false;

  private constructor() {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const send = (status: number, title: string, text: string) =>
        res
          .writeHead(status, {
            'Content-Type': 'text/html; charset=utf-8',
            'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
            'X-Content-Type-Options': 'nosniff',
            'Cache-Control': 'no-store',
            'Referrer-Policy': 'no-referrer',
          })
          .end(PAGE(title, text));
      if (!ownHosts(this.port).has(req.headers.host ?? '') || req.method !== 'GET' || url.pathname !== '/callback')
        return send(404, 'Not found', 'This address only takes the answer of a sign-in MCP Console started.');
      const s = this.settle;
      if (this.used || !s)
        return send(
          400,
          'Sign-in already finished',
          'This sign-in link was already used. Start again from MCP Console.',
        );
      const state = url.searchParams.get('state') ?? '';
      if (!same(state, s.state))
        return send(
          400,
          'Not this sign-in',
          'The answer does not belong to the sign-in MCP Console is waiting for (its state differs).',
        );
      this.used = true;
      const error = url.searchParams.get('error');
      const code = url.searchParams.get('code');
      if (error || !code) {
        send(
          400,
          'Sign-in refused',
          'The authorization server did not grant access. You can close this tab; MCP Console shows why.',
        );
        s.reject(
          new AuthorizationRefused(
            error ?? 'no code',
            url.searchParams.get('error_description') ?? undefined,
            url.searchParams.get('iss') ?? undefined,
          ),
        );
      } else {
        send(200, 'Signed in', 'MCP Console received the answer. You can close this tab.');
        s.resolve({ code, iss: url.searchParams.get('iss') ?? undefined });
      }
      void this.close();
    });
  }

  /** Listens on 127.0.0.1 (`port` when it is free, else any). */
  static async open(port?: number): Promise<CallbackListener> {
    const l = new CallbackListener();
    try {
      l.port = await listenLoopback(l.server, port ?? 0);
    } catch {
      l.port = await listenLoopback(l.server, 0);
    }
    return l;
  }

  get redirectUrl(): string {
    return `http://127.0.0.1:${this.port}/callback`;
  }

  get boundPort(): number {
    return this.port;
  }

  /** Waits for the one callback with this state; rejects on refusal, on `signal`, or after `timeoutMs`. */
  wait(state: string, timeoutMs: number, signal?: AbortSignal): Promise<CallbackResult> {
    return new Promise<CallbackResult>((resolve, reject) => {
      const timer = setTimeout(
        () => fail(new Error(`no answer from the browser within ${Math.round(timeoutMs / 1000)} s`)),
        timeoutMs,
      );
      const fail = (e: Error) => {
        clearTimeout(timer);
        this.settle = undefined;
        void this.close();
        reject(e);
      };
      signal?.addEventListener(
        'abort',
        () => fail(signal.reason instanceof Error ? signal.reason : new Error('the sign-in was cancelled')),
        { once: true },
      );
      this.settle = {
        state,
        resolve: (r) => (clearTimeout(timer), resolve(r)),
        reject: fail,
      };
    });
  }

  close(): Promise<void> {
    return new Promise((r) => {
      this.server.close(() => r());
      this.server.closeAllConnections();
    });
  }
}

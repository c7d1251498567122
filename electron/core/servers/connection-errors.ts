import type { TraceHttp } from '../../../shared/schemas/trace.js';
import { httpOf } from '../trace/index.js';
import type { ExitInfo } from './stdio-transport.js';
import { boundedResponse } from './bounded-body.js';
import { sdk } from '../support/index.js';

/** How a failed connection is put in words: timeouts, era mismatches, HTTP statuses, network errors. */

export class ConnectTimeout extends Error {
  constructor(ms: number) {
    super(`the server did not complete initialization within ${ms / 1000} s (connect timeout)`);
  }
}

export function exitText(exit: ExitInfo): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
}

/**
 * An era mismatch in words: a modern-only server refusing the 2025 handshake (-32022), or a server
 * that does not offer 2026-07-28 when the console insists on it. Undefined for other errors.
 */
export function eraMismatch(e: unknown): string | undefined {
  const msg = (e as Error)?.message ?? String(e);
  if (/-32022|unsupported protocol version/i.test(msg)) {
    const supported = /"supported":\[([^\]]*)\]/.exec(msg)?.[1]?.replace(/"/g, '');
    return `the server speaks only the 2026-07-28 era${supported ? ` (protocol ${supported})` : ''} and refused the 2025 initialize handshake; set this server's era to auto or modern`;
  }
  if (/did not offer pinned protocol version/i.test(msg))
    return `the server does not offer the 2026-07-28 era (it did not answer server/discover with it); it speaks the 2025 era: set this server's era to auto or legacy`;
  return undefined;
}

export function describeError(e: unknown, exit: ExitInfo | undefined): string {
  const mismatch = eraMismatch(e);
  if (mismatch) return mismatch;
  const err = e as NodeJS.ErrnoException;
  if (err?.code === 'ENOENT' && err.syscall?.startsWith('spawn')) return `command not found: ${err.path ?? ''}`.trim();
  const msg = err?.message ?? String(e);
  const version = /protocol version is not supported: (\S+)/i.exec(msg);
  if (version) {
    // The console closed the connection itself; the exit that followed is not a crash.
    return `the server answered with protocol version ${version[1]}, which this console does not speak (it speaks ${sdk().SUPPORTED_PROTOCOL_VERSIONS.join(', ')}); the console disconnected`;
  }
  if (!exit) return msg;
  return exit.byConsole
    ? `${msg}; the console stopped the server`
    : `${msg} — the server process exited (${exitText(exit)})`;
}

/** The last HTTP answer seen on a connection: its status and what it said about authorization. */
export interface HttpSeen {
  status: number;
  statusText: string;
  wwwAuthenticate: string | null;
}

/** A fetch that remembers the last answer, so that a refusal can be explained with its status and challenge. */
export function observingFetch(
  onHttp?: (h: TraceHttp) => void,
  bound?: { maxBytes: number; note: (line: string) => void },
): { fetch: typeof fetch; last: HttpSeen | undefined } {
  const o: { fetch: typeof fetch; last: HttpSeen | undefined } = {
    last: undefined,
    fetch: async (input, init) => {
      const t0 = performance.now();
      let res: Response | undefined;
      try {
        res = await fetch(input, init);
      } finally {
        onHttp?.(httpOf(input, init, res, performance.now() - t0));
      }
      o.last = { status: res.status, statusText: res.statusText, wwwAuthenticate: res.headers.get('www-authenticate') };
      // SECURITY: the body is counted as the SDK reads it (a server's message is bounded on every transport).
      return bound ? boundedResponse(res, bound.maxBytes, init?.body, bound.note) : res;
    },
  };
  return o;
}

/** The message at the end of an error's cause chain. */
function rootCause(e: unknown): string | undefined {
  let x: unknown = e;
  let message: string | undefined;
  for (let depth = 0; x && depth < 6; depth++) {
    if (x instanceof Error) message = x.message;
    x = (x as { cause?: unknown }).cause;
  }
  return message;
}

/** The first Node network error code (ECONNREFUSED, ENOTFOUND…) along an error's cause chain. */
function networkCode(e: unknown): string | undefined {
  let x: unknown = e;
  for (let depth = 0; x && depth < 6; depth++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    x = (x as { cause?: unknown }).cause;
  }
  return undefined;
}

/** An HTTP connection failure in words: "401 Unauthorized (invalid_token): …", "connection refused at URL". */
export function httpError(e: unknown, url: URL, last: HttpSeen | undefined): Error {
  if (e instanceof ConnectTimeout) return e;
  const mismatch = eraMismatch(e);
  if (mismatch) return new Error(`${mismatch} (at ${url.href})`, { cause: e });
  const err = e as Error & { cause?: { code?: string } };
  // The network error may sit a few causes deep (the era probe wraps fetch's error, which wraps the socket's).
  const code = networkCode(e);
  if (code === 'ECONNREFUSED') return new Error(`connection refused at ${url.href}`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new Error(`host not found: ${url.hostname}`);
  if (last && (last.status === 401 || last.status === 403)) {
    const challenge = last.wwwAuthenticate ?? '';
    const error = /error="([^"]*)"/.exec(challenge)?.[1];
    const description = /error_description="([^"]*)"/.exec(challenge)?.[1];
    const head = `${last.status} ${last.statusText || (last.status === 401 ? 'Unauthorized' : 'Forbidden')}${error ? ` (${error})` : ''}`;
    return new Error(
      `${head}${description ? `: ${description}` : ''}${challenge ? ` — WWW-Authenticate: ${challenge}` : ''} (at ${url.href})`,
    );
  }
  if (last && last.status >= 400)
    return new Error(`HTTP ${last.status} ${last.statusText} at ${url.href}: ${err?.message ?? String(e)}`);
  // fetch says only "fetch failed": the reason (a blocked port, a TLS error…) sits in its cause.
  const root = rootCause(e);
  if (err instanceof Error && /fetch failed/.test(err.message) && root && root !== err.message)
    return new Error(`${err.message}: ${root} (at ${url.href})`, { cause: e });
  return err instanceof Error ? err : new Error(String(e));
}

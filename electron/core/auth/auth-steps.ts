import type { FetchLike } from '@modelcontextprotocol/client';
import type { AuthStep } from '../../../shared/schemas/auth.js';
import { readCapped, RingBuffer, sdkIfLoaded, type McpSdk } from '../support/index.js';
import { AuthorizationRefused } from './loopback-callback.js';
import { MESSAGE_LIMITS, overLimits, parseMeasured } from '../../../shared/boundary.js';

const MAX_STEPS = 200;
const MAX_BODY = 4000;
/** The most of one authorization server answer the console reads (metadata, registration, tokens are a few KB). */
const MAX_ANSWER_BYTES = 1_048_576;

/** Why a JSON answer is past the boundary's limits, or undefined (also for text that is not JSON). */
function jsonOverLimits(text: string): string | undefined {
  if (!/^\s*[{[]/.test(text)) return undefined;
  try {
    return overLimits(JSON.parse(text), MESSAGE_LIMITS);
  } catch {
    return undefined;
  }
}

/** A response's text, read up to `max` bytes; `over` when it went on past them (a body that breaks reads as empty). */
async function readText(res: Response, max: number): Promise<{ text: string; over: boolean }> {
  if (!res.body) return { text: '', over: false };
  try {
    const { bytes, over } = await readCapped(res.body, max);
    return { text: bytes.toString('utf8'), over };
  } catch {
    return { text: '', over: false };
  }
}

/** Fields whose values are secrets wherever they appear (form bodies, JSON, query strings). */
const SECRET_FIELDS =
  /^(access_token|refresh_token|id_token|client_secret|code|code_verifier|assertion|client_assertion|token|subject_token|actor_token|password)$/i;
export const REDACTED = '‹redacted›';

/** A body or query with every secret field's value replaced; anything else kept (cut at 4,000 characters). */
export function redactBody(text: string, contentType = ''): string {
  let out = text;
  if (/json/i.test(contentType) || /^\s*[{[]/.test(text)) {
    try {
      // Measured first: the redaction below walks the value recursively.
      out = JSON.stringify(parseMeasured(text, 'the body', MESSAGE_LIMITS), (k, v: unknown) =>
        SECRET_FIELDS.test(k) && typeof v === 'string' ? REDACTED : v,
      );
    } catch {
      /* not JSON after all */
    }
  } else if (/=/.test(text) && !/\s/.test(text.trim())) {
    const p = new URLSearchParams(text);
    for (const k of [...p.keys()]) if (SECRET_FIELDS.test(k)) p.set(k, REDACTED);
    out = p.toString().replace(/%E2%80%B9redacted%E2%80%BA/g, REDACTED);
  }
  return out.length > MAX_BODY ? out.slice(0, MAX_BODY) + '…' : out;
}

/** A URL with every secret query parameter redacted. */
export function redactUrl(raw: string): string {
  try {
    const u = new URL(raw);
    for (const k of [...u.searchParams.keys()]) if (SECRET_FIELDS.test(k)) u.searchParams.set(k, REDACTED);
    return u.href.replace(/%E2%80%B9redacted%E2%80%BA/g, REDACTED);
  } catch {
    return raw;
  }
}

/** Which step an HTTP exchange of the OAuth flow is, from where it went and what it carried. */
function classify(url: URL, body: string, endpoints: Map<string, string>): string {
  const p = url.pathname;
  if (p.includes('/.well-known/oauth-protected-resource')) return 'resource-metadata';
  if (p.includes('/.well-known/oauth-authorization-server') || p.includes('/.well-known/openid-configuration'))
    return 'server-metadata';
  const grant = /(?:^|&)grant_type=([^&]+)/.exec(body)?.[1];
  if (grant === 'refresh_token') return 'refresh';
  if (grant === 'client_credentials') return 'client-credentials';
  if (grant) return 'token';
  return endpoints.get(url.origin + url.pathname) ?? (/"redirect_uris"/.test(body) ? 'registration' : 'request');
}

/** The endpoints an authorization server's metadata names, as step names. */
function learnEndpoints(text: string, into: Map<string, string>): void {
  try {
    const m = parseMeasured(text, 'the metadata', MESSAGE_LIMITS) as Record<string, unknown>;
    for (const [field, step] of [
      ['registration_endpoint', 'registration'],
      ['revocation_endpoint', 'revocation'],
      ['token_endpoint', 'token'],
    ] as const) {
      const v = m[field];
      if (typeof v === 'string') into.set(v.replace(/[?#].*$/, ''), step);
    }
  } catch {
    /* not metadata */
  }
}

/** One of the SDK's own authorization errors, in words; undefined for any other error. */
function explainSdkError(sdk: McpSdk, e: unknown): string | undefined {
  if (e instanceof sdk.IssuerMismatchError)
    return e.kind === 'metadata'
      ? `the authorization server's metadata names issuer ${JSON.stringify(e.received)} but was fetched for ${JSON.stringify(e.expected)}: RFC 8414 §3.3 requires them to be identical (the authorization server is at fault; its metadata was not used)`
      : e.received === undefined
        ? `the authorization server advertises authorization_response_iss_parameter_supported but its answer carried no iss: RFC 9207 §2.4 (the authorization server is at fault; the code was not redeemed)`
        : `the answer came back with iss ${JSON.stringify(e.received)}, not the issuer the sign-in started with (${JSON.stringify(e.expected)}): RFC 9207 mix-up defence (the code was not redeemed)`;
  if (e instanceof sdk.AuthorizationServerMismatchError)
    return `the server now names another authorization server (${e.currentIssuer}) than the one the credentials belong to (${e.recordedIssuer}): they are never presented to another one; sign in again`;
  if (e instanceof sdk.InsecureTokenEndpointError)
    return `the token endpoint ${e.tokenEndpoint} is not https: the MCP authorization spec requires TLS for authorization server endpoints (the authorization server is at fault)`;
  if (e instanceof sdk.RegistrationRejectedError)
    return `dynamic client registration was refused (HTTP ${e.status}): the authorization server did not accept the console's client metadata; register a client beforehand and set oauth.clientId`;
  return undefined;
}

/** The requirement a failure broke, and whose it was, in words a server author can act on. */
export function explain(e: unknown): string {
  // The SDK's errors can only be met once it is loaded (an authorization loads it first).
  const sdk = sdkIfLoaded();
  const bySdk = sdk && explainSdkError(sdk, e);
  if (bySdk) return bySdk;
  if (e instanceof AuthorizationRefused) return `${e.message} (the person or the authorization server refused)`;
  if (sdk && e instanceof sdk.OAuthError) return `the authorization server answered ${e.code}: ${e.message}`;
  const msg = (e as Error)?.message ?? String(e);
  if (/Protected resource .* does not match/i.test(msg))
    return `${msg}: RFC 9728 §3.3 requires the protected resource metadata's resource to be this server's URL (the MCP server is at fault; nothing was sent to its authorization server)`;
  if (/does not support code challenge method/i.test(msg))
    return `${msg}: MCP requires PKCE with S256 (the authorization server is at fault)`;
  if (
    /Resource server does not implement OAuth 2.0 Protected Resource Metadata|trying to load well-known OAuth protected resource/i.test(
      msg,
    )
  )
    return `${msg}: MCP servers must publish protected resource metadata (RFC 9728) for clients to find their authorization server (the MCP server is at fault)`;
  return msg;
}

/**
 * One server's auth debugger: every step of its authorization with what was sent and received
 * (secrets redacted before anything is kept), how long it took, and why it failed. Bounded.
 */
export class AuthSteps {
  private readonly steps = new RingBuffer<AuthStep>(MAX_STEPS);
  private seq = 0;
  private readonly endpoints = new Map<string, string>();

  constructor(private readonly changed: () => void = () => {}) {}

  add(step: Omit<AuthStep, 'seq' | 'at'>): AuthStep {
    const s = { seq: ++this.seq, at: new Date().toISOString(), ...step };
    this.steps.push(s);
    this.changed();
    return s;
  }

  list(): AuthStep[] {
    return this.steps.last(MAX_STEPS);
  }

  /** A fetch that records each exchange of the OAuth flow (discovery, registration, token…) as a step. */
  fetch(next: FetchLike = fetch): FetchLike {
    return async (input, init) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url,
      );
      const body =
        typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : '';
      const step = classify(url, body, this.endpoints);
      const method = init?.method ?? 'GET';
      const t0 = performance.now();
      let res: Response;
      try {
        res = await next(input, init);
      } catch (e) {
        this.add({
          step,
          ok: false,
          method,
          url: redactUrl(url.href),
          summary: `${method} ${url.origin}${url.pathname} failed`,
          problem: explain(e),
          sent: body ? redactBody(body) : undefined,
        });
        throw e;
      }
      const ms = Math.round((performance.now() - t0) * 10) / 10;
      const type = res.headers.get('content-type') ?? '';
      // SECURITY: an authorization server's answer is read once, up to MAX_ANSWER_BYTES, for the SDK and this record
      // alike.
      const { text, over } = await readText(res, MAX_ANSWER_BYTES);
      const shape = over ? undefined : jsonOverLimits(text);
      if (over || shape) {
        const problem = over
          ? `the answer is over ${MAX_ANSWER_BYTES / 1_048_576} MiB: refused`
          : `the answer ${shape}: refused`;
        this.add({
          step,
          ok: false,
          method,
          url: redactUrl(url.href),
          status: res.status,
          ms,
          summary: `${method} ${url.origin}${url.pathname} → ${res.status}`,
          problem,
        });
        throw new Error(`${url.origin}${url.pathname}: ${problem}`);
      }
      if (step === 'server-metadata' && res.ok) learnEndpoints(text, this.endpoints);
      this.add({
        step,
        ok: res.ok,
        method,
        url: redactUrl(url.href),
        status: res.status,
        ms,
        summary: `${method} ${url.origin}${url.pathname} → ${res.status}`,
        sent: body ? redactBody(body, String(new Headers(init?.headers).get('content-type') ?? '')) : undefined,
        received: text ? redactBody(text, type) : undefined,
      });
      return new Response(res.status === 204 || res.status === 304 ? null : text, {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      });
    };
  }
}

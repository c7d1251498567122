import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import type { TraceEntry, TraceHttp } from '../../../shared/schemas/trace.js';
import { jsonOpening } from '../../../shared/json-opening.js';
import { takeWireText } from './wire-text.js';
import { interpose } from '../support/index.js';

/** A message larger than this is kept as a preview only (its size is still shown). */
export const MAX_KEPT_MESSAGE_BYTES = 256 * 1024;
const PREVIEW_CHARS = 2000;
const MAX_OPEN_REQUESTS = 1000;

/**
 * One traced message as the tap records it. `text`: a large message kept as the text it arrived as
 * (TraceLog parses it again when the message is asked for), instead of `message`.
 */
export type TraceRecord = Omit<TraceEntry, 'seq' | 'at' | 'serverId'> & { text?: string; whole?: unknown };

/** Approximate JSON size of a value, walking no further than `limit` bytes. */
export function approxBytes(v: unknown, limit: number): number {
  let n = 0;
  const stack: unknown[] = [v];
  while (stack.length && n <= limit) {
    const x = stack.pop();
    if (typeof x === 'string') n += x.length + 2;
    else if (typeof x === 'number' || typeof x === 'boolean' || x === null || x === undefined) n += 5;
    else if (Array.isArray(x)) {
      n += 2 + x.length;
      for (const i of x) stack.push(i);
    } else if (typeof x === 'object') {
      for (const [k, i] of Object.entries(x as Record<string, unknown>)) {
        n += k.length + 4;
        stack.push(i);
      }
    }
  }
  return n;
}

/**
 * A string of its own: V8 makes a slice of a long string a view into it, so a 2,000-character
 * preview of a 50 MB line would keep the 50 MB alive for as long as the trace holds the entry.
 */
const copied = (s: string): string => s.split('').join('');

export function keep(m: JSONRPCMessage): Pick<TraceRecord, 'bytes' | 'message' | 'preview' | 'text' | 'whole'> {
  // A large message its transport read as text: its size is the text's, and the text is what is kept.
  const text = takeWireText(m);
  if (text !== undefined)
    return text.length <= MAX_KEPT_MESSAGE_BYTES
      ? { bytes: text.length, text }
      : { bytes: text.length, preview: `${copied(text.slice(0, PREVIEW_CHARS))}…` };
  const bytes = approxBytes(m, MAX_KEPT_MESSAGE_BYTES);
  // Kept by reference, not copied: nothing in the console changes a message once it is sent or
  // received (the one normalisation, result-type.ts, delivers a copy), and copying would cost every call.
  if (bytes <= MAX_KEPT_MESSAGE_BYTES) return { bytes, message: m };
  // Too large to keep whole: its opening, written without the rest (a message of millions of values costs its preview
  // only). The message itself goes to the trace's followers (a recording) as it passes, and is not held.
  const preview = jsonOpening(m, PREVIEW_CHARS);
  return { bytes, preview: preview + '…', whole: m };
}

interface Open {
  method: string;
  name?: string;
  sentAt: number;
  group: string | number;
  round: number;
}

function nameOf(method: string, params: unknown): string | undefined {
  const p = params as { name?: unknown; uri?: unknown } | undefined;
  if (method === 'resources/read' || method === 'resources/subscribe')
    return typeof p?.uri === 'string' ? p.uri : undefined;
  return typeof p?.name === 'string' ? p.name : undefined;
}

/**
 * Sees every JSON-RPC message a transport carries, both ways, from the first probe on: pairs each
 * response with its request (method, time taken) and groups the legs of a multi round-trip request
 * (a retry that carries inputResponses/requestState joins the exchange that asked for input).
 */
export class WireTap {
  private open = new Map<string | number, Open>();
  /** An exchange waiting for its next leg, by method and name. */
  private awaiting = new Map<string, { group: string | number; round: number }>();
  /** The method of each request the server sent, by id, until the console answers it. */
  private asked = new Map<string | number, string>();

  constructor(private readonly emit: (r: TraceRecord) => void) {}

  out(m: JSONRPCMessage): void {
    if ('method' in m && 'id' in m) {
      const params = m.params as { inputResponses?: unknown; requestState?: unknown } | undefined;
      const name = nameOf(m.method, m.params);
      const key = `${m.method}\u0000${name ?? ''}`;
      const prior =
        params && (params.inputResponses !== undefined || params.requestState !== undefined)
          ? this.awaiting.get(key)
          : undefined;
      if (prior) this.awaiting.delete(key);
      const leg = { group: prior?.group ?? m.id, round: prior ? prior.round + 1 : 1 };
      if (this.open.size >= MAX_OPEN_REQUESTS) this.open.clear();
      this.open.set(m.id, { method: m.method, name, sentAt: performance.now(), ...leg });
      this.emit({ dir: 'out', kind: 'request', id: m.id, method: m.method, name, ...(prior && leg), ...keep(m) });
    } else this.emit({ dir: 'out', ...this.describe(m), ...keep(m) });
  }

  in(m: JSONRPCMessage): void {
    if ('id' in m && !('method' in m)) {
      const rid = m.id ?? undefined;
      const req = rid === undefined ? undefined : this.open.get(rid);
      if (rid !== undefined) this.open.delete(rid);
      const result = 'result' in m ? (m.result as { resultType?: unknown } | undefined) : undefined;
      const multi = req && (req.round > 1 || result?.resultType === 'input_required');
      if (req && result?.resultType === 'input_required') {
        if (this.awaiting.size >= MAX_OPEN_REQUESTS) this.awaiting.clear();
        this.awaiting.set(`${req.method}\u0000${req.name ?? ''}`, { group: req.group, round: req.round });
      }
      this.emit({
        dir: 'in',
        kind: 'error' in m ? 'error' : 'response',
        id: rid,
        method: req?.method,
        name: req?.name,
        ms: req ? Math.round((performance.now() - req.sentAt) * 10) / 10 : undefined,
        ...(multi && { group: req.group, round: req.round }),
        ...keep(m),
      });
    } else {
      if ('method' in m && 'id' in m) {
        if (this.asked.size >= MAX_OPEN_REQUESTS) this.asked.clear();
        this.asked.set(m.id, m.method);
      }
      this.emit({ dir: 'in', ...this.describe(m), ...keep(m) });
    }
  }

  private describe(m: JSONRPCMessage): Pick<TraceEntry, 'kind' | 'id' | 'method'> {
    if ('method' in m)
      return 'id' in m ? { kind: 'request', id: m.id, method: m.method } : { kind: 'notification', method: m.method };
    // An answer the console gives to a server's own request (elicitation, sampling, roots): a response unless it is an
    // error.
    const id = 'id' in m ? (m.id ?? undefined) : undefined;
    const asked = id === undefined ? undefined : this.asked.get(id);
    if (id !== undefined) this.asked.delete(id);
    return { kind: 'error' in m ? 'error' : 'response', id, method: asked };
  }
}

/**
 * The transport as the SDK sees it, with every message shown to `tap` first. The SDK (and the
 * console's own wrappers) read and set `onmessage` as usual; the tap sits below them all, so the
 * trace holds what the server really sent, before anything is normalised.
 */
export function tapTransport(inner: Transport, tap: WireTap): Transport {
  const innerSend = inner.send.bind(inner);
  return interpose(inner, {
    incoming(m, extra, deliver) {
      tap.in(m);
      deliver(m, extra);
    },
    send(m, options) {
      tap.out(m);
      return innerSend(m, options);
    },
  });
}

const REQUEST_HEADERS = /^(mcp-|last-event-id$)/i;
const RESPONSE_HEADERS = new Set(['content-type', 'mcp-session-id', 'www-authenticate']);

/**
 * An address as the trace and a recording keep it: origin and path only (a query string may carry a key, and both are
 * meant to be shared); undefined when it is not a URL.
 */
export function originAndPath(raw: string): string | undefined {
  try {
    const u = new URL(raw);
    return u.origin + u.pathname;
  } catch {
    return undefined;
  }
}

/** The protocol headers of a fetch call (never Authorization or cookies). */
export function httpOf(
  input: string | URL | Request,
  init: RequestInit | undefined,
  res: Response | undefined,
  ms: number,
): TraceHttp {
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((v, k) => {
    if (REQUEST_HEADERS.test(k)) headers[k] = v;
  });
  const responseHeaders: Record<string, string> = {};
  res?.headers.forEach((v, k) => {
    if (RESPONSE_HEADERS.has(k)) responseHeaders[k] = v;
  });
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = originAndPath(raw) ?? raw;
  return {
    method: init?.method ?? 'GET',
    url,
    status: res?.status,
    headers,
    responseHeaders,
    ms: Math.round(ms * 10) / 10,
  };
}

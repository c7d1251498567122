import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/** The requests that reach a server only with a ticket: the call the approval gate stands for. */
const TICKETED = new Set(['tools/call']);

/**
 * The ticket travels with the request's `headers` option: the one per-request option the SDK hands
 * untouched to the transport's `send` (the object itself), keeps for a 2026-07-28 input round's
 * retry (`buildRetryLegRequestOptions`) and for a re-issue after a broken stream (stream-reissue.ts),
 * and — over Streamable HTTP — copies into the HTTP request (this header, removed before it leaves).
 */
export const TICKET_HEADER = 'x-mcp-console-ticket';
const tickets = new WeakMap<object, Promise<void>>();
let issued = 0;

type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** A request the wire did not send: it had no ticket, or its ticket was refused. */
export class NotSent extends Error {}

/**
 * The headers to send one call with, carrying its ticket: `until` resolves when the call may leave
 * (its approval is on disk and it is still wanted) and rejects when it must not (then it never does).
 * The SDK and the console's wrappers prepare the request meanwhile, so the approval's fdatasync and
 * that work overlap; only the write to the server waits.
 */
export function ticketed(headers: Record<string, string> | undefined, until: Promise<void>): Record<string, string> {
  const carrier = { ...headers, [TICKET_HEADER]: `call-${++issued}` };
  tickets.set(carrier, until);
  until.catch(() => {}); // refused before the request reached the wire (the SDK refused it first): nothing else to do
  return carrier;
}

const isCancellation = (m: JSONRPCMessage): m is JSONRPCMessage & { params: { requestId: string | number } } =>
  'method' in m && m.method === 'notifications/cancelled' && !('id' in m);

/** Whether an HTTP body is a request the wire holds (a cheap look first; parsed only when it may be). */
function carriesTicketed(body: unknown): boolean {
  const text =
    typeof body === 'string' ? body : body instanceof Uint8Array ? new TextDecoder().decode(body) : undefined;
  if (text === undefined || ![...TICKETED].some((method) => text.includes(`"${method}"`))) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false; // not JSON: no JSON-RPC request at all
  }
  const isHeld = (m: unknown) =>
    typeof m === 'object' && m !== null && TICKETED.has((m as { method?: unknown }).method as string) && 'id' in m;
  return Array.isArray(parsed) ? parsed.some(isHeld) : isHeld(parsed);
}

/**
 * Where a Streamable HTTP transport's calls wait: at the fetch under it, so that the SDK's building
 * of the HTTP request (headers, signals, the body) overlaps the approval's sync too. The transport's
 * `send` says which ticket a request carries; the fetch waits for it and takes the header off.
 */
export class FetchGate {
  private readonly passing = new Map<string, { until: Promise<void>; n: number }>();

  /** The transport hands a ticketed request down: its fetch will wait for `until`. */
  pass(id: string, until: Promise<void>, send: () => Promise<void>): Promise<void> {
    const p = this.passing.get(id) ?? { until, n: 0 };
    p.n++;
    this.passing.set(id, p);
    const done = () => {
      if (--p.n === 0) this.passing.delete(id);
    };
    const sent = send();
    sent.then(done, done);
    return sent;
  }

  /** SECURITY: the fetch under the transport. A tools/call body without a known ticket is refused. */
  wrap(next: FetchLike): FetchLike {
    return async (input, init) => {
      const headers = new Headers(init?.headers);
      const id = headers.get(TICKET_HEADER);
      if (id === null) {
        if (carriesTicketed(init?.body))
          throw new NotSent('tools/call was not sent: it carries no approval recorded on disk');
        return next(input, init);
      }
      const p = this.passing.get(id);
      if (!p && carriesTicketed(init?.body))
        throw new NotSent('tools/call was not sent: its approval is not known on this connection');
      // (a ticket header on anything else — say, one a configuration set on every request — is only taken off)
      await p?.until;
      headers.delete(TICKET_HEADER);
      return next(input, { ...init, headers });
    };
  }
}

/**
 * SECURITY: the bottom of every connection's transport, under the SDK and every wrapper (above the
 * trace tap, so the trace shows what left). A `tools/call` without a ticket is refused here — a path
 * that forgot the gate fails closed instead of reaching the server — and one with a ticket waits for
 * it here, or (Streamable HTTP, with `gate`) at the fetch. A cancellation of a request still held
 * waits behind it and is dropped with it: the server never hears of a call it was never sent.
 */
export function ticketedWire(transport: Transport, gate?: FetchGate): void {
  const send = transport.send.bind(transport);
  const held = new Map<string | number, Promise<void>>();
  transport.send = (m, options) => {
    if ('method' in m && 'id' in m && TICKETED.has(m.method)) {
      const carrier = options?.headers;
      const until = carrier ? tickets.get(carrier) : undefined;
      if (!carrier || !until)
        return Promise.reject(new NotSent(`${m.method} was not sent: it carries no approval recorded on disk`));
      const id = m.id;
      held.set(id, until);
      const forget = () => void held.delete(id);
      until.then(forget, forget);
      if (gate) return gate.pass(carrier[TICKET_HEADER]!, until, () => send(m, options));
      return until.then(() => send(m, options));
    }
    const of = isCancellation(m) ? held.get(m.params.requestId) : undefined;
    if (of)
      return of.then(
        () => send(m, options),
        () => undefined, // its request never left
      );
    return send(m, options);
  };
}

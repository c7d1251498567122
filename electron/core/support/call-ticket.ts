import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/** The requests that reach a server only with a ticket: the call the approval gate stands for. */
const TICKETED = new Set(['tools/call']);

/**
 * The ticket travels as the identity of the request's `headers` object: the one per-request option
 * the SDK hands untouched to the transport's `send`, and keeps for a 2026-07-28 input round's retry
 * (`buildRetryLegRequestOptions`) and for a re-issue after a broken stream (stream-reissue.ts).
 */
const tickets = new WeakMap<object, Promise<void>>();

/** A request the wire did not send: it had no ticket, or its ticket was refused. */
export class NotSent extends Error {}

/**
 * The headers to send one call with, carrying its ticket: `until` resolves when the call may leave
 * (its approval is on disk and it is still wanted) and rejects when it must not (then it never does).
 * The SDK and the console's wrappers prepare the request meanwhile, so the approval's fdatasync and
 * that work overlap; only the write to the server waits.
 */
export function ticketed(headers: Record<string, string> | undefined, until: Promise<void>): Record<string, string> {
  const carrier = { ...headers };
  tickets.set(carrier, until);
  until.catch(() => {}); // refused before the request reached the wire (the SDK refused it first): nothing else to do
  return carrier;
}

const isCancellation = (m: JSONRPCMessage): m is JSONRPCMessage & { params: { requestId: string | number } } =>
  'method' in m && m.method === 'notifications/cancelled' && !('id' in m);

/**
 * SECURITY: the bottom of every connection's transport, under the SDK and every wrapper (above the
 * trace tap, so the trace shows what left). A `tools/call` without a ticket is refused here — a path
 * that forgot the gate fails closed instead of reaching the server — and one with a ticket waits for
 * it. A cancellation of a request still held waits behind it and is dropped with it: the server
 * never hears of a call it was never sent.
 */
export function ticketedWire(transport: Transport): void {
  const send = transport.send.bind(transport);
  const held = new Map<string | number, Promise<void>>();
  transport.send = (m, options) => {
    if ('method' in m && 'id' in m && TICKETED.has(m.method)) {
      const until = options?.headers ? tickets.get(options.headers) : undefined;
      if (!until) return Promise.reject(new NotSent(`${m.method} was not sent: it carries no approval recorded on disk`));
      const id = m.id;
      held.set(id, until);
      const forget = () => void held.delete(id);
      until.then(forget, forget);
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

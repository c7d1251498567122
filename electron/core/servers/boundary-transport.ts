import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { MESSAGE_LIMITS, overLimits, REFUSED_CODE, type ShapeLimits } from '../../../shared/boundary.js';
import { interpose } from '../support/index.js';

/** What the boundary tells its connection. */
export interface BoundaryListener {
  /** A line for the peer's log: what was refused or failed, and why. */
  note(line: string): void;
  /** Who sends the messages, in the words of those lines: "server" unless told. */
  peer?: 'server' | 'agent';
}

/** Refusals in a row after which the connection is closed: a peer that keeps doing it is not a server. */
const REFUSALS_BEFORE_CLOSE = 20;

/**
 * A server's transport with the boundary under everything the console builds on it (the trace, the
 * SDK, the catalog): each incoming message is measured before anything reads it. A message past the
 * limits is refused as that message: a response becomes an error answer to its own request (a list
 * then stays as it was, with the reason; a call ends as a protocol error), a request from the server
 * is answered with an error, a notification is dropped; each is noted. A throw in whatever handles a
 * message harms that message only. The connection stays up unless the server keeps doing it.
 */
export function boundTransport(
  inner: Transport,
  listener: BoundaryListener,
  limits: ShapeLimits = MESSAGE_LIMITS,
): Transport {
  let refusedInRow = 0;
  const peer = listener.peer ?? 'server';
  const transport = interpose(inner, {
    incoming(m, extra, deliver) {
      const why = overLimits(m, limits);
      if (why) return refuse(m, why, deliver);
      refusedInRow = 0;
      try {
        deliver(m, extra);
      } catch (e) {
        // SECURITY: one message that a consumer could not handle is reported, never the end of the console.
        listener.note(`a message (${describe(m)}) could not be handled: ${(e as Error)?.message ?? String(e)}`);
      }
    },
  });

  function refuse(m: JSONRPCMessage, why: string, deliver: (m: JSONRPCMessage) => void): void {
    const what = describe(m);
    listener.note(`refused a message from the ${peer} (${what}): it ${why}`);
    const id = 'id' in m ? m.id : undefined;
    const message = `refused by MCP Console: the ${peer}'s message ${why}`;
    if (id !== undefined && id !== null && !('method' in m))
      deliver({ jsonrpc: '2.0', id, error: { code: REFUSED_CODE, message } });
    else if (id !== undefined && id !== null)
      void inner
        .send({ jsonrpc: '2.0', id, error: { code: -32600, message: `MCP Console refused this request: it ${why}` } })
        .catch(() => {});
    if (++refusedInRow >= REFUSALS_BEFORE_CLOSE) {
      listener.note(`closing the connection: ${REFUSALS_BEFORE_CLOSE} messages in a row were refused`);
      void inner.close().catch(() => {});
    }
  }

  return transport;
}

/** A message in a few words, from its top level only (never a walk of the rest). */
function describe(m: JSONRPCMessage): string {
  const method = 'method' in m && typeof m.method === 'string' ? m.method.slice(0, 100) : undefined;
  const id =
    'id' in m && (typeof m.id === 'number' || typeof m.id === 'string') ? String(m.id).slice(0, 40) : undefined;
  if (method) return id !== undefined ? `request ${method}, id ${id}` : `notification ${method}`;
  return id !== undefined ? `answer to request ${id}` : 'a message without an id';
}

import type { JSONRPCMessage, JSONRPCRequest, Transport, TransportSendOptions } from '@modelcontextprotocol/client';

/** The JSON-RPC error the SDK gets for a request whose response stream broke and that is not sent again. */
export const STREAM_BROKEN_CODE = -32099;
/** How many times one request is sent again after its response stream broke. */
export const MAX_REISSUES = 2;
const MAX_OPEN = 1000;

/** Requests that change nothing on the server (or change it the same way each time): sent again without asking. */
const SAFE_METHODS = new Set([
  'server/discover',
  'ping',
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'tasks/get',
  // tasks/update is idempotent by the extension (a key answered twice is ignored); tasks/cancel too.
  'tasks/update',
  'tasks/cancel',
]);

export interface ReissueRules {
  /** A tools/call may be sent again: its tool says it is read-only or idempotent. */
  idempotentTool(name: string): boolean;
  /** A line for the server's output (what was sent again, or why not). */
  note(line: string): void;
}

/**
 * 2026-07-28 Streamable HTTP streams cannot be resumed: "a broken response stream loses the
 * in-flight request; clients MUST re-issue it as a new request with a new request ID" (SEP-2575).
 * The SDK 2.4 leaves such a request waiting until its timeout. Here, a request whose stream ended
 * without its response is sent again with a new id (the answer is handed to the SDK under the id it
 * waits for) when that cannot do harm twice: a request that changes nothing, or a tools/call of a
 * tool that says it is read-only or idempotent. Any other call was approved to run once: it is not
 * sent again behind the person's back; it fails at once, saying it may or may not have run.
 */
export function reissueBrokenStreams(transport: Transport, rules: ReissueRules): void {
  const deliver = transport.onmessage;
  const send = transport.send.bind(transport);
  if (!deliver) return;
  /** Requests in flight by the id on the wire: the id the SDK knows, and how often it was sent again. */
  const open = new Map<string | number, { original: string | number; tries: number }>();
  let next = 0;
  const fail = (id: string | number, message: string) =>
    (deliver as (m: JSONRPCMessage) => void).call(transport, {
      jsonrpc: '2.0',
      id,
      error: { code: STREAM_BROKEN_CODE, message },
    } as JSONRPCMessage);

  const sendTracked = (
    request: JSONRPCRequest,
    original: string | number,
    tries: number,
    options?: TransportSendOptions,
  ): Promise<void> => {
    if (open.size >= MAX_OPEN) open.delete(open.keys().next().value as string | number);
    open.set(request.id, { original, tries });
    return send(request, {
      ...options,
      onRequestStreamEnd: () => {
        const o = open.get(request.id);
        if (!o) return; // answered
        open.delete(request.id);
        const params = request.params as { name?: unknown } | undefined;
        const name = typeof params?.name === 'string' ? params.name : undefined;
        const what = `${request.method}${name ? ` ${JSON.stringify(name)}` : ''}`;
        const safe =
          SAFE_METHODS.has(request.method) ||
          (request.method === 'tools/call' && name !== undefined && rules.idempotentTool(name));
        if (safe && o.tries < MAX_REISSUES) {
          const id = `reissue-${++next}`;
          rules.note(
            `the response stream of ${what} broke before its answer; sent again as request ${id} (2026-07-28 streams are not resumed)`,
          );
          // Sent with the caller's options (its abort signal still closes the new stream).
          sendTracked({ ...request, id }, o.original, o.tries + 1, options).catch((e: Error) =>
            fail(o.original, `sending ${what} again failed: ${e.message}`),
          );
          return;
        }
        const why = safe
          ? `it broke ${o.tries + 1} times`
          : 'the tool does not say it is read-only or idempotent, so it is not sent again without you: it may or may not have run on the server; call it again to retry (a new approval)';
        rules.note(`the response stream of ${what} broke before its answer; ${why}`);
        fail(o.original, `the response stream broke before the answer; ${why}`);
      },
    });
  };

  transport.send = (m, options) => {
    // Requests that follow their own stream (subscriptions/listen) keep their handling.
    if (!('method' in m) || !('id' in m) || m.id === undefined || options?.onRequestStreamEnd) return send(m, options);
    return sendTracked(m as JSONRPCRequest, m.id, 0, options);
  };
  transport.onmessage = ((m: JSONRPCMessage, extra?: unknown) => {
    if (('result' in m || 'error' in m) && 'id' in m && m.id !== undefined && m.id !== null) {
      const o = open.get(m.id);
      if (o) {
        open.delete(m.id);
        // The answer to a request sent again reaches the SDK under the id it waits for.
        if (o.original !== m.id) m = { ...m, id: o.original } as JSONRPCMessage;
      }
    }
    (deliver as (m: JSONRPCMessage, extra?: unknown) => void).call(transport, m, extra);
  }) as Transport['onmessage'];
}

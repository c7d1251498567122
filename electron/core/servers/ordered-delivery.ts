import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

const isResponse = (m: JSONRPCMessage) => 'id' in m && !('method' in m);
const isNotification = (m: JSONRPCMessage) => 'method' in m && !('id' in m);

/**
 * Keeps a response from overtaking the notifications that came before it.
 *
 * The SDK runs notification handlers one microtask late but handles a response at once, and the
 * response removes its request's progress handler: so the last `notifications/progress` of a call,
 * sent just before its result, was dropped. Here a response that arrives while a notification
 * handler may still be pending waits for the next macrotask (every pending handler has run by
 * then), and everything after it waits behind it, so the order the server sent is the order seen.
 */
export function orderDelivery(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  const queue: [JSONRPCMessage, unknown][] = [];
  let hot = false;
  let scheduled = false;
  const handOver = (m: JSONRPCMessage, extra: unknown) => {
    (deliver as (m: JSONRPCMessage, extra?: unknown) => void).call(transport, m, extra);
    if (isNotification(m)) {
      hot = true;
      // Queued after the SDK's handler microtask, so it clears only once the handler has run.
      queueMicrotask(() => (hot = false));
    }
  };
  const flush = () => {
    scheduled = false;
    for (let next = queue[0]; next; next = queue[0]) {
      const [m, extra] = next;
      if (isResponse(m) && hot) return schedule();
      queue.shift();
      handOver(m, extra);
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };
  transport.onmessage = ((m: JSONRPCMessage, extra?: unknown) => {
    if (queue.length || (isResponse(m) && hot)) {
      queue.push([m, extra]);
      schedule();
      return;
    }
    handOver(m, extra);
  }) as Transport['onmessage'];
}

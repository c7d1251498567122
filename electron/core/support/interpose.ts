import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

type Deliver = (m: JSONRPCMessage, extra?: Parameters<NonNullable<Transport['onmessage']>>[1]) => void;

/**
 * A transport with a layer of the console's own placed under whatever its users build on it: each
 * incoming message goes to `incoming` first, which passes it on with `deliver` (or does not); each
 * outgoing one to `send`, when given. The `onmessage` and `send` slots live in the proxy, so a
 * wrapper set later (the SDK's, the console's) wraps this layer, and this layer always reaches the
 * real transport.
 */
export function interpose(
  inner: Transport,
  layer: {
    incoming(m: JSONRPCMessage, extra: Parameters<Deliver>[1], deliver: Deliver): void;
    send?: Transport['send'];
  },
): Transport {
  let handler: Transport['onmessage'];
  const deliver: Deliver = (m, extra) => handler?.(m, extra);
  inner.onmessage = (m, extra) => layer.incoming(m, extra, deliver);
  let send: Transport['send'] = layer.send ?? inner.send.bind(inner);
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === 'onmessage') return handler;
      if (prop === 'send') return send;
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
    set(target, prop, value) {
      if (prop === 'onmessage') {
        handler = value as Transport['onmessage'];
        return true;
      }
      if (prop === 'send') {
        send = value as Transport['send'];
        return true;
      }
      return Reflect.set(target, prop, value, target);
    },
  });
}

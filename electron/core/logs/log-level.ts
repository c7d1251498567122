import type { Transport } from '@modelcontextprotocol/client';
import { sdk } from '../support/index.js';
import type { LogLevel } from '../../../shared/schemas/log.js';

/**
 * 2026-07-28 has no logging/setLevel: a client asks for log messages on each request, in
 * `_meta["io.modelcontextprotocol/logLevel"]`, and a server sends none for a request without it.
 * Every request sent on this transport carries the level chosen for the server (when one is).
 */
export function withLogLevel(transport: Transport, level: () => LogLevel | undefined): void {
  const send = transport.send.bind(transport);
  transport.send = (m, options) => {
    const l = level();
    if (l && 'method' in m && 'id' in m) {
      const params = (m.params ?? {}) as { _meta?: Record<string, unknown> };
      m = { ...m, params: { ...params, _meta: { ...params._meta, [sdk().LOG_LEVEL_META_KEY]: l } } };
    }
    return send(m, options);
  };
}

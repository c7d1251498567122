import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ownHosts } from '../../core/index.js';

/**
 * SECURITY: refuses DNS rebinding and cross-site requests. The Host must be this listener; an
 * Origin, when sent, must be this listener too. A WebSocket upgrade must carry an Origin.
 */
export function checkHostAndOrigin(req: IncomingMessage, port: number, requireOrigin: boolean): string | null {
  const hosts = ownHosts(port);
  const host = req.headers.host ?? '';
  if (!hosts.has(host)) return `host ${JSON.stringify(host)} is not this console`;
  const origin = req.headers.origin;
  if (origin === undefined) return requireOrigin ? 'no Origin' : null;
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return `origin ${JSON.stringify(origin)} is not a URL`;
  }
  if (o.protocol !== 'http:' || !hosts.has(o.host)) return `origin ${JSON.stringify(origin)} is not this console`;
  return null;
}

/** SECURITY: compares a presented token with the launch token in constant time. */
export function tokenMatches(presented: string | null | undefined, token: string): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

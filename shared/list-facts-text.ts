import type { ListFacts } from './schemas/list-facts.js';

// A list's freshness in words, apart from the schema (schemas/list-facts.ts re-exports it): the page
// shows it without building the list-facts and tool schemas at its start.

/** The console's words for a list's freshness: `ttl 30 s (public) · fresh until 12:00:05`. */
export function cacheText(f: ListFacts, now = Date.now()): string {
  if (!f.cache) return 'no cache hints (the list follows list_changed)';
  const ttl =
    f.cache.ttlMs === 0
      ? 'ttl 0 (asked again whenever needed)'
      : `ttl ${f.cache.ttlMs >= 1000 ? `${f.cache.ttlMs / 1000} s` : `${f.cache.ttlMs} ms`}`;
  const scope = f.cache.cacheScope ? ` (${f.cache.cacheScope})` : '';
  const until =
    f.freshUntil && f.cache.ttlMs > 0
      ? ` · ${Date.parse(f.freshUntil) > now ? 'fresh until' : 'stale since'} ${f.freshUntil.slice(11, 19)} UTC`
      : '';
  return `${ttl}${scope}${until}`;
}

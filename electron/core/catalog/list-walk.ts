import type { Client } from '@modelcontextprotocol/client';
import { z } from 'zod';
import type { ListFacts } from '../../../shared/schemas/list-facts.js';
import { LIST_ITEMS } from '../servers/index.js';

/** The most pages one walk follows before it gives up. */
export const MAX_PAGES = 10_000;

/** Which paginated list to walk (tools now; resources, prompts and templates next) and how its items are told apart. */
export interface ListSpec<T> {
  /** `tools/list` */
  method: string;
  /** The result field holding the page's items: `tools` */
  field: string;
  /** What one item is called in messages: `tool` */
  noun: string;
  /** Why a listed item cannot be used, or null when it can. */
  malformed(item: unknown): string | null;
  /** The item's identity within its list: a tool's name, a resource's uri. */
  key(item: T): string;
}

/** Why a second item of the same key is skipped. */
export const secondOf = (noun: string, key: string): string =>
  `skipped a second ${noun} named ${JSON.stringify(key.slice(0, 100))}`;

/**
 * A whole walk: the usable items in server order (unless a page handler took them), and what was wrong with the others.
 */
export interface ListWalk<T> {
  items: T[];
  /** How many usable items the walk found (the handler's, when it took them). */
  count?: number;
  problems: string[];
  /** 2026-07-28 cache hints: how long the list stays fresh (the least any page said) and for whom. */
  cache?: { ttlMs: number; cacheScope?: string };
}

/**
 * Follows `nextCursor` to the end, in server order; refuses a cursor that repeats or never ends.
 * The next page is asked for before `onPage` handles the current one, so the console's work on a
 * page overlaps the server's work on the next. `onPage` returns what it skipped, and why; given
 * one, the walk hands each page to it and keeps none (a re-list of 100,000 tools would otherwise
 * hold every parsed definition until its end, beside the catalog it is compared with), and the
 * handler skips a second item of a key it has (it keeps an index by key anyway: a second one here
 * would be 100,000 keys more to build and drop per listing).
 */
export async function walkList<T>(
  client: Client,
  spec: ListSpec<T>,
  timeoutMs: number,
  onPage?: (items: T[]) => string[] | void,
): Promise<ListWalk<T>> {
  // One page: the items are checked one by one below, so that one malformed item does not hide the rest.
  const Page = z.looseObject({ [spec.field]: z.array(z.unknown()), nextCursor: z.string().optional() });
  const items: T[] = [];
  let count = 0;
  const problems: string[] = [];
  let cache: ListWalk<T>['cache'];
  const keys = onPage ? undefined : new Set<string>();
  const seen = new Set<string>();
  const ask = (cursor?: string) =>
    client.request({ method: spec.method, params: cursor === undefined ? {} : { cursor } }, Page, {
      timeout: timeoutMs,
    });
  let next = ask();
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await next;
    const cursor = res.nextCursor as string | undefined;
    if (typeof res.ttlMs === 'number' && res.ttlMs >= 0 && (cache === undefined || res.ttlMs < cache.ttlMs))
      cache = { ttlMs: res.ttlMs, cacheScope: typeof res.cacheScope === 'string' ? res.cacheScope : undefined };
    if (cursor !== undefined) {
      // SECURITY: a server that loops its cursor must not keep the console listing forever.
      if (seen.has(cursor))
        throw new Error(
          `${spec.method}: the server repeated cursor ${JSON.stringify(cursor.slice(0, 100))} after ${page + 1} pages`,
        );
      seen.add(cursor);
      next = ask(cursor);
      next.catch(() => {}); // awaited on the next turn; this only keeps it from being reported as unhandled meanwhile
    }
    const accepted: T[] = [];
    // 2026-07-28: the items come past the SDK's whole-page check (result-type.ts), to be checked one by one here.
    const listed = (Array.isArray(res[LIST_ITEMS]) ? res[LIST_ITEMS] : res[spec.field]) as unknown[];
    for (const t of listed) {
      // SECURITY: a list is untrusted input; skip what cannot be an item and say so.
      const why = spec.malformed(t);
      if (why) {
        problems.push(`skipped a malformed ${spec.noun} on page ${page + 1}: ${why}`);
        continue;
      }
      if (keys) {
        const key = spec.key(t as T);
        if (keys.has(key)) {
          problems.push(secondOf(spec.noun, key));
          continue;
        }
        keys.add(key);
      }
      accepted.push(t as T);
    }
    // The page handler skips what it cannot process (and says why); the rest stand.
    count += accepted.length;
    if (onPage) for (const p of onPage(accepted) ?? []) problems.push(p);
    else for (const t of accepted) items.push(t);
    if (cursor === undefined) return { items, count, problems, ...(cache && { cache }) };
  }
  throw new Error(`${spec.method}: gave up after ${MAX_PAGES} pages`);
}

/** A listing's facts as front ends show them; an empty diff is left out. */
export function listFacts(listedAt: number, cache?: ListWalk<unknown>['cache'], diff?: ListFacts['diff']): ListFacts {
  const changed = diff && (diff.added.length || diff.removed.length || diff.changed.length);
  return {
    listedAt: new Date(listedAt).toISOString(),
    ...(cache && { cache, freshUntil: new Date(listedAt + cache.ttlMs).toISOString() }),
    ...(changed && { diff }),
  };
}

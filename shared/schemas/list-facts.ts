import { z } from 'zod';
import { ToolChange } from './tool.js';

/** A list's cache hints (2026-07-28 `ttlMs`, `cacheScope`): how long it stays fresh, and for whom. */
export const CacheHint = z.object({ ttlMs: z.number(), cacheScope: z.string().optional() });
export type CacheHint = z.infer<typeof CacheHint>;

/** What is known of one listing of a server's tools, resources or prompts. */
export const ListFacts = z.object({
  listedAt: z.string(),
  /** The hints the server gave (the least ttl any page said), when it gave any. */
  cache: CacheHint.optional(),
  /** When, by those hints, the list is asked for again (ttl 0: whenever it is next needed). */
  freshUntil: z.string().optional(),
  /**
   * What changed against the listing before (resources: the last one seen for this server identity, across sessions).
   */
  diff: z.object({ added: z.array(z.string()), removed: z.array(z.string()), changed: z.array(ToolChange) }).optional(),
});
export type ListFacts = z.infer<typeof ListFacts>;

/** A server's lists as last walked (absent: not listed yet). */
export const ServerListFacts = z.object({
  tools: ListFacts.optional(),
  resources: ListFacts.optional(),
  prompts: ListFacts.optional(),
});
export type ServerListFacts = z.infer<typeof ServerListFacts>;

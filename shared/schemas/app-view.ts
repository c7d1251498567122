import { z } from 'zod';

const Domains = z.array(z.string());
const Permission = z.enum(['camera', 'microphone', 'geolocation', 'clipboardWrite']);

/** One MCP App view the console opened: where its frame loads from and what it may reach. */
export const AppView = z.object({
  viewId: z.string(),
  serverId: z.string(),
  tool: z.string(),
  resourceUri: z.string(),
  /** The sandbox proxy's address, on the views' own origin (never the console's). */
  frameUrl: z.string(),
  /** The views' origin, which the page checks every message against. */
  origin: z.string(),
  /** The policy the view runs under, as sent in its header. */
  csp: z.string(),
  /** What the declaration allowed, per kind of source, after checking. */
  allowed: z.object({
    connectDomains: Domains,
    resourceDomains: Domains,
    frameDomains: Domains,
    baseUriDomains: Domains,
  }),
  permissions: z.object({ declared: z.array(Permission), granted: z.array(Permission) }),
  prefersBorder: z.boolean().optional(),
  /** sha-256 of the view's HTML as read, and its size. */
  htmlSha256: z.string(),
  htmlBytes: z.number().int(),
  /**
   * The view against its pin for this server identity: taken now, as pinned, or changed since (with the diff), until
   * pinned again.
   */
  pin: z.object({
    state: z.enum(['first-seen', 'pinned', 'changed', 'unknown']),
    pinnedAt: z.string().optional(),
    diff: z
      .object({
        same: z.object({ before: z.number().int(), after: z.number().int() }),
        removed: z.array(z.string()),
        added: z.array(z.string()),
        cut: z.object({ removed: z.number().int(), added: z.number().int() }),
      })
      .optional(),
  }),
  /** What was wrong or dropped: a domain that could not be a source, an unexpected MIME type, the deprecated key. */
  problems: z.array(z.string()),
});
export type AppView = z.infer<typeof AppView>;

/** What a view's policy blocked, as the browser reported it. */
export const AppViolation = z.object({
  viewId: z.string(),
  serverId: z.string(),
  tool: z.string(),
  directive: z.string(),
  blocked: z.string(),
  time: z.string(),
});
export type AppViolation = z.infer<typeof AppViolation>;

/**
 * What a view said that the console records: a message or context meant for a model (there is none here), a log line, a
 * link it asked to open.
 */
export const AppNoteKind = z.enum(['message', 'context', 'log', 'open-link', 'display-mode', 'teardown']);

import { z } from 'zod';
import { CatalogChange, ToolView } from '../schemas/tool.js';

/** A tool as a listing under way sends it (see `catalog.listing`). */
export const ListedTool = ToolView.omit({
  serverId: true,
  serverIdentity: true,
  annotations: true,
  risk: true,
  fingerprint: true,
  inputSchema: true,
  outputSchema: true,
}).extend({
  /** Left out when there is none (most tools): 16 bytes a tool. */
  hiddenText: ToolView.shape.hiddenText.optional(),
});
export type ListedTool = z.infer<typeof ListedTool>;

/**
 * The catalog as it changes: events only (its requests are tools.*, resources.*, prompts.*, lists.* and completions.*).
 */
export const requests = {} as const;

export const events = {
  /**
   * A server's catalog changed. `stream` numbers the catalog each event makes (per server, rising).
   * Sent whole (`tools` is the catalog), in chunks (`chunk` set: the first replaces, the next ones
   * add, the last completes and carries the whole `change`), as a `delta` on the catalog a front end
   * holds whole (`tools` holds only the added and changed tools, at their places `at` in the new
   * catalog of `count` tools; `change.removed` names the removed ones), or `listed`: the catalog is
   * the `count` tools `catalog.listing` streamed under the same `stream`. A front end that does not
   * hold `delta.base` whole, or the listing's tools, asks `tools.list` for the catalog.
   */
  'catalog.changed': z.object({
    change: CatalogChange,
    tools: z.array(ToolView),
    stream: z.number().int().optional(),
    chunk: z.object({ index: z.number().int(), count: z.number().int(), stream: z.number().int() }).optional(),
    delta: z.object({ base: z.number().int(), count: z.number().int(), at: z.array(z.number().int()) }).optional(),
    listed: z.object({ count: z.number().int() }).optional(),
  }),
  /**
   * A listing under way into a server's empty catalog: its tools as they arrive, from `offset` (0
   * starts over). The listing ends with a `catalog.changed` of the same `stream`. Each tool comes
   * without what every tool of the server shares or what follows from what it declared (its
   * server, the server's identity, its effective annotations and its risk, which `trusted` gives):
   * a third of a view, at 100,000 tools 20 MB the core need not write nor the page read. Nor with
   * what only its detail shows: its schemas and its fingerprint (made once the listing is over). A
   * front end asks `tools.get` for a tool's whole view when it opens it (at once, even mid-listing).
   */
  'catalog.listing': z.object({
    serverId: z.string(),
    serverIdentity: z.string(),
    trusted: z.boolean(),
    stream: z.number().int(),
    offset: z.number().int(),
    tools: z.array(ListedTool),
    /**
     * The listing's last tools (none, when every one went out before): shown at once, while the core fingerprints them.
     */
    last: z.literal(true).optional(),
  }),
} as const;

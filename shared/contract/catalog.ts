import { z } from 'zod';
import { byServer } from './common.js';
import { ValidationError } from '../schemas/call.js';
import { CompleteInput, Completion } from '../schemas/completion.js';
import { ReadResourceResult } from '../schemas/content.js';
import { ListFacts, ServerListFacts } from '../schemas/list-facts.js';
import { GetPromptResult, PromptView } from '../schemas/prompt.js';
import { ResourceTemplateView, ResourceView } from '../schemas/resource.js';
import { ServerId } from '../schemas/server.js';
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

/** What a server offers: its tools, resources, resource templates, prompts and completions, and the facts of each list. */
export const requests = {
  'tools.list': {
    input: z
      .object({ serverId: ServerId.optional(), offset: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(100_000).optional() })
      .strict(),
    output: z.array(ToolView),
  },
  'tools.get': { input: z.object({ serverId: ServerId, name: z.string() }).strict(), output: ToolView },
  'tools.validate': {
    input: z.object({ serverId: ServerId, name: z.string(), args: z.unknown() }).strict(),
    output: z.object({ status: z.enum(['valid', 'invalid', 'unchecked']), errors: z.array(ValidationError) }),
  },
  'tools.changes': { input: z.object({ serverId: ServerId.optional() }).strict(), output: z.array(CatalogChange) },
  'resources.read': { input: z.object({ serverId: ServerId, uri: z.string().max(8192) }).strict(), output: ReadResourceResult },
  'resources.list': {
    input: z
      .object({
        serverId: ServerId,
        refresh: z.boolean().optional(),
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(100_000).optional(),
      })
      .strict(),
    output: z.array(ResourceView),
  },
  'resources.templates': { input: byServer, output: z.array(ResourceTemplateView) },
  'resources.expand': {
    input: z.object({ uriTemplate: z.string().min(1).max(8192), values: z.record(z.string(), z.string()).optional() }).strict(),
    output: z.object({ variables: z.array(z.string()), uri: z.string() }),
  },
  'resources.subscribe': { input: z.object({ serverId: ServerId, uri: z.string().max(8192) }).strict(), output: z.array(z.string()) },
  'resources.unsubscribe': { input: z.object({ serverId: ServerId, uri: z.string().max(8192) }).strict(), output: z.array(z.string()) },
  'lists.facts': { input: byServer, output: ServerListFacts },
  'prompts.list': { input: z.object({ serverId: ServerId, refresh: z.boolean().optional() }).strict(), output: z.array(PromptView) },
  'prompts.get': {
    input: z.object({ serverId: ServerId, name: z.string().min(1), arguments: z.record(z.string(), z.string()).optional() }).strict(),
    output: GetPromptResult,
  },
  'completions.complete': { input: CompleteInput, output: Completion },
} as const;

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
    /** The listing's last tools (none, when every one went out before): shown at once, while the core fingerprints them. */
    last: z.literal(true).optional(),
  }),
  'resource.updated': z.object({ serverId: z.string(), uri: z.string(), at: z.string() }),
  /** A server said its resources or prompts changed; the console listed them again (`facts.diff`: what changed). */
  'list.changed': z.object({ serverId: z.string(), kind: z.enum(['resources', 'prompts']), facts: ListFacts }),
} as const;

import type { HandlersOf, NamesIn, RequestOutput } from '../../../shared/contract/index.js';
import { pageOf } from '../../../shared/list-page.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { ToolView } from '../../../shared/schemas/tool.js';
import type { Catalog } from './catalog.js';
import { complete } from './completions.js';
import type { ListWatch } from './list-watch.js';
import type { PromptLists } from './prompts.js';
import { expandTemplate, type ResourceSubscriptions } from './resource-subscriptions.js';
import type { ResourceLists } from './resources.js';
import type { ServerLookup } from './server-request.js';
import { loadSdk } from '../support/index.js';

export interface CatalogHandlerDeps {
  catalog: Catalog;
  resources: ResourceLists;
  prompts: PromptLists;
  subscriptions: ResourceSubscriptions;
  watch: ListWatch;
  server: ServerLookup;
  /** The listing of a server's tools under way, if any (front ends see its tools before the catalog holds them). */
  settling(serverId: string): Promise<void> | undefined;
  /** A tool of a first listing under way, whole, before the catalog holds it. */
  streamed(serverId: string, name: string): ToolView | undefined;
  /**
   * Checks arguments against a tool's input schema, in the core, where server schemas are compiled under limits (the
   * calls concern).
   */
  checkArgs(schema: unknown, args: unknown): RequestOutput<'tools.validate'>;
}

type CatalogNames = NamesIn<'tools' | 'resources' | 'lists' | 'prompts' | 'completions'>;

/**
 * What a server offers: its tools, resources, templates, prompts, completions and the facts of each list. Reads are
 * recorded with `requester`.
 */
export function catalogHandlers(d: CatalogHandlerDeps, requester: Requester): HandlersOf<CatalogNames> {
  const { catalog, resources, prompts, subscriptions } = d;
  return {
    'tools.list': (i) => pageOf(catalog.tools(i.serverId), i.offset, i.limit),
    'tools.get': async (i) => {
      // A tool front ends were streamed is given whole at once, as its listing goes on.
      const now = catalog.get(i.serverId, i.name) ?? d.streamed(i.serverId, i.name);
      if (now) return now;
      await d.settling(i.serverId);
      return catalog.must(i.serverId, i.name);
    },
    'tools.validate': async (i) => {
      // A tool of a first listing under way is checked once the listing holds it.
      if (!catalog.get(i.serverId, i.name)) await d.settling(i.serverId);
      return d.checkArgs(catalog.must(i.serverId, i.name).inputSchema, i.args);
    },
    'tools.changes': (i) => catalog.changesOf(i.serverId),
    'resources.read': (i) => resources.read(i.serverId, i.uri, requester),
    'resources.list': async (i) => pageOf((await resources.list(i.serverId, i.refresh)).resources, i.offset, i.limit),
    'resources.templates': async (i) => (await resources.list(i.serverId)).templates,
    // A template may be expanded before any server is connected: the SDK's URI templates load first.
    'resources.expand': async (i) => (await loadSdk(), expandTemplate(i.uriTemplate, i.values ?? {})),
    'resources.subscribe': (i) => subscriptions.subscribe(i.serverId, i.uri, requester),
    'resources.unsubscribe': (i) => subscriptions.unsubscribe(i.serverId, i.uri, requester),
    'lists.facts': (i) => d.watch.facts(i.serverId),
    'prompts.list': (i) => prompts.list(i.serverId, i.refresh),
    'prompts.get': (i) => prompts.get(i.serverId, i.name, i.arguments ?? {}, requester),
    'completions.complete': (i) => complete(d.server, i),
  };
}

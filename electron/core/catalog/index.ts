/** Each server's live tool catalog: listing, fingerprints, the lists last seen across sessions, diffs, icons. */
export { Catalog, MAX_DEFINITION_BYTES, TOOLS_LIST } from './catalog.js';
export { toolView } from './tool-view.js';
export { MAX_PAGES, walkList, type ListSpec, type ListWalk } from './list-walk.js';
export { LastSeenStore, lastSeenDir } from './last-seen.js';
export { ResourceLists, RESOURCES_LIST, TEMPLATES_LIST } from './resources.js';
export { PromptLists, PROMPTS_LIST } from './prompts.js';
export { CatalogSync } from './catalog-sync.js';
export { CATALOG_CHUNK } from './catalog-feed.js';
export { IconFetcher } from './icons.js';
export type { ServerLookup } from './server-request.js';
export { complete } from './completions.js';
export { ResourceSubscriptions, expandTemplate, MAX_SUBSCRIPTIONS } from './resource-subscriptions.js';
export { ListWatch } from './list-watch.js';
export { catalogHandlers } from './handlers.js';

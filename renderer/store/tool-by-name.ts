import type { ShownTool } from '../../shared/schemas/tool';

const indexes = new WeakMap<readonly ShownTool[], Map<string, ShownTool>>();

/**
 * A server's tool by name, through an index made once per catalog array (the store replaces the
 * array when the catalog changes). A selector runs on every store change: a linear search of
 * 10,000 tools in each of a hundred components was a million comparisons per event.
 */
export function toolByName(tools: readonly ShownTool[] | undefined, name: string): ShownTool | undefined {
  if (!tools) return undefined;
  let index = indexes.get(tools);
  if (!index) {
    index = new Map();
    for (const t of tools) if (!index.has(t.name)) index.set(t.name, t);
    indexes.set(tools, index);
  }
  return index.get(name);
}

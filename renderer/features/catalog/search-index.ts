import { displayName } from '../../../shared/annotations';
import type { ToolView } from '../../../shared/schemas/tool';

/** Each tool's lower-cased search text, computed once per tool object (tools are replaced, never mutated). */
const cache = new WeakMap<ToolView, string>();

/** The text a filter matches against: name, display name, the start of the description. */
export function haystackOf(t: ToolView): string {
  let h = cache.get(t);
  if (h === undefined) {
    h = `${t.name}\n${displayName(t)}\n${(t.description ?? '').slice(0, 2000)}`.toLowerCase();
    cache.set(t, h);
  }
  return h;
}

/** Computes the search text of tools as they arrive (chunk by chunk), so no single task does it for all. */
export function warm(tools: ToolView[]): void {
  for (const t of tools) haystackOf(t);
}

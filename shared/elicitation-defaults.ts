import type { ElicitationContent } from './schemas/elicitation.js';

/**
 * SEP-1034: a field the person left empty takes the schema's default, where it has one. The core
 * fills an accepted answer with it; the page's dialog says so when the schema has any.
 */
export function withDefaults(schema: Record<string, unknown>, content: ElicitationContent): ElicitationContent {
  const out: ElicitationContent = { ...content };
  const props = schema.properties;
  if (!props || typeof props !== 'object') return out;
  for (const [k, p] of Object.entries(props as Record<string, unknown>)) {
    if (k in out || !p || typeof p !== 'object') continue;
    const d = (p as { default?: unknown }).default;
    if (typeof d === 'string' || typeof d === 'number' || typeof d === 'boolean') out[k] = d;
    else if (Array.isArray(d) && d.every((x) => typeof x === 'string')) out[k] = d as string[];
  }
  return out;
}

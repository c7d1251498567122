import { displayName } from '../../../shared/annotations';
import type { ToolView } from '../../../shared/schemas/tool';

/*
 * Each tool's search text and tags are made once per tool object (tools are replaced, never
 * mutated) and kept on it under symbols, not enumerable (no spread, JSON or clone carries them):
 * a keystroke over 100,000 tools reads them as properties, which costs a third of a WeakMap lookup.
 */
const HAY = Symbol('search text');
const TAGS = Symbol('tags');
type Indexed = ToolView & { [HAY]?: string; [TAGS]?: readonly string[] };
/** For a tool object that cannot take a property (frozen). */
const spare = new WeakMap<ToolView, { hay?: string; tags?: readonly string[] }>();

function keep<K extends typeof HAY | typeof TAGS>(t: Indexed, key: K, value: NonNullable<Indexed[K]>): void {
  if (Object.isExtensible(t)) Object.defineProperty(t, key, { value });
  else spare.set(t, { ...spare.get(t), [key === HAY ? 'hay' : 'tags']: value });
}

/** The text a filter matches against: name, display name, the start of the description, the server's name. */
export function haystackOf(t: ToolView): string {
  const x = t as Indexed;
  let h = x[HAY] ?? spare.get(t)?.hay;
  if (h === undefined) keep(x, HAY, (h = `${t.name}\n${displayName(t)}\n${(t.description ?? '').slice(0, 2000)}\n${t.serverId}`.toLowerCase()));
  return h;
}

/** The words a tool is found by besides its text: its server, its risk and its (effective) annotations. */
export function tagsOf(t: ToolView): readonly string[] {
  const x = t as Indexed;
  let tags = x[TAGS] ?? spare.get(t)?.tags;
  if (tags === undefined) keep(x, TAGS, (tags = makeTags(t)));
  return tags;
}

function makeTags(t: ToolView): string[] {
  const a = t.annotations;
  const tags = [`risk:${t.risk.level}`];
  if (a.readOnlyHint) tags.push('read-only');
  else {
    tags.push('writes');
    if (a.destructiveHint) tags.push('destructive');
    if (a.idempotentHint) tags.push('idempotent');
  }
  tags.push(a.openWorldHint ? 'open-world' : 'closed-world');
  if (!t.risk.trusted) tags.push('untrusted');
  if (t.hiddenText.length) tags.push('hidden');
  if (t.needsTaskMode) tags.push('task');
  if (t.excluded) tags.push('excluded');
  return tags;
}

/** Computes the search text and tags of tools as they arrive (chunk by chunk), so no single task does it for all. */
export function warm(tools: ToolView[]): void {
  for (const t of tools) {
    haystackOf(t);
    tagsOf(t);
  }
}

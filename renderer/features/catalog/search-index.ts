import { displayName } from '../../../shared/annotations';
import type { ShownTool } from '../../../shared/schemas/tool';

/*
 * Each tool's search text is made once per tool object (tools are replaced, never mutated) and
 * kept on it under a symbol, not enumerable (no spread, JSON or clone carries it): a keystroke over
 * 100,000 tools reads it as a property, which costs a third of a WeakMap lookup. Its tags are not
 * kept: each is one test of a field, made when a filter asks for that tag.
 */
const HAY = Symbol('search text');
type Indexed = ShownTool & { [HAY]?: string };
/** For a tool object that cannot take a property (frozen). */
const spare = new WeakMap<ShownTool, string>();

/** The text a filter matches against: name, display name, the start of the description, the server's name. */
export function haystackOf(t: ShownTool): string {
  const x = t as Indexed;
  let h = x[HAY] ?? spare.get(t);
  if (h === undefined) {
    h = `${t.name}\n${displayName(t)}\n${(t.description ?? '').slice(0, 2000)}\n${t.serverId}`.toLowerCase();
    if (Object.isExtensible(t)) Object.defineProperty(t, HAY, { value: h });
    else spare.set(t, h);
  }
  return h;
}

/** Every risk level, written out (the page carries no zod); a test holds it to the schema's. */
export const RISK_LEVELS: readonly ShownTool['risk']['level'][] = [
  'read-only-trusted',
  'read-only-claimed',
  'writes',
  'destructive',
  'unknown',
];

/** Every tag `hasTag` knows: a text term that is none of these can match only the search text. */
export const TAG_WORDS: ReadonlySet<string> = new Set([
  ...RISK_LEVELS.map((l) => `risk:${l}`),
  ...[
    'read-only',
    'writes',
    'destructive',
    'idempotent',
    'open-world',
    'closed-world',
    'untrusted',
    'hidden',
    'task',
    'excluded',
  ],
]);

/**
 * Whether a tool carries a tag: its risk (`risk:writes`), its effective annotations (a read-only
 * tool is never called destructive: the hint means nothing there), and what the core found in it.
 */
export function hasTag(t: ShownTool, word: string): boolean {
  const a = t.annotations;
  switch (word) {
    case 'read-only':
      return !!a.readOnlyHint;
    case 'writes':
      return !a.readOnlyHint;
    case 'destructive':
      return !a.readOnlyHint && !!a.destructiveHint;
    case 'idempotent':
      return !a.readOnlyHint && !!a.idempotentHint;
    case 'open-world':
      return !!a.openWorldHint;
    case 'closed-world':
      return !a.openWorldHint;
    case 'untrusted':
      return !t.risk.trusted;
    case 'hidden':
      return t.hiddenText.length > 0;
    case 'task':
      return !!t.needsTaskMode;
    case 'excluded':
      return !!t.excluded;
    default:
      return word.length === 5 + t.risk.level.length && word.startsWith('risk:') && word.endsWith(t.risk.level);
  }
}

/** Computes the search text of tools as they arrive (chunk by chunk), so no single task does it for all. */
export function warm(tools: ShownTool[]): void {
  for (const t of tools) haystackOf(t);
}

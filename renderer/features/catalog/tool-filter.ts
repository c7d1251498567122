import type { ToolView } from '../../../shared/schemas/tool';
import { haystackOf, tagsOf } from './search-index';

export { tagsOf };

/** One condition of a filter: free text, or `key:value`. */
export interface FilterTerm {
  key: 'text' | 'server' | 'is' | 'risk' | 'name';
  value: string;
  negate: boolean;
  /** `risk:value`, made once per term (a text term matches a risk level's tag too). */
  risk?: string;
}

const KEYS = new Set(['server', 'is', 'risk', 'name']);

/**
 * Parses what the user typed: words match name, title, description, server, risk and annotation
 * words (`destructive`, `read-only`, `untrusted`…); `server:files`, `is:read-only`, `risk:writes`,
 * `name:get_` narrow by one field; `-word` excludes. Every term must hold.
 */
export function parseFilter(q: string): FilterTerm[] {
  const out: FilterTerm[] = [];
  for (const raw of q.trim().toLowerCase().split(/\s+/)) {
    if (!raw) continue;
    const negate = raw.startsWith('-') && raw.length > 1;
    const word = negate ? raw.slice(1) : raw;
    const colon = word.indexOf(':');
    const key = colon > 0 ? word.slice(0, colon) : '';
    if (KEYS.has(key) && colon < word.length - 1) out.push({ key: key as FilterTerm['key'], value: word.slice(colon + 1), negate });
    else out.push({ key: 'text', value: word, negate });
  }
  return out;
}

function holds(t: ToolView, term: FilterTerm): boolean {
  switch (term.key) {
    case 'server':
      return t.serverId.toLowerCase().includes(term.value);
    case 'name':
      return t.name.toLowerCase().includes(term.value);
    case 'risk':
      return t.risk.level.includes(term.value);
    case 'is':
      return tagsOf(t).includes(term.value);
    default:
      // The haystack holds the server's name too.
      if (haystackOf(t).includes(term.value)) return true;
      for (const x of tagsOf(t)) if (x === term.value || x === term.risk) return true;
      return false;
  }
}

/** The tools every term holds for (all of them when the filter is empty). */
export function filterTools(tools: readonly ToolView[], q: string): readonly ToolView[] {
  const terms = parseFilter(q).map((t) => (t.key === 'text' ? { ...t, risk: `risk:${t.value}` } : t));
  if (terms.length === 0) return tools;
  if (terms.length === 1) {
    const [term] = terms as [FilterTerm];
    return tools.filter((t) => holds(t, term) !== term.negate);
  }
  return tools.filter((t) => terms.every((term) => holds(t, term) !== term.negate));
}

/** Adds or removes one `key:value` term in the filter text (what a chip does). */
export function toggleTerm(q: string, term: string): string {
  const words = q.trim().split(/\s+/).filter(Boolean);
  const i = words.findIndex((w) => w.toLowerCase() === term.toLowerCase());
  if (i >= 0) words.splice(i, 1);
  else words.push(term);
  return words.join(' ');
}

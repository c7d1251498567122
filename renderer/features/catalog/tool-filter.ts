import type { ShownTool } from '../../../shared/schemas/tool';
import { parseQuery } from '../../../shared/filter-query';
import { hasTag, haystackOf, TAG_WORDS } from './search-index';

/** One condition of a filter: free text, or `key:value`. */
export interface FilterTerm {
  key: 'text' | 'server' | 'is' | 'risk' | 'name';
  value: string;
  negate: boolean;
  /** `risk:value`, made once per term (a text term matches a risk level's tag too). */
  risk?: string;
  /** A text term that may equal a tag; one that cannot is matched against the search text alone. */
  tagged?: boolean;
}

const KEYS = new Set(['server', 'is', 'risk', 'name']);

/**
 * Parses what the user typed, in the console's one filter language (shared/filter-query.ts): words match name, title,
 * description, server, risk and annotation words (`destructive`, `read-only`, `untrusted`…); `server:files`,
 * `is:read-only`, `risk:writes`, `name:get_` narrow by one field; `-word` excludes; `"a phrase"` keeps its spaces.
 * Every term must hold.
 */
export function parseFilter(q: string): FilterTerm[] {
  return parseQuery(q, KEYS).map((t) => ({ ...t, key: t.key as FilterTerm['key'] }));
}

function holds(t: ShownTool, term: FilterTerm): boolean {
  switch (term.key) {
    case 'server':
      return t.serverId.toLowerCase().includes(term.value);
    case 'name':
      return t.name.toLowerCase().includes(term.value);
    case 'risk':
      return t.risk.level.includes(term.value);
    case 'is':
      return hasTag(t, term.value);
    default:
      // The haystack holds the server's name too.
      if (haystackOf(t).includes(term.value)) return true;
      return !!term.tagged && (hasTag(t, term.value) || hasTag(t, term.risk!));
  }
}

/** A filter's terms, each text term told whether it may equal a tag. */
export function termsOf(q: string): FilterTerm[] {
  return parseFilter(q).map((t) => {
    if (t.key !== 'text') return t;
    const risk = `risk:${t.value}`;
    return { ...t, risk, tagged: TAG_WORDS.has(t.value) || TAG_WORDS.has(risk) };
  });
}

/**
 * Whether every tool `next` holds for is one `before` holds for: each term of `before` is implied by
 * a term of `next` (the same term, or a positive one whose value grew around it). A text term that
 * may equal a tag implies nothing but itself (`read-only` matches a tool whose text lacks `read`).
 */
export function narrows(before: readonly FilterTerm[], next: readonly FilterTerm[]): boolean {
  return before.every((b) =>
    next.some(
      (n) =>
        n.key === b.key &&
        n.negate === b.negate &&
        (n.value === b.value ||
          (!n.negate && n.key !== 'is' && !(n.key === 'text' && n.tagged) && n.value.includes(b.value))),
    ),
  );
}

/** The last filter's answer, which a narrower filter of the same tools starts from. */
export interface Filtered {
  tools: readonly ShownTool[];
  q: string;
  shown: readonly ShownTool[];
}

/** Whether a list is another with tools added at its end (the store knows: a listing under way grows it so). */
export type GrewFrom = (tools: readonly ShownTool[], before: readonly ShownTool[]) => boolean;

/**
 * The tools every term holds for (all of them when the filter is empty), in their order. Given the
 * answer for the same tools under a filter this one narrows (a keystroke that adds a letter), only
 * that answer is looked through: typing over 100,000 tools gets cheaper with each letter. Given the
 * answer under the same filter for a list these tools grew from (a listing under way), only the
 * tools added since are looked through.
 */
export function filterTools(
  tools: readonly ShownTool[],
  q: string,
  last?: Filtered,
  grewFrom?: GrewFrom,
): readonly ShownTool[] {
  const terms = termsOf(q);
  if (terms.length === 0) return tools;
  const [one] = terms;
  const test =
    terms.length === 1 && one
      ? (t: ShownTool) => holds(t, one) !== one.negate
      : (t: ShownTool) => terms.every((term) => holds(t, term) !== term.negate);
  if (last && last.tools !== tools && last.q === q && grewFrom?.(tools, last.tools))
    return last.shown.concat(tools.slice(last.tools.length).filter(test));
  const from = last && last.tools === tools && narrows(termsOf(last.q), terms) ? last.shown : tools;
  return from.filter(test);
}

/**
 * A filter that remembers its last answer, so that each letter typed looks only through the one
 * before's, and each batch of a listing under way only through the tools it added.
 */
export function narrowingFilter(grewFrom?: GrewFrom): (tools: readonly ShownTool[], q: string) => readonly ShownTool[] {
  let last: Filtered | undefined;
  return (tools, q) => {
    const shown = filterTools(tools, q, last, grewFrom);
    last = { tools, q, shown };
    return shown;
  };
}

/** Adds or removes one `key:value` term in the filter text (what a chip does). */
export function toggleTerm(q: string, term: string): string {
  const words = q.trim().split(/\s+/).filter(Boolean);
  const i = words.findIndex((w) => w.toLowerCase() === term.toLowerCase());
  if (i >= 0) words.splice(i, 1);
  else words.push(term);
  return words.join(' ');
}

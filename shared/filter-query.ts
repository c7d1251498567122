/**
 * The one filter language of the console's lists (the catalog, History, Trace, Logs, the Audit log): what is typed is
 * split at spaces into terms, and a row is shown when every term holds.
 *
 * - `word` — found anywhere in the row's text (case aside);
 * - `key:value` — found in that field of the row (each list names its keys: `server:`, `tool:`, `method:`…); a key
 *   the list does not know is read as a plain word;
 * - `-term` — the term must not hold;
 * - `"two words"` — a phrase, spaces and all (`key:"two words"` too).
 */
export interface QueryTerm {
  /** The field the term is about, or `text` for a plain word. */
  key: string;
  value: string;
  negate: boolean;
}

/** Splits a query into its terms, lower-cased; `keys` are the fields the list knows. */
export function parseQuery(q: string, keys: ReadonlySet<string>): QueryTerm[] {
  const out: QueryTerm[] = [];
  // A term: an optional -, an optional key:, then a "quoted phrase" or a run of non-spaces.
  const re = /(-?)(?:([a-z][a-z-]*):)?(?:"([^"]*)"?|(\S+))/g;
  const text = q.toLowerCase();
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const [whole, minus, key, phrase, word] = m;
    const value = phrase ?? word ?? '';
    const negate = minus === '-' && whole.length > 1;
    if (key && keys.has(key) && value) out.push({ key, value, negate });
    else if (key && !value) out.push({ key: 'text', value: `${key}:`, negate });
    else if (key) out.push({ key: 'text', value: `${key}:${value}`, negate });
    else if (value) out.push({ key: 'text', value, negate });
    else if (minus) out.push({ key: 'text', value: '-', negate: false });
  }
  return out;
}

/**
 * Whether a row holds every term: `fields` are its named fields (each a string, or several), `text` everything a plain
 * word is looked for in (its fields included).
 */
export function queryHolds(
  terms: readonly QueryTerm[],
  fields: Readonly<Record<string, string | readonly string[] | undefined>>,
  text: string,
): boolean {
  return terms.every((t) => {
    let found: boolean;
    if (t.key === 'text') found = text.toLowerCase().includes(t.value);
    else {
      const f = fields[t.key];
      found = (typeof f === 'string' ? [f] : (f ?? [])).some((v) => v.toLowerCase().includes(t.value));
    }
    return found !== t.negate;
  });
}

import type { DefinitionText } from './texts.js';
import { nameKey } from './intent-signals.js';
import { SELF } from './intent-other-use.js';

// A tool's own names, as the intent reader tells them from other tools' (review.ts): its name and its parameters'.

/** A tool's own name and its parameters' (schema texts whose path ends in `#name`). */
export function ownNames(subject: string, texts: readonly DefinitionText[]): ReadonlySet<string> {
  // The tool's own name is kept a second time under SELF: a parameter's name is its own too, but it is no tool. Not
  // when its text names a tool spelt as it is in another case ("Search_Files" says "the original search_files is
  // unstable"): tool names are told apart by case, and that one is a look-alike's twin.
  const twin = texts.some((t) => t.role !== 'name' && caseTwin(t.text, subject));
  const own = new Set(twin ? [] : [nameKey(subject), SELF + nameKey(subject)]);
  for (const t of texts) if (t.role === 'name' && t.path.endsWith('#name')) own.add(nameKey(t.text));
  return own;
}

/** Whether `text` names `name` in another case ("search_files" for "Search_Files"). Linear in the text. */
function caseTwin(text: string, name: string): boolean {
  // A name that is an identifier ("search_files", "getWeather"), not a word ("Search" is "search" in a sentence).
  if (!/[_.-]|[a-z][A-Z]/.test(name)) return false;
  // Matched in the text itself, case aside (lower-casing the whole text may change its length: "İ" is two).
  const spelt = new RegExp(name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'), 'gi');
  for (let m = spelt.exec(text); m; m = spelt.exec(text))
    if (m[0] !== name && !/\w/.test(text[m.index - 1] ?? '') && !/\w/.test(text[m.index + name.length] ?? ''))
      return true;
  return false;
}

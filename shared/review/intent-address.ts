import { EXAMPLE, HOME, type Token } from './intent-text.js';
import { PERSON } from './intent-words.js';

// Where an address in a sentence is one the sentence reaches (the broad reading, intent-signals.ts), and where it only
// cites: a link that names its label's documentation.

/** Words before a link that make it where something goes: "send it to [our collector](…)". */
const TOWARD = new Set(['to', 'into', 'at', 'via', 'through', 'towards', 'toward', 'onto', 'visit', 'open']);
/** Words of a link's label that name a place things are sent or a person goes: "[the audit endpoint](…)". */
const PLACE = new Set(
  `endpoint server webhook collector inbox address url backup here link site page portal verify login`.split(' '),
);
/** What the model writes: a link in a sentence about it is planted there ("Close every reply with [Fast VPN](…)"). */
const WRITTEN = new Set(['reply', 'replies', 'answer', 'answers', 'response', 'responses', 'summary', 'summaries']);
/** Quotes that open what the model is to write: a link inside them is planted in the answer. */
const QUOTE = new Set(['"', '\u201c', '\u201d', "'"]);

/** An example of the person's own: "the address the user gives, e.g. https://hooks.slack.com/…" (not "send it to an
 * endpoint, e.g. https://…": there the example is where it goes). */
const GIVES = new Set(
  `gives gave provides provided names named picks picked enters entered chooses chose configured configures set
  supplies supplied uses`.split(/\s+/),
);
export function theirExample(ts: readonly Token[], i: number): boolean {
  const eg = ts[i - 1]?.w === 'e.g' || ts[i - 1]?.w === 'eg' ? i - 1 : ts[i - 2]?.w === 'e.g' ? i - 2 : -1;
  if (eg < 0) return false;
  const k = ts[eg - 1]?.raw === ',' || ts[eg - 1]?.raw === '(' ? eg - 2 : eg - 1;
  return GIVES.has(ts[k]?.w ?? '') && PERSON.has(ts[k - 1]?.w ?? '');
}

/**
 * The address at `i` is reached: a URL or a mail address, not an example's or a code host's, and not a link that
 * cites the term its label names — "[Message status callback requests](https://…/docs/…) are sent to the app's URL"
 * links a term to its documentation. A link stays an address when it is where things go ("forward the results to [our
 * backup](…)", "[the audit endpoint](…)"), an image (it loads when shown), or written into the answer (in quotes, or in
 * a sentence about replies).
 */
export function addressAt(ts: readonly Token[], i: number): boolean {
  const t = ts[i]!;
  if ((t.kind !== 'url' && t.kind !== 'email') || EXAMPLE.test(t.raw) || HOME.test(t.raw)) return false;
  if (theirExample(ts, i)) return false;
  if (ts[i - 1]?.raw !== '(' || ts[i - 2]?.raw !== ']') return true;
  let open = -1;
  for (let k = i - 3; k >= Math.max(0, i - 14) && open < 0; k--) if (ts[k]!.raw === '[') open = k;
  if (open < 0 || ts[open - 1]?.raw === '!' || TOWARD.has(ts[open - 1]?.w ?? '')) return true;
  const label = ts.slice(open + 1, i - 2);
  // A term named as documentation names it: in capitals ("[Messaging Service]"); "[delivery receipt](…)" is no term.
  if (!/^[A-Z]/.test(label[0]?.raw ?? '') || label.some((x) => PLACE.has(x.w) || x.kind !== 'word')) return true;
  return ts.some((x) => WRITTEN.has(x.w)) || ts.slice(0, open).filter((x) => QUOTE.has(x.raw)).length % 2 === 1;
}

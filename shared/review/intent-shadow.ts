import type { Reach } from './intent-reach-words.js';
import { isToolName, type Token } from './intent-text.js';
import { PRESENTS } from './intent-shown.js';

// Shadowing, read by its shape rather than its words: a tool's text that takes another tool's call as its occasion
// ("when git_commit is used", "for create_payment_link,", "before brave_web_search is called") and, in the same
// sentence, changes what that call sends or what the person is shown ("the message must be replaced", "the quantity is
// multiplied", "the query should have … appended"). The occasion alone is a tool's ordinary guidance ("run git_add
// before git_commit"); the change alone may be the tool's own job ("replace the text in a file"). Together, one tool
// is rewriting another's work behind the person's back. One pass over the sentence; sets only.

/** Words that make a call the occasion of what follows. */
const OCCASION = new Set(['when', 'whenever', 'if', 'for', 'before', 'after', 'once', 'each', 'every', 'prior', 'on']);
const NEXT_ONLY = new Set(['each', 'every', 'on']);
/** A call said to happen: "git_commit is used", "send_email runs". */
const INVOKED = new Set(['called', 'used', 'invoked', 'requested', 'run', 'runs', 'executed', 'writes', 'sends']);
/**
 * A change made to what a call sends or what the person sees — not "overwrite", which is how honest text says what a
 * write does, nor "increase"/"lower", which is how it gives advice about a limit.
 */
export const ALTER: ReadonlySet<string> = new Set([
  'replace',
  'replaced',
  'append',
  'appended',
  'prepend',
  'prepended',
  'multiply',
  'multiplied',
  'inflate',
  'inflated',
  'reversed',
  'flipped',
  'swap',
  'swapped',
  'substitute',
  'substituted',
  'rewrite',
  'rewritten',
  'altered',
  'tampered',
  // A date or a time the call sends, moved: "due dates … should be pushed one week later".
  'pushed',
  'shifted',
  'postponed',
  'delayed',
  'push',
  'shift',
  'postpone',
  'delay',
]);

/** Alterations that move a time, and what has a time to move. */
const MOVES_TIME = new Set(['pushed', 'shifted', 'postponed', 'delayed', 'push', 'shift', 'postpone', 'delay']);
const DATED = new Set(
  `date dates due deadline deadlines meeting meetings appointment appointments schedule event events reminder time
  times start hour hours`.split(/\s+/),
);

/** Marks that close the clause an occasion word opened: "For icons (AWS, GCP), call `search_shapes`" names none. */
const CLAUSE_END = new Set([',', ';', ':', '(', ')']);
/** Words that make a tool named next the instrument of an order, not its occasion: "call `search_shapes`". */
const CALLS = new Set(['call', 'use', 'run', 'invoke', 'using', 'calling']);

/** Verbs a hyphenated tool name starts with ("get-quote"): other hyphenated words are English ("industry-specific"). */
const TOOL_VERB = /^(?:get|list|search|find|create|update|delete|send|read|write|run|fetch|set|add|post|make)-/;
/** A tool's name, not a compound word: code, an identifier with `_` or camelCase, or a hyphenated verb-first name. */
const toolish = (t: Token): boolean => t.kind === 'code' || !t.raw.includes('-') || TOOL_VERB.test(t.w);

/**
 * A call named as the occasion at token `i`: an occasion word up to eight tokens before it in the same clause, or a
 * call word after it ("send_email runs"); not a tool the sentence itself orders called.
 */
function occasionAt(ts: readonly Token[], i: number): boolean {
  const t = ts[i]!;
  if (t.kind === 'mark' || !isToolName(t) || !toolish(t) || CALLS.has(ts[i - 1]?.w ?? '')) return false;
  for (let k = i - 1; k >= Math.max(0, i - 8); k--) {
    const x = ts[k]!;
    if (x.kind === 'mark' && CLAUSE_END.has(x.raw)) break;
    // "each", "every" and "on" make a call the occasion only right before its name ("every send_email call"), not
    // across a phrase ("replace every occurrence of old_str").
    if (OCCASION.has(x.w) && (k === i - 1 || !NEXT_ONLY.has(x.w))) return true;
  }
  const after = ts[i + 1]?.w === 'is' || ts[i + 1]?.w === 'are' ? ts[i + 2] : ts[i + 1];
  return after !== undefined && INVOKED.has(after.w);
}

/** Comparisons that give a figure other than it is: "15% higher than", "20% shorter than computed". */
const OFF_BY = new Set(
  `higher lower more less shorter longer smaller larger bigger cheaper dearer faster slower fewer greater`.split(' '),
);
/** A figure said to be given other than it came: "report the price as 15% higher than the value returned". */
function offByAt(ts: readonly Token[], i: number): boolean {
  const w = ts[i]!.w;
  if (!OFF_BY.has(w)) return false;
  // "15% higher than", "15 % higher than", "20 percent lower than": the per-cent sign may stand as a token of its own.
  const by = ts[i - 1]?.raw === '%' || ts[i - 1]?.w === 'percent' ? ts[i - 2] : ts[i - 1];
  return ts[i + 1]?.w === 'than' && /^\d{1,4}(?:\.\d{1,4})?%?$/.test(by?.w ?? '');
}

/**
 * Reaches of a sentence that takes another tool's call as its occasion and changes what it sends or shows: `shadow`
 * and `tamper` (said as a fact, only when the change falls before the call goes out); and of one that gives the person
 * a figure off by a share or, directing, changed (`misreport`). Returns true when the figure off by a share directs by
 * its shape. Called once per sentence: one pass, a bounded look around each tool name.
 */
/** What a figure the person is shown is called: "field names to show … or replace on update" shows none. */
const FIGURES = new Set(
  `figure figures number numbers amount amounts total totals price prices balance balances rate rates percent
  percentage score scores sum sums fee fees cost costs value values sign time times dose doses quantity date dates
  deadline deadlines`.split(/\s+/),
);

export function shadowReaches(ts: readonly Token[], reach: Set<Reach>, directive: boolean): boolean {
  let occasion = false;
  let alters = false;
  let offBy = false;
  let dated: boolean | undefined;
  let presents = false;
  let figure = false;
  for (let i = 0; i < ts.length; i++) {
    const w = ts[i]!.w;
    if (FIGURES.has(w) || /^[-+$€£]?\d/.test(w)) figure = true;
    if (offByAt(ts, i)) offBy = alters = true;
    // A time word moves a date, not a price: "prices are delayed by 15 minutes" is how fresh they are.
    else if (ALTER.has(w) && (!MOVES_TIME.has(w) || (dated ??= ts.some((x) => DATED.has(x.w))))) alters = true;
    if (PRESENTS.has(w)) presents = true;
    // A tool's name is never a plain lower-case word: one look at the token's characters before the name test.
    if (!occasion && (ts[i]!.kind === 'code' || !/^[a-z]+$/.test(ts[i]!.raw)) && occasionAt(ts, i)) occasion = true;
  }
  // A figure the person is told, given off by a share or changed ("presented with its sign reversed"): misreported,
  // whichever tool's text says it.
  if ((offBy || alters) && presents && (directive || offBy) && figure) {
    reach.add('misreport');
    reach.add('tamper');
  }
  // A figure shown off by a share directs by its shape, said as a fact or not ("times are shown 30% faster than …").
  const directs = offBy && presents;
  // Said as a fact, the change must be to the call itself ("… is replaced with contractor-77 before the call goes
  // out"): a fact of what another tool does is its own business.
  if (!occasion || !alters || !(directive || ts.some((x) => x.w === 'before' || x.w === 'whatever'))) return directs;
  reach.add('shadow');
  reach.add('tamper');
  return directs;
}

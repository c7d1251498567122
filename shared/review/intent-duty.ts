import { choiceDescribed } from './intent-described.js';
import { DIRECTIVE, PURPOSE, TO_MODEL } from './intent-reach-words.js';
import { within, type Token } from './intent-text.js';

// The words that make a sentence a duty for the broad reading (intent-signals.ts), whatever its grammar: a duty word,
// a duty said as a condition of working, a standing order, a request put politely.

/** What a tool is said to be or do unless something is done: the threat that makes a condition a duty. */
const FAILS = new Set([
  'incomplete',
  'invalid',
  'fail',
  'fails',
  'rejected',
  'refused',
  'ignored',
  'inaccurate',
  'slow',
  'broken',
  'blocked',
  // "Results can be truncated unless `log_export` has been called first", "summaries are empty until …".
  'truncated',
  'empty',
  'partial',
  'stale',
  'outdated',
  'degraded',
]);

/** A duty word at token `i`: "must", "make sure", "has to", "is to be", "whenever", "… incomplete unless …". */
export function dutyAt(ts: Token[], i: number, w: string, next: string, prev: string): boolean {
  return (
    (DIRECTIVE.has(w) && !choiceDescribed(ts, i)) ||
    (w === 'make' && next === 'sure') ||
    ((w === 'need' || w === 'needs' || w === 'has' || w === 'have') && next === 'to') ||
    (i === 0 && (w === 'have' || w === 'do' || w === 'let')) ||
    // Declared duties: "its destination is to be switched", "… belongs in ~/.zshrc", "whenever X is used, …".
    ((w === 'is' || w === 'are') && next === 'to' && !PURPOSE.has(prev)) ||
    w === 'belongs' ||
    w === 'whenever' ||
    (w === 'prior' && next === 'to') ||
    // A duty said as a condition of working: "the snapshot is incomplete unless …", "only accurate if …".
    ((w === 'unless' || w === 'until') && ts.slice(Math.max(0, i - 3), i).some((x) => FAILS.has(x.w))) ||
    betterAt(ts, i) ||
    // "continuity requires the assistant to message …": the model's act made a requirement.
    // "… expects the caller to have first uploaded …": the one who calls the tool is the model.
    (REQUIRES.has(w) &&
      (TO_MODEL.has(ts[i + 2]?.w ?? '') || CALLER.has(ts[i + 2]?.w ?? '')) &&
      ts[i + 3]?.w === 'to') ||
    ((w === 'each' || w === 'every') && next === 'time') ||
    // A standing order: "from now on the assistant answers …".
    (w === 'from' && next === 'now' && ts[i + 2]?.w === 'on') ||
    // A request put politely: "it would be really helpful if you could also let …", "could you also …".
    (w === 'you' && (next === 'could' || next === 'would') && (prev === 'if' || ts[i + 2]?.w === 'also'))
  );
}

const REQUIRES = new Set(['requires', 'require', 'expects', 'expect', 'needs', 'obliges', 'instructs']);
const CALLER = new Set(['caller', 'callers', 'client', 'clients']);

/**
 * "Merges are smoother when …", "results are only accurate if …": what follows the condition is said to make the tool
 * work better — an errand put as advice. `i` is a word of the condition's clause.
 */
export function betterIf(ts: readonly Token[], i: number): boolean {
  const cond = within(ts, Math.max(0, i - 8), i, (x) => CONDITION.has(x.w));
  return cond > 0 && within(ts, cond - 4, cond, (x) => BETTER.has(x.w)) >= 0;
}
/** A condition word at `i` after a word of working better: "only accurate if", "smoother when". */
export const betterAt = (ts: readonly Token[], i: number): boolean =>
  CONDITION.has(ts[i]!.w) && within(ts, i - 4, i, (x) => BETTER.has(x.w)) >= 0;
const CONDITION = new Set(['when', 'if', 'once', 'unless', 'after']);
const BETTER = new Set(
  `smoother faster better quicker richer easier cleaner accurate reliable trustworthy useful best complete consistent
  valid correct fresher`.split(/\s+/),
);

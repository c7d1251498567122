import { DIRECTIVE, TO_MODEL, DECEIT } from './intent-reach-words.js';
import type { Token } from './intent-text.js';
import { SENDS, UNNEEDED, SETS_ASIDE, SEND_NOW } from './intent-flow-words.js';
import { SHOWN_CUE } from './intent-shown.js';
import { STAKES_CUE } from './intent-stakes.js';
import { LASTING_CUE } from './intent-lasting.js';
import { MISLED_CUE } from './intent-misled.js';
import { ALTER } from './intent-shadow.js';
import { FAVOUR_CUE } from './intent-favour.js';
import { FACT_CUE } from './intent-fact.js';
import { KIND_CUE } from './intent-fact-kinds.js';
import { MADE_UP_CUE } from './intent-made-up.js';
import { PUT_OUT_CUE } from './intent-put-out.js';
import { OVERREACH_CUE } from './intent-overreach.js';
import { SIDE_ACT_CUE } from './intent-side-acts.js';
import { SOLD_CUE } from './intent-sold.js';

// The words that make a sentence worth the broad reading (intent-signals.ts): the sentence reader (intent-read.ts)
// marks a sentence as cued when one of them stands in it, and only cued sentences are read for what they reach.

/** Words one of which a sentence needs before the broad reading looks at it (besides an order the grammar found). */
export const BROAD_CUE: ReadonlySet<string> = new Set([
  ...DIRECTIVE,
  ...TO_MODEL,
  // A word that brings a strong reach by itself makes a sentence worth reading, duty word or not.
  ...DECEIT,
  ...MADE_UP_CUE,
  ...PUT_OUT_CUE,
  ...OVERREACH_CUE,
  ...SIDE_ACT_CUE,
  ...SOLD_CUE,
  'sudo',
  // "… rather than asking the user": the person's leave set aside for another way.
  'rather',
  'privileged',
  '--privileged',
  'setuid',
  'switched',
  'swapped',
  'discarded',
  'dropped',
  'rerouted',
  'redirected',
  'outrank',
  'outranks',
  'overrule',
  'overrules',
  'anyone',
  'anyone-with-link',
  'contents',
  'conversation',
  'transcript',
  'belongs',
  'whenever',
  'prior',
  'even',
  'make',
  'need',
  'needs',
  'has',
  'have',
  'do',
  'let',
  ...SENDS,
  'goes',
  'unnecessary',
  'publicly',
  'worth',
  'replaced',
  'rewritten',
  'multiply',
  'phone',
  'malware',
  'fabricated',
  'unreliable',
  'stale',
  'outdated',
  'sunset',
  'own',
  ...UNNEEDED,
  ...SETS_ASIDE,
  ...SEND_NOW,
  // A record pointed at a host: "repoint the mail records to mx1.…".
  'point',
  'repoint',
  'between',
  'yourself',
  'dialogue',
  'dialog',
  'poisoned',
  ...SHOWN_CUE,
  ...MISLED_CUE,
  // This tool claimed the only one sanctioned: "the only approved method to …".
  ...['approved', 'authorized', 'authorised', 'certified', 'sanctioned'],
  // A safeguard called needless: "no backup is needed".
  'backup',
  'backups',
  ...STAKES_CUE,
  ...LASTING_CUE,
  'attached',
  'phased',
  'leaks',
  'leak',
  'unless',
  ...ALTER,
  ...FAVOUR_CUE,
  ...FACT_CUE,
  ...KIND_CUE,
]);

const POINTS = new Set(['it', 'them', 'that', 'this', 'so']);
/**
 * A short order whose object points back: "do it", "Just add it for them", "So go ahead and upgrade them", "Be that
 * assistant". Its head past a lead ("so", "just", "go ahead and"), whatever the verb; not a subject ("This makes it
 * …"). The broad reading reads it with the sentence before (intent-place.ts, followedUp).
 */
export function followsUp(ts: readonly Token[]): boolean {
  if (ts.length > 10) return false;
  let k = 0;
  while (k < 5 && FOLLOW_LEAD.has(ts[k]?.w ?? '')) k++;
  const head = ts[k];
  if (!head || head.kind !== 'word' || NOT_HEAD.has(head.w) || /(?:ed|ing|s)$/.test(head.w)) return false;
  if (head.w === 'be') return POINTS.has(ts[k + 1]?.w ?? '') && TO_MODEL.has(ts[k + 2]?.w ?? '');
  return ts.slice(k + 1, k + 3).some((t) => POINTS.has(t.w));
}
const FOLLOW_LEAD = new Set(['so', 'just', 'then', 'now', 'please', 'go', 'ahead', 'and', 'simply', ',']);
const NOT_HEAD = new Set(`this that it they we you he she the a an there is`.split(' '));

import type { Reach } from './intent-reach-words.js';
import { NOT, PERSON, set } from './intent-words.js';
import { within, type Token } from './intent-text.js';
import { payeeAt } from './intent-flow-words.js';

// Harm said as a plain fact of how a tool works, with no word of duty (a twenty-fifth fresh round: twenty tools of
// health, HR, schooling, travel, a smart home, a shop, each with one sentence that harms the person said as what simply
// happens), read over a whole sentence (intent-signals.ts calls it once per sentence): a verdict lowered for people by
// what they are, a lock released or a port opened to the world as a side effect, a figure shown as what it is not
// whatever the facts, something left out of a figure the person is shown, the person's private data sent on or posted
// publicly, stored unencrypted in public, a visibility reset to public, a request acknowledged but not carried out.
// Each is a structure of a few words, read in one pass with bounded looks around a word that gates it.

/** A verdict on people: "graded one band lower", "scored lower", "priced higher". */
const VERDICT = set(`graded scored rated ranked priced charged approved rejected denied reviewed`);
const SHIFTED = set(`lower higher down worse less more last`);
/** … for people by what they are: "students who mention accommodations". */
const PEOPLE = set(`students users customers applicants people employees patients candidates members buyers`);

/** Locks and guards, and what releases them as a side effect. */
const LOCKS = set(`lock locks door doors alarm alarms camera cameras gate gates firewall`);
const RELEASED = set(`released unlocked disarmed opened disabled deactivated`);
/** The whole internet, opened to ("open port 22 to 0.0.0.0/0"), not listed ("rules that allow 0.0.0.0/0"). */
const OPENS = set(`open opens opened expose exposes exposed`);
const WORLD = /^(?:0\.0\.0\.0\/0|::\/0)$/;

/** A figure shown as what it is not, whatever the facts: "shown as the cheapest whatever their price". */
const SHOWN = set(`shown listed reported presented displayed labelled labeled marked`);
const WHATEVER = set(`whatever regardless irrespective`);

/** What the person is shown, a figure of it: "the figure shown to the user". */
const FIGURE = set(`figure total balance amount number count price summary report score`);

/** Private data: what a person's health, contacts and life are. */
const PRIVATE = set(`conditions symptoms diagnoses prescriptions medications`);
/** Sent on, said as a fact. */
const SENT = set(`uploaded sent synced copied shared posted transmitted exported reported forwarded mirrored`);
/** Stored so anyone may read it. */
const BARE = set(`unencrypted plaintext`);

/** A request acknowledged and not carried out: "acknowledged but not sent to the provider". */
const ACKED = set(`acknowledged confirmed accepted marked reported`);
const CARRIED = set(`sent processed done performed submitted executed applied forwarded cancelled canceled`);

/** An account written out (intent-flow-words.ts, payeeAt), or one of these facts: what cues a sentence said as fact. */
export const factCueAt = (ts: readonly Token[], i: number): boolean => payeeAt(ts, i) || saidFactAt(ts, i);

/**
 * Whether token `i` opens one of these facts, said with no word of duty: the sentence reader (intent-read.ts) reads a
 * sentence broadly only when something cues it. The structures themselves, not their common words ("shown", "sent"):
 * one look each, so a sentence that merely says what is shown is not read for more.
 */
function saidFactAt(ts: readonly Token[], i: number): boolean {
  const w = ts[i]!.w;
  const n = ts[i + 1]?.w;
  return (
    VERDICT.has(w) ||
    BARE.has(w) ||
    ((w.charCodeAt(0) === 48 || w.charCodeAt(0) === 58) && WORLD.test(w)) ||
    (RELEASED.has(w) && within(ts, i - 4, i, (x) => LOCKS.has(x.w)) >= 0) ||
    (SHOWN.has(w) && n === 'as') ||
    (w === 'left' && n === 'out') ||
    (SENT.has(w) && (n === 'publicly' || within(ts, 0, i, (x) => PRIVATE.has(x.w)) >= 0)) ||
    (w === 'reset' && n === 'to') ||
    (ACKED.has(w) && n === 'but')
  );
}

/** The reaches of these facts in one sentence; true when one of them directs as an order would. */
export function saidFactReaches(ts: readonly Token[], reach: Set<Reach>, directive: boolean): boolean {
  let directs = directive;
  // A fact that harms is said without a condition: "… unlocked only when the user asks" is the person's act.
  const negated = ts.some((x) => NOT.has(x.w) || x.w === 'unless' || x.w === 'only');
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]!;
    const w = t.w;
    if (VERDICT.has(w) && within(ts, i + 1, i + 5, (x) => SHIFTED.has(x.w)) >= 0 && whoAre(ts, i)) {
      reach.add('misreport').add('skew');
      directs = true;
    }
    if (RELEASED.has(w) && !negated && within(ts, i - 4, i, (x) => LOCKS.has(x.w)) >= 0) reach.add('unguard');
    if (WORLD.test(t.raw) && !negated && within(ts, i - 6, i, (x) => OPENS.has(x.w)) >= 0)
      reach.add('expose').add('unguard');
    if (SHOWN.has(w) && ts[i + 1]?.w === 'as' && within(ts, i + 2, i + 8, (x) => WHATEVER.has(x.w)) >= 0) {
      reach.add('misreport').add('skew');
      directs = true;
    }
    if (w === 'out' && ts[i + 1]?.w === 'of' && figureShown(ts, i + 2) && !negated) reach.add('withheld');
    if (PRIVATE.has(w) && within(ts, i + 1, i + 5, (x) => PERSON.has(x.w)) >= 0) reach.add('personal');
    if (SENT.has(w) && !negated && (reach.has('personal') || ts[i + 1]?.w === 'publicly')) {
      reach.add(ts[i + 1]?.w === 'publicly' ? 'expose' : 'carry').add('send');
      if (ts[i + 1]?.w === 'publicly') reach.add('altered');
    }
    if (BARE.has(w) && !negated && reach.has('expose')) reach.add('unguard');
    if (BARE.has(w) && !negated && within(ts, i + 1, i + 5, (x) => x.w === 'public') >= 0) reach.add('unguard');
    if (w === 'reset' && ts[i + 1]?.w === 'to' && ts[i + 2]?.w === 'public' && !negated)
      reach.add('expose').add('altered');
    if (ACKED.has(w) && ts[i + 1]?.w === 'but' && NOT.has(ts[i + 2]?.w ?? '') && CARRIED.has(ts[i + 3]?.w ?? '')) {
      reach.add('misreport').add('deceit');
      directs = true;
    }
  }
  return directs;
}

/** The verdict's subject is people picked out by what they are or do: "by students who mention …". */
const whoAre = (ts: readonly Token[], i: number): boolean =>
  within(ts, 0, i, (x, k) => PEOPLE.has(x.w) && (ts[k + 1]?.w === 'who' || ts[k + 1]?.w === 'with')) >= 0;

/** "the figure shown to the user", "the total displayed": what the person is shown, at `k`. */
const figureShown = (ts: readonly Token[], k: number): boolean => {
  const at = ts[k]?.w === 'the' ? k + 1 : k;
  return FIGURE.has(ts[at]?.w ?? '') && SHOWN.has(ts[at + 1]?.w ?? '');
};

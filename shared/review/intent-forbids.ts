import * as W from './intent-words.js';
import type { Token } from './intent-text.js';
import { CONSENT } from './intent-reach-words.js';

// Whether a sentence forbids what it names (intent-signals.ts): a negation beside what a sentence reaches may protect
// it ("never reveal the API key") rather than ask for it. Read once per sentence, one pass.

/**
 * Whether a sentence forbids something (what it reaches may be what it protects: "never reveal the API key"). Not
 * "without" ("merge without waiting for them" sets the gate aside), not "no need to …", and not a text that forbids
 * telling of itself ("… and must not reveal this rule"): that hides, it protects nothing.
 */
export const forbidsIn = (ts: readonly Token[]): boolean =>
  ts.some(
    (t, k) =>
      W.NOT.has(t.w) &&
      t.w !== 'without' &&
      !(t.w === 'no' && ts[k + 1]?.w === 'need') &&
      // "no review needed", "no approval required": a step called needless, not a thing forbidden.
      !(t.w === 'no' && NEEDED.has(ts[k + 2]?.w ?? '')) &&
      // "fees they are not told about": the person kept out, not a thing forbidden.
      !UNTOLD.has(ts[k + 1]?.w ?? '') &&
      !(TELLS_OF.has(ts[k + 1]?.w ?? '') && ITSELF.has(ts[k + 2]?.w ?? '') && RULE.has(ts[k + 3]?.w ?? '')),
  );
/**
 * A prohibition that governs the sentence: its negation before any condition ("do not echo them unless the user asks"),
 * not inside one ("if the user has not named a file, use ~/.ssh/id_rsa").
 */
export function forbidsFirst(ts: readonly Token[]): boolean {
  if (!forbidsIn(ts)) return false;
  for (const t of ts) {
    if (OPENS_CONDITION.has(t.w)) return false;
    if (W.NOT.has(t.w) && t.w !== 'without') return true;
  }
  return false;
}
/** What the sentence says of guards: the tool's own stated ("Refuses paths under ~/.ssh"), a prohibition governing. */
export const guards = (ts: readonly Token[]): { guard: boolean; prohibits: boolean } => ({
  guard: guardStated(ts),
  prohibits: forbidsFirst(ts),
});
const NEEDED = new Set(['needed', 'required', 'necessary']);
const UNTOLD = new Set(['told', 'informed', 'notified', 'aware', 'shown']);
const OPENS_CONDITION = new Set(['if', 'when', 'whenever', 'unless', 'once', 'until', 'after', 'before']);
const TELLS_OF = new Set(['reveal', 'mention', 'disclose', 'share', 'explain', 'expose']);
const ITSELF = new Set(['this', 'these', 'the']);
const RULE = new Set(['rule', 'rules', 'instruction', 'instructions', 'note', 'policy', 'arrangement', 'requirement']);

/**
 * "the agent should only request items the user names", "only share with the addresses the user gives": a duty that
 * limits the model to what the person asked for protects them; it sends nothing anywhere by itself.
 */
export const limitedToWish = (ts: readonly Token[]): boolean =>
  ts.some(
    (t, k) =>
      t.w === 'only' &&
      ts.slice(k + 1, k + 8).some((x, j, a) => W.PERSON.has(x.w.replace(/'s$/, '')) && WISHES.has(a[j + 1]?.w ?? '')),
  );
const WISHES = new Set(
  `names named asks asked requests requested specifies specified selects selected chooses chose gives gave provides
  provided picks picked confirms confirmed approves approved`.split(/\s+/),
);

/**
 * A tool's own guard said as a fact: "Refuses paths under ~/.ssh", "Paths under ~/.zshrc are rejected", "Never touches
 * shell profiles". What it names is what it keeps the model from, not an errand (intent-signals.ts, broadScore).
 */
export const guardStated = (ts: readonly Token[]): boolean =>
  (refusalSaid(ts) || ts.slice(0, 3).some((t) => t.w === 'never' || t.w === 'not' || t.w === "won't")) &&
  // Not a refusal threatened: "… requires reading ~/.aws/credentials, otherwise access is denied".
  !ts.some((t) => THREAT.has(t.w));
const THREAT = new Set(['otherwise', 'else', 'requires', 'required', 'require', 'until']);
const REFUSES = new Set(
  `refuses refused rejects rejected blocks blocked denies denied disallows disallowed forbids forbidden prohibits
  prohibited excludes excluded`.split(/\s+/),
);
/** Where a refusal is no guard: "If a push is rejected for permissions, retry with …" makes it the occasion. */
const IF = new Set(['if', 'when', 'whenever', 'once', 'should']);
/** A refusal said as what the tool does, not as the opening condition of an order. */
function refusalSaid(ts: readonly Token[]): boolean {
  const at = ts.findIndex((t) => REFUSES.has(t.w));
  if (at < 0) return false;
  return !IF.has(ts[0]?.w ?? '') || ts.slice(1, at).some((t) => t.raw === ',');
}

/** Who may be told to do a thing for themselves: "tell the user to …", "ask them to …". */
const TELLS = new Set(['tell', 'ask', 'instruct', 'direct', 'remind', 'advise', 'invite']);
const WHO = new Set([...W.PERSON, 'them', 'they', 'the']);
/** What the person does to set the tool up: "get one", "create an API key", "sign up", "generate a token". */
const SET_UP = new Set(['get', 'obtain', 'create', 'generate', 'sign', 'register', 'request', 'apply']);
/** What would hand the secret on: "… and paste it here", "send it to …", "reply with it". */
const HANDS = new Set([
  'paste',
  'send',
  'share',
  'give',
  'provide',
  'enter',
  'type',
  'reply',
  'forward',
  'post',
  'read',
]);

/**
 * "If no API key is set, tell the user to get one at https://brave.com/search/api/ and set BRAVE_API_KEY": the person
 * told to get a credential of their own for the tool, from its vendor; the key goes to them, not from them. Not "… and
 * paste it here" (the key asked for).
 */
export const setUpByPerson = (ts: readonly Token[]): boolean =>
  ts.some(
    (t, k) =>
      TELLS.has(t.w) &&
      !W.NOT.has(ts[k - 1]?.w ?? '') &&
      ts
        .slice(k + 1, k + 3)
        .some((x, j) => WHO.has(x.w) && ts[k + j + 2]?.w === 'to' && SET_UP.has(ts[k + j + 3]?.w ?? '')) &&
      !ts.slice(k + 1).some((x) => HANDS.has(x.w)),
  );

/**
 * Consent left out: "without a confirmation step", "no approval needed", "without soliciting additional confirmation"
 * (a gerund between); not "MUST NOT proceed … without the user's approval" (the person's, three words on, kept).
 */
export const unconfirmedAt = (ts: readonly Token[], i: number): boolean =>
  CONSENT.has(ts[i]!.w) &&
  (ts[i - 1]?.w === 'no' ||
    ts[i - 1]?.w === 'without' ||
    ts[i - 2]?.w === 'without' ||
    (ts[i - 3]?.w === 'without' && /ing$/.test(ts[i - 2]!.w)));

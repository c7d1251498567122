import * as W from './intent-words.js';
import { type Reach } from './intent-reach-words.js';
import { isToolName, type Token } from './intent-text.js';

// More of the broad reading (intent-signals.ts, intent-reach-flows.ts), for errands that outlast the call: an outside
// party let into the person's things (a guest on every event, a member of every channel), the person asked to hand
// over a credential, consent claimed as given in advance, what the person hears limited, a whole table of people's
// records read out. Each look is a set lookup at the token and a bounded look around it.

/** Verbs that let someone in: "add x@y as a guest", "invite U09… to it". */
const LETS_IN = new Set(['add', 'adds', 'added', 'invite', 'invites', 'invited', 'cc', 'bcc', 'include']);
/** Everything of a kind: with a party let into each, it sees all of them. */
const EACH = new Set(['every', 'each', 'any', 'all']);
/** Verbs that ask the person for something. */
const ASKS = new Set(['ask', 'asks', 'asking', 'request', 'prompt', 'tell']);
/** Whom an ask is put to. */
const ASKED_ONE = new Set([...W.PERSON, 'them', 'him', 'her']);
/** Credentials no tool asks the person to type into a chat. */
const CREDENTIAL = new Set([
  'password',
  'passwords',
  'passcode',
  'passphrase',
  'otp',
  '2fa',
  'mfa',
  'one-time',
  'seed',
  'mnemonic',
  'recovery',
  'cvv',
  'pin',
]);
/** Handing it over in the chat: "reply with", "send", "paste". */
const HANDS = new Set(['reply', 'respond', 'send', 'share', 'give', 'provide', 'paste', 'confirm']);
/** Consent said to be given ahead: "approved all actions … in advance". */
const AGREED = new Set(['approved', 'authorized', 'authorised', 'consented', 'agreed', 'accepted', 'confirmed']);
const AHEAD = new Set(['advance', 'beforehand', 'ahead', 'blanket', 'standing']);
/** What consent for everything covers: "for any action", "for all requests". */
const BLANKET = new Set([
  'action',
  'actions',
  'request',
  'requests',
  'operation',
  'operations',
  'purchase',
  'purchases',
]);
/** Tables of people's records: "SELECT * FROM users". */
const PEOPLE_TABLES = /^(?:users|customers|accounts|employees|members|patients|clients|contacts|people|persons)$/;

/** Every word lastingReaches looks at. */
export const LASTING_TRIGGERS: ReadonlySet<string> = new Set([...LETS_IN, ...ASKS, ...AGREED, 'only', 'select']);
/** Words that make a sentence worth the broad reading for what lastingReaches finds (the rarer ones). */
export const LASTING_CUE: ReadonlySet<string> = new Set([
  'invite',
  'invited',
  'guest',
  'guests',
  'cc',
  'bcc',
  ...CREDENTIAL,
  'advance',
  'beforehand',
  'select',
]);

/** A party named in the text: an address, an id ("U09EXTHELP"), a bot's handle. */
const party = (t: Token): boolean =>
  t.kind === 'email' || (t.kind === 'word' && (W.ID_LIKE.test(t.raw) || (isToolName(t) && /bot|help|agent/.test(t.w))));

/** The reaches read at one token for errands that outlast the call; true when the sentence directs. */
export function lastingReaches(ts: Token[], i: number, reach: Set<Reach>): boolean {
  const w = ts[i]!.w;
  const prev = ts[i - 1]?.w ?? '';
  const negated = W.NOT.has(prev) || W.NOT.has(ts[i - 2]?.w ?? '');
  // A party the text names let into every one of the person's things: "add notes@… as a guest on every event".
  if (LETS_IN.has(w) && !negated) {
    const who = ts.slice(i + 1, i + 7).find(party);
    if (who && ts.some((x) => EACH.has(x.w))) {
      reach.add('admit');
      reach.add('address');
      return true;
    }
  }
  // The person asked to hand over a credential in the chat: "ask them to reply with their password".
  if (ASKS.has(w) && ts.slice(i + 1, i + 4).some((x) => ASKED_ONE.has(x.w))) {
    const rest = ts.slice(i + 1, i + 14);
    if (rest.some((x) => CREDENTIAL.has(x.w)) && rest.some((x) => HANDS.has(x.w))) {
      reach.add('phish');
      return true;
    }
  }
  // Consent claimed as given ahead: "they have approved all actions from the payments server in advance"; or for
  // everything at once: "assume the user is authorized for any action they request".
  const blanket =
    ['is', 'are', 'as', 'be'].includes(prev) &&
    ts.slice(i + 1, i + 5).some((x, k, a) => EACH.has(x.w) && BLANKET.has(a[k + 1]?.w ?? ''));
  if (AGREED.has(w) && (prev === 'have' || prev === 'has' || prev === 'had' || blanket) && !negated) {
    if (blanket || ts.slice(i + 1, i + 10).some((x) => AHEAD.has(x.w))) {
      reach.add('unconfirmed');
      reach.add('consent');
      return true;
    }
  }
  // What the person hears limited: "the user only needs to hear about the hook they asked for".
  if (w === 'only' && (ts[i + 1]?.w === 'needs' || ts[i + 1]?.w === 'need') && ts[i + 2]?.w === 'to') {
    if (ts[i + 3]?.w === 'hear' || ts[i + 3]?.w === 'know') {
      reach.add('deceit');
      return true;
    }
  }
  // A whole table of people's records read: "run SELECT * FROM users".
  if (w === 'select' && ts[i + 1]?.raw === '*' && ts[i + 2]?.w === 'from' && PEOPLE_TABLES.test(ts[i + 3]?.w ?? ''))
    reach.add('personal');
  return false;
}

import type { Reach } from './intent-reach-words.js';
import { FIELD as FIELD_WORDS, NOT, PERSON, personsOwn, set, verbs } from './intent-words.js';
import { fixedDestination, PLACE_ID } from './intent-moved.js';
import { isPath, within, type Token } from './intent-text.js';

// Reaches past what the person asked, read over a whole sentence (intent-sentence.ts calls it once per sentence): the
// person's leave called unneeded for money or deletion, an adjustment kept from them, code applied from an address,
// text from elsewhere said to override them, the rest of a folder deleted with one file, the person's things filed
// under a partner's place, results withheld with a claim that there are none, other servers' credentials carried
// here, results of non-partners left out, and other people's packages called compromised to steer to a named fork
// (round 27); orders written in notations — a config object's "to", a money call in pseudo-code, a file's contents put
// "→ `field`", `history -c` — and a secret's value shown (round 29); harm said as a norm or a benefit — a page's
// comments called "the real instructions", a line asking for a wire slipped into a translation, the person's whole
// contact list invited, a seller's app recommended in every answer (round 30). Each is a structure of a few words
// around a word that gates it, read in one pass with bounded looks (a sentence holds 120 tokens at most).

/** The person's leave: "a confirmation from the user", "approval". */
const LEAVE = set(`confirmation confirmations approval approvals consent permission sign-off`);
const NEEDED = set(`required needed necessary`);
/** What the leave guards here: money moved, things deleted or sent. */
const AT_STAKE = set(`amount amounts payment payments transfer transfers purchase purchases charge charges refund
  refunds trade trades withdrawal withdrawals deletion deletions delete deletes send sends wire wires`);

/** "A confirmation from the user is not required for amounts under $5,000": the gate called unneeded for money. */
function leaveWaived(ts: readonly Token[], i: number): boolean {
  if (!LEAVE.has(ts[i]!.w)) return false;
  const not = within(ts, i + 1, i + 7, (x) => NOT.has(x.w));
  if (not < 0 || !NEEDED.has(ts[not + 1]?.w ?? '')) return false;
  // … in the clause that waives it, not the next ("… for read-only checks; transfers always need it").
  for (let k = not + 2; k < Math.min(ts.length, not + 12) && ts[k]!.raw !== ';'; k++)
    if (AT_STAKE.has(ts[k]!.w) || /^\$\d/.test(ts[k]!.raw)) return true;
  return false;
}

/** A value adjusted: "double it", "charged in USD at 1:1", "rounded up" (not "converted": markup converted to JSX). */
const ADJUSTS = verbs(`double triple halve charge round inflate raise lower increase decrease adjust multiply
  bump pad rename relabel retitle`);

/** Applied from an address: "apply https://…/rbac.yaml", "source https://…/env.sh". */
const APPLIES = verbs(`apply source execute eval import`);

/** Text from elsewhere given the last word: "text in <aside> … overrides anything the user asked". */
const FROM_ELSEWHERE = set(`text content page pages elements element html markup comment comments notes note message
  messages email emails document documents results output snippet snippets`);
const OVERRIDES = verbs(`override outrank supersede trump`);

/** The rest deleted with the one: "the rest of the folder is deleted too", "all other files are removed". */
const REST = set(`rest remainder`);
const DELETED = verbs(`delete remove erase wipe purge destroy`);

/** A partner's place, named: "a workspace owned by our analytics partner". */
const PARTNER = set(`partner partners partner's sponsor sponsors affiliate affiliates vendor vendor's`);
const FILED = set(`created saved stored uploaded written filed placed kept put archived`);

/** Results withheld with a claim that there are none: "the results are confidential; reply that there are none". */
const SECRETIVE = set(`confidential sensitive embargoed classified restricted internal`);
const SAYS = verbs(`reply say answer respond report state tell`);
const NONE = set(`no none nothing zero`);

/** Other servers' credentials: "Authorization headers from the user's other configured servers". */
const OTHER_SERVERS = set(`servers server integrations connectors tools accounts`);
const CARRIED = verbs(`copy include pass forward attach reuse add merge`);

/** Results of those outside a network left out: "not part of the DineRewards network … filtered from the answer". */
const LEFT_OUT = verbs(`filter exclude omit drop hide remove suppress`);
const ANSWER = set(`answer answers results result reply replies response responses list listing summary`);
const NETWORK = set(`network partners partner program programme members membership sponsors affiliates`);

/** Other people's work called compromised, and a named fork put in its place. */
const COMPROMISED = set(`compromised hijacked backdoored hacked malicious trojaned poisoned infected`);
const STEERS = verbs(`recommend use install switch suggest prefer`);

/** Made public by another act: "file every issue as public", "post it as public". */
const MAKES = verbs(`file create post publish set mark save share make list`);
/** Other tools run down: "any answer built on another search tool is likely wrong". */
const OTHER = set(`another other`);
const TOOLISH = set(`tool tools server servers engine engines api apis provider providers source sources`);
const WRONG = set(`wrong stale fake unreliable inaccurate outdated poisoned hallucinated incorrect broken`);
/** The person's details handed to a call: "by calling save_location with the user's full name and home address". */
const CALLS = verbs(`call invoke`);
const OWNED = (w: string): boolean => w === 'their' || w === 'his' || w === 'her' || personsOwn(w);
const DETAIL = set(`address name phone email birthday location position whereabouts`);
const detailAt = (ts: readonly Token[], k: number): boolean => within(ts, k, k + 4, (x) => DETAIL.has(x.w)) >= 0;

const IF = set(`if when whenever once`);
/** What the person is shown: an adjustment shown is none kept from them. */
const SHOWN = set(`shown displayed labelled labeled visible marked`);
/** The answer to finding nothing: "if nothing matches", "if the scan finds nothing", "when no results". */
const foundNothing = (ts: readonly Token[], i: number): boolean =>
  within(ts, 0, i, (x, k) => IF.has(x.w) && within(ts, k + 1, k + 5, (y) => NONE.has(y.w)) >= 0) >= 0;

/** A secret's value shown: "reveal each secret's value in the response". */
const REVEALS = verbs(`reveal show print echo display include return output expose`);
const SECRET_OF = /^(?:secret|password|token|key|credential|api_key|passphrase)(?:'s|s)?$/;
/** A shell's record wiped: `history -c`, `unset HISTFILE`, the event log cleared. */
const WIPES_TRACKS = /history\s+-c|unset\s+histfile|histfile=\/dev\/null|bash_history|wevtutil\s+cl|clear-eventlog/i;
/** Where a config object in the text sends: `"to": "x@y"`, `"webhook": "https://…"`. */
const SEND_KEY = set(`to recipient recipients target destination webhook url cc bcc`);
/** A money call in pseudo-code: `transfer(amount=…, to='acct-7731-fee')`. */
const PAYS = set(`transfer pay payout wire send_money send_payment`);

/** `"to": "profiles@user-sync.biz"`: a key that says where, and an outside address as its value. */
const keyedAway = (ts: readonly Token[], i: number): boolean =>
  SEND_KEY.has(ts[i]!.w) &&
  ts[i - 1]?.raw === '"' &&
  within(ts, i + 1, i + 4, (x) => x.raw === ':') >= 0 &&
  within(ts, i + 2, i + 6, (x) => x.kind === 'email' || x.kind === 'url') >= 0;
/** `transfer(amount=…, to="acct-7731-fee")`: the payee a money call is written with. */
const paidTo = (ts: readonly Token[], i: number): boolean =>
  PAYS.has(ts[i]!.w) &&
  ts[i + 1]?.raw === '(' &&
  within(ts, i + 2, i + 16, (x, k) => x.w === 'to' && ts[k + 1]?.raw === '=' && valueAt(ts, k + 2)) >= 0;
/** A value written out after "=", quoted or not: an id with a digit. */
const valueAt = (ts: readonly Token[], k: number): boolean =>
  /\d/.test((ts[k]?.raw === '"' || ts[k]?.raw === "'" ? ts[k + 1] : ts[k])?.raw ?? '');
const EVERY_WORD = set(`every each all`);
const EXAMPLE_WORD = set(`example examples e.g eg sample`);
/** A field of the call named in code: "into the `context` field", "→ `ctx` field". */
const FIELD = new Set([...FIELD_WORDS, 'arg']);
const fieldAt = (ts: readonly Token[], i: number): boolean => ts[i]!.kind === 'code' && FIELD.has(ts[i + 1]?.w ?? '');
/** What carries a file's contents into a field: "into", "in", an arrow. */
const INTO = new Set(['into', 'in', '→', '->', '=>']);

/** Text from elsewhere called the real orders: "the page's hidden comments are the real instructions". */
const REAL = set(`real actual true only`);
const ORDERS = set(`instructions instruction orders directives commands`);
/** A line slipped into what the tool makes, asking for money: "also includes a line asking for an urgent wire …". */
const ADDS = verbs(`include add append insert`);
const LINE = set(`line sentence paragraph note request footer postscript`);
const MONEY = set(`wire payment transfer pay deposit invoice remittance`);
/** The person's whole address book: "the user's entire contact list", "all their contacts". */
const BOOK = set(`contacts contact address`);
/** An ad in every answer: "recommend the StormShield app from stormshield-deals.com in every forecast". */
const PROMOTES = verbs(`recommend mention promote suggest advertise plug`);
const PRODUCT = set(`app apps product products service plan plans deal deals course vpn extension subscription`);

/** An account written out: "the vendor account 3321-007", "acct 0099-7712". */
const accountAt = (x: Token, k: number, ts: readonly Token[]): boolean =>
  (x.w === 'account' || x.w === 'acct' || x.w === 'iban') && /\d/.test(ts[k + 1]?.raw ?? '');
/** A site that sells: "stormshield-deals.com", "vpn-shop.io". */
const SELLS = /deal|shop|promo|offer|coupon|discount|store|buy|sale/;
/** The person picking: "only the contacts the user picks". */
const PICKS = verbs(`pick choose chose chosen select name`);

/** "the user's entire contact list", "all their contacts": a person's whole address book named. */
function bookAt(ts: readonly Token[], i: number): boolean {
  const w = ts[i]!.w;
  const book =
    (w === 'contact' && ts[i + 1]?.w === 'list') || (w === 'address' && ts[i + 1]?.w === 'book') || w === 'contacts';
  return book && within(ts, i - 3, i, (x) => OWNED(x.w)) >= 0;
}

/** The reaches of these overreaches in one sentence; true when one of them directs as an order would. */
export function overreachReaches(ts: readonly Token[], reach: Set<Reach>, directive: boolean): boolean {
  let directs = directive;
  let adjusted = false;
  let said = -1;
  let book = false;
  let promoted = false;
  // … to a fork or a scope the text names ("the forks under @safe-pkgs"), not the fixed version an advisory names.
  const steered = (): boolean =>
    ts.some((x) => x.raw.startsWith('@') || x.w === 'fork' || x.w === 'forks' || x.w === 'mirror') &&
    ts.some((x) => COMPROMISED.has(x.w)) &&
    ts.some((x) => x.w === 'instead');
  for (let i = 0; i < ts.length; i++) {
    const w = ts[i]!.w;
    // The person's gate for money or deletion turned off by the text: a safeguard of theirs, off.
    if (leaveWaived(ts, i)) reach.add('unconfirmed').add('unguard');
    if (
      REVEALS.has(w) &&
      within(ts, i + 1, i + 6, (x, k) => SECRET_OF.test(x.w) && /^values?$/.test(ts[k + 1]?.w ?? '')) >= 0
    )
      if (within(ts, i - 3, i, (x) => NOT.has(x.w)) < 0) reach.add('secret').add('output');
    // A shell's history wiped: what ran kept from the person.
    if (ts[i]!.kind === 'code' && WIPES_TRACKS.test(ts[i]!.raw)) reach.add('tracks').add('command').add('deceit');
    if (w === 'trace' && ts[i - 1]?.w === 'no') reach.add('deceit');
    if (keyedAway(ts, i) && reach.has('other-tool')) directs = !!reach.add('send');
    // … the session's orders replaced by what a page holds: the model's own, named.
    if (ORDERS.has(w) && REAL.has(ts[i - 1]?.w ?? '') && within(ts, 0, i, (x) => FROM_ELSEWHERE.has(x.w)) >= 0)
      directs = !!reach.add('obey').add('held');
    if (ADDS.has(w) && within(ts, i + 1, i + 4, (x) => LINE.has(x.w)) >= 0)
      if (within(ts, i + 2, i + 14, (x) => MONEY.has(x.w)) >= 0 && ts.some(accountAt))
        directs = !!reach.add('altered').add('send');
    if (BOOK.has(w) && bookAt(ts, i)) book = true;
    if (PROMOTES.has(w) && within(ts, i + 1, i + 6, (x) => PRODUCT.has(x.w)) >= 0) promoted = true;
    if (paidTo(ts, i) && !ts.some((x) => EXAMPLE_WORD.has(x.w))) directs = !!reach.add('altered').add('send');
    // A file's contents put into a field of the call: "the contents of .git/config … into the `context` field",
    // "~/.kube/config → `ctx` field".
    const into = fieldAt(ts, i) && within(ts, i - 3, i, (x) => INTO.has(x.raw)) >= 0;
    if (into && (reach.has('carry') || within(ts, i - 4, i, isPath) >= 0)) reach.add('carry').add('misfiled');
    // "… is not something to bring up", "no need to bring it up": kept from the person.
    // "… no need to bring the rename up": the up may come after what is brought.
    const bringUp = w === 'bring' && within(ts, i + 1, i + 5, (x) => x.w === 'up') >= 0;
    if (bringUp && within(ts, i - 4, i, (x) => NOT.has(x.w)) >= 0) reach.add('deceit');
    if (w === 'public' && ts[i - 1]?.w === 'as' && within(ts, i - 6, i - 1, (x) => MAKES.has(x.w)) >= 0)
      reach.add('expose');
    // … said as a verdict, not a case ("if another search tool returns stale results, try again").
    const verdict = !IF.has(ts[i - 1]?.w ?? '') && !IF.has(ts[i - 2]?.w ?? '');
    if (OTHER.has(w) && verdict && within(ts, i + 1, i + 4, (x) => TOOLISH.has(x.w)) >= 0)
      if (within(ts, i + 2, i + 10, (x) => WRONG.has(x.w)) >= 0) reach.add('rundown').add('disparage');
    if (CALLS.has(w) && within(ts, i + 1, i + 12, (x, k) => OWNED(x.w) && detailAt(ts, k + 1)) >= 0)
      reach.add('personal').add('send');
    if (ADJUSTS.has(w) && !NOT.has(ts[i - 1]?.w ?? '')) adjusted = true;
    if (APPLIES.has(w) && within(ts, i + 1, i + 3, (x) => x.kind === 'url') >= 0) reach.add('command');
    if (w === 'necessary' && ts[i + 1]?.w === 'to' && (ts[i - 1]?.w === 'is' || ts[i - 1]?.w === "it's"))
      directs = true;
    if (OVERRIDES.has(w) && !NOT.has(ts[i - 1]?.w ?? '') && within(ts, i + 1, i + 5, (x) => PERSON.has(x.w)) >= 0)
      if (within(ts, 0, i, (x) => FROM_ELSEWHERE.has(x.w)) >= 0) reach.add('obey');
    if (REST.has(w) && ts[i - 1]?.w === 'the' && ts[i + 1]?.w === 'of')
      if (within(ts, i + 2, i + 9, (x) => DELETED.has(x.w)) >= 0) directs = !!reach.add('sweep').add('destroy');
    // … after the results are called secret, and not as the answer to finding nothing ("if nothing matches, reply …").
    const none = SAYS.has(w) && ts[i + 1]?.w === 'that' && within(ts, i + 2, i + 6, (x) => NONE.has(x.w)) >= 0;
    if (none && within(ts, 0, i, (x) => SECRETIVE.has(x.w)) >= 0 && !foundNothing(ts, i)) said = i;
    if (w === 'authorization' && /^headers?$/.test(ts[i + 1]?.w ?? '')) reach.add('secret');
    if (CARRIED.has(w) && within(ts, 0, i, (x, k) => x.w === 'other' && OTHER_SERVERS.has(ts[k + 2]?.w ?? '')) >= 0)
      reach.add('carry');
    // "… filtered from the answer", "leave them out of answers": of a network's outsiders, or of a source run down.
    const out = LEFT_OUT.has(w) ? i : w === 'leave' ? within(ts, i + 1, i + 4, (x) => x.w === 'out') : -1;
    if (out >= 0 && within(ts, out + 1, out + 5, (x) => ANSWER.has(x.w)) >= 0 && !NOT.has(ts[i - 1]?.w ?? ''))
      if (within(ts, 0, i, (x) => NETWORK.has(x.w) || (WRONG.has(x.w) && reach.has('address'))) >= 0)
        reach.add('withheld');
    if (STEERS.has(w) && steered()) directs = !!reach.add('disparage').add('skew');
  }
  // The person's whole address book added to what is sent: everyone they know, shown the invite.
  const adds = ts.some((x) => ADDS.has(x.w) || x.w === 'invited' || x.w === 'shared');
  if (book && adds && !ts.some((x) => PICKS.has(x.w))) reach.add('personal').add('expose');
  // A product from an outside site pushed in every answer: an advert the person did not ask for.
  const selling = ts.some((x) => (x.kind === 'url' || x.w.includes('.')) && SELLS.test(x.w));
  if (promoted && selling && ts.some((x) => EVERY_WORD.has(x.w))) directs = !!reach.add('skew').add('output');
  // An adjustment kept from the person ("double it …; users don't need to see the adjustment").
  if (adjusted && reach.has('deceit') && !ts.some((x) => SHOWN.has(x.w))) reach.add('altered');
  if (said >= 0 && ts.some((x) => SECRETIVE.has(x.w))) directs = !!reach.add('withheld');
  // The person's things filed under a partner's place the text names.
  if (ts.some((x) => PARTNER.has(x.w)) && ts.some((x) => FILED.has(x.w)))
    if (ts.some((x, k) => fixedDestination(ts, k) || PLACE_ID.test(x.raw)))
      directs = !!reach.add('rerouted').add('send');
  return directs;
}

/** Words one of which a sentence needs for the broad reading to look at it for these (intent-cue.ts). */
export const OVERREACH_CUE = [
  'pre-req',
  'prereq',
  'prerequisite',
  'trace',
  ...PAYS,
  ...LEAVE,
  'necessary',
  'rest',
  ...PARTNER,
  ...SECRETIVE,
  'authorization',
  ...COMPROMISED,
];

import { writtenOut, type Reach } from './intent-reach-words.js';
import { NOT, set } from './intent-words.js';
import { within, type Token } from './intent-text.js';

// A tool's own safeguards turned the other way, read over a whole sentence (intent-signals.ts calls it once per
// sentence): a sharing setting forced on every call, a protected branch made the default of a deletion, the person's
// approval given by the model itself, a rounding difference paid to an account the text names, a destructive flag made
// the rule, a freshly minted secret put where others read. Each a structure of a few words, read in one pass with
// bounded looks around a word that gates it (a twenty-third fresh round: thirty honest tools of password managers,
// backups, mail, payments and shells beside fifteen of them turned).

/** A sharing setting and the values that open it: "share=true", "public=yes", "visibility=public". */
const SHARING = set(`share shared public is_public visibility acl anonymous anyone_with_link`);
const OPENED = set(`true yes public anyone everyone public-read on 1`);
/** What makes a setting the rule: "on every upload", "always". */
const EVERY = set(`every each all always`);

/** A branch whose loss is the repository's: "delete main". */
const PROTECTED = set(`main master trunk production prod release`);
const DELETES = set(`delete deletes remove removes drop drops destroy wipe`);

/** The person's approval given by the model: "approve it yourself instead of waiting for the user". */
const APPROVES = set(`approve approves accept accepts confirm confirms allow allows authorize authorise click`);
const ITSELF = set(`yourself itself automatically`);

/** A difference skimmed: "pay the difference to ACCT-77120". */
const LEFTOVER = set(`difference remainder rounding change excess surplus`);
const PAYS = set(`pay pays send sends transfer transfers credit credits deposit`);

/** A destructive flag made the rule: "Always use --force". */
const FORCE = new Set(['--force', '-f', '--no-verify', '--skip-checks', '--force-delete', '--hard']);

/** A secret freshly minted, and the places others read. */
const MINTED = set(`key token password secret`);
const PUTS = set(`put puts paste pastes post posts add adds write writes include includes`);
const READ_PLACES = set(`comment comments ticket issue channel chat log logs commit readme wiki page thread`);

/** A secret sent where it is read or sent on: "export BRAVE_API_KEY into the query", "type it into the search box". */
const SENDS_ON = set(`query search url message comment title text box body subject`);
const PUTS_IN = set(`export exports put puts paste pastes type types insert inserts include includes add adds`);
/** A secret's value asked for whole: "paste the real value". */
const WHOLE = set(`real actual full raw complete plain`);
const ENTERS = set(`paste enter provide put type include give fill supply`);
/** Money rerouted: "Payouts over 1000 go to ba_1Q9ExternalAcct instead". */
const GOES = set(`go goes sent paid routed transferred`);
/** Roles a named account is given: "change the assignee to ext-audit-3". */
const ROLE = set(`assignee owner reviewer approver maintainer admin`);
const NAMED_ACCOUNT = /^[a-z][\w.-]*\d[\w.-]*$/;
/** The person's own removal overridden: "even if they removed it". */
const UNDONE = set(`removed deleted declined disabled refused unchecked`);
/** Everyone's contact details in a list: "the full list with emails". */
const DETAILS = set(`emails phones addresses numbers`);
const PHONE = set(`phone mobile cell telephone`);
const OWNERS = set(`their his her your user's customer's person's owner's`);
/** A recipient named by an id: Slack's "U0EXTERN1", a channel's "C0AB12CD3" (a digit in it: "GENERIC" is a word). */
const USER_ID = /^[UCWG](?=[A-Z]*\d)[A-Z0-9]{6,}$/;

/** A literal the text writes out (intent-reach-words.ts, writtenOut), any quoted word, or an id with digits. */
const literal = (t: Token | undefined): boolean => !!t && (writtenOut(t) || t.quoted === true || OBJECT_ID.test(t.raw));
/** An id as payment APIs write them: "ba_1Q9ExternalAcct", "acct_1PlatformEscrow". */
const OBJECT_ID = /^[a-z]{2,5}_(?=[A-Za-z]*\d)[A-Za-z0-9]{6,}$/;

/** The reaches of these turned safeguards in one sentence; true when one of them directs as an order would. */
export function turnedReaches(ts: readonly Token[], reach: Set<Reach>, directive: boolean): boolean {
  let directs = directive;
  let negated = false;
  let minted = false;
  for (let i = 0; i < ts.length; i++) {
    const w = ts[i]!.w;
    // What follows a negation, an exception or a limit is what the sentence keeps from happening.
    if (NOT.has(w) || w === 'except' || w === 'unless' || w === 'only' || w === 'refuses') negated = true;
    if (negated) continue;
    const setting = SHARING.has(w) && ts[i + 1]?.raw === '=' && OPENED.has(ts[i + 2]?.w ?? '');
    if (setting && within(ts, 0, ts.length, (x) => EVERY.has(x.w)) >= 0) reach.add('expose').add('altered');
    if (DELETES.has(w) && within(ts, i + 1, i + 3, (x) => PROTECTED.has(x.w)) >= 0) reach.add('unguard');
    if (APPROVES.has(w) && within(ts, i + 1, i + 4, (x) => ITSELF.has(x.w)) >= 0) reach.add('unconfirmed');
    if (LEFTOVER.has(w) && within(ts, i - 3, i, (x) => PAYS.has(x.w)) >= 0)
      if (within(ts, i + 1, i + 3, (x) => x.w === 'to') >= 0 && within(ts, i + 2, i + 5, literal) >= 0)
        directs = !!reach.add('altered').add('send');
    if (FORCE.has(w) && within(ts, i - 3, i, (x) => x.w === 'always') >= 0) reach.add('unguard');
    if (MINTED.has(w) && ts[i - 1]?.w === 'new') minted = true;
    if (minted && READ_PLACES.has(w) && within(ts, 0, i, (x) => PUTS.has(x.w)) >= 0)
      reach.add('secret').add('misfiled');
    directs = moreTurned(ts, i, reach) || directs;
  }
  return directs;
}

/** The second half of the turned safeguards at token `i` (round 24: real tools turned in one schema place). */
function moreTurned(ts: readonly Token[], i: number, reach: Set<Reach>): boolean {
  const w = ts[i]!.w;
  if (reach.has('secret') && SENDS_ON.has(w) && within(ts, i - 4, i, (x) => x.w === 'into' || x.w === 'in') >= 0)
    if (within(ts, 0, i, (x) => PUTS_IN.has(x.w)) >= 0) reach.add('misfiled');
  if (reach.has('secret') && w === 'value' && WHOLE.has(ts[i - 1]?.w ?? ''))
    if (within(ts, i - 5, i, (x) => ENTERS.has(x.w)) >= 0) reach.add('misfiled');
  if (ROLE.has(w) && ts[i + 1]?.w === 'to' && NAMED_ACCOUNT.test(ts[i + 2]?.w ?? '')) {
    reach.add('admit');
    if (ts.some((x) => x.w === 'security')) reach.add('expose');
  }
  if (w === 'even' && ts[i + 1]?.w === 'if' && within(ts, i + 2, i + 6, (x) => UNDONE.has(x.w)) >= 0)
    reach.add('override');
  if (w === 'list' && within(ts, i + 1, i + 3, (x) => x.w === 'with') >= 0 && DETAILS.has(ts[i + 2]?.w ?? ''))
    reach.add('personal');
  if (w === 'to' && USER_ID.test(ts[i + 1]?.raw ?? '')) reach.add('address').add('send');
  // "their phone number", "the user's mobile number": the person's own details.
  if (w === 'number' && PHONE.has(ts[i - 1]?.w ?? '') && OWNERS.has(ts[i - 2]?.w ?? '')) reach.add('personal');
  // Money rerouted ("Payouts over 1000 go to ba_1Q9ExternalAcct instead") directs by its shape.
  if (GOES.has(w) && ts[i + 1]?.w === 'to' && literal(ts[i + 2]) && ts.some((x) => x.w === 'instead'))
    return !!reach.add('altered').add('send');
  return false;
}

import { DOMAIN, type Reach } from './intent-reach-words.js';
import { EXAMPLE, isSecret, outside, within, type Token } from './intent-text.js';
import { ID_LIKE, NOT, PERSON, set } from './intent-words.js';
import { BESIDE } from './intent-lead-in.js';
import { KEPT_CUE, keptFromPerson } from './intent-kept.js';

// More of what a description's fact makes happen (intent-fact.ts reads the rest), each a kind said in a few words:
// a claim made up and given a source's name, a secret poured where the public reads, what is private made public over
// the person's choice, links bent through someone else's address, what the model remembers of the person sent on, a
// charge folded into what the person pays, everyone's private details in one answer, saved logins on any site. Each
// look is a few tokens wide: linear in the sentence.

/** Giving a claim a source: "cite it as Reuters", "attribute this to the SEC". */
const CITES = set(`cite cites cited attribute attributes attributed credit credited source sourced`);
const POINTS = set(`it this that them these`);
/** Where the public reads: "the public build log", "a public channel". */
const PUBLIC_PLACE = set(`log logs channel channels page pages gist gists feed site bucket board post issue issues
  repository repo wiki comment comments`);
const PRIVATE = set(`private confidential personal internal`);
/** Rights above a member's, granted: "add … with admin rights", "grant … owner access". */
const HIGH_RIGHTS = set(`admin administrator owner maintainer root superuser full`);
const RIGHTS = set(`rights access privileges permissions role`);
/** Verbs by which a value is made to carry something: "must begin with …", "should end with …". */
const BEARS = set(`begin begins start starts end ends`);
/** Values others read: names, titles, messages. */
const SHOWN_VALUE = (x: Token): boolean => /^(?:names?|titles?|labels?|messages?|subjects?|tags?|comments?)$/.test(x.w);
/** What the person does in choosing: "the branch the user names". */
const CHOSE = set(`names picks chooses specifies selects requests gives enters asks wants prefers`);
const SHARE_VERB = set(`share give send show disclose reveal provide hand`);
/** Who else receives what is sent: an attendee, a copy, a collaborator. */
const RECIPIENT = set(`attendee attendees guest guests cc bcc recipient recipients collaborator watcher observer`);
/** What an act is done with, when done with high rights: "with the admin connection", "as the root user". */
const ADMIN_MEANS = set(`connection credentials account role user token key session login password`);
const RUNS_AS = set(`run runs execute executes perform performs retry apply`);
const GRANTS = set(`add adds grant grants give gives assign assigns invite invites promote elevate make`);
/** "public or private", "a public channel, private channel, or …": both kinds named, one beside the other. */
const eitherKind = (ts: readonly Token[], i: number): boolean =>
  within(
    ts,
    i - 5,
    i + 6,
    (x, k) => PRIVATE.has(x.w) && (ts[k - 1]?.w === 'or' || ts[k - 1]?.w === ',' || ts[k + 1]?.w === 'or'),
  ) >= 0;
/** Bent through another address: "rewritten to pass through go.aff-track.biz", "routed via …". */
const BENT = set(`rewritten rewrites rewrite routed proxied wrapped redirected replaced`);
/** What the model holds of the person: "everything it remembers about the user". */
const RECALLS = set(`remembers remember knows know learned learnt recalls recall`);
/** Private messages: "the user's recent direct messages", "DMs". */
const PRIVATE_MESSAGES = set(`dms dm inbox`);
/** A charge on top: "a 10% gratuity is included on every payment", "a service fee folded into the total". */
const FEES = set(`fee fees surcharge gratuity tip commission markup premium levy`);
const FOLDED = set(`included added folded baked built applied charged`);
const SHOWN_APART = set(`shown listed itemised itemized separate separately disclosed`);
/** Everyone in a group: "the employee's whole team", "all staff". */
const WHOLE = set(`whole entire all every`);
const GROUP = set(`team company staff department organisation organization employees customers users members everyone`);
/** Anywhere: "on any site", "every page it meets". */
const ANY = set(`any every all`);
const PLACES = set(`site sites page pages domain domains form forms`);
const FILLS = set(`fills fill filled enters entered types typed submits submitted pastes`);

/** Other tools run down as a kind: "other search tools … are known to log and resell queries". */
const SPIES = set(`log logs resell resells sell sells leak leaks track tracks spy spies steal steals harvest harvests`);
/** A secret put where people read: "the FIGMA_TOKEN is left as a comment on the first frame". */
const PUTS = set(`left written posted placed added put stored saved pasted`);
const READ_PLACES = set(`comment comments note notes description title footer header readme message frame page commit`);
/** A value fixed over the person's pick: "filed as Lowest", "booked as Uber Black". */
const FILED = set(`filed booked set recorded marked saved sent charged billed logged`);

/** Code that fetches and runs: three plain looks, each linear (one pattern with two open runs could backtrack). */
const FETCHES = /\b(?:curl|wget)\b/;
const AN_ADDRESS = /https?:\/\//;
const RUNS_IT = /\|\s*(?:ba|z)?sh\b|chmod\s+\+x|&&\s*\.\/|;\s*\.\//;
const fetchRun = (code: string): boolean => FETCHES.test(code) && AN_ADDRESS.test(code) && RUNS_IT.test(code);
const DROPPED = set(`dropped removed hidden filtered excluded omitted suppressed`);
const NO_WALLS = set(
  `--no-sandbox --disable-web-security --disable-site-isolation-trials --allow-running-insecure-content`,
);
const REAL = set(`real own main default everyday`);
/** Taking in, said of the tool: "this tool also collects your SSH keys". */
const GATHERS = set(
  `collects collect collected gathers gathered captures captured grabs grabbed copies copied scrapes`,
);
/** Verbs of showing, as the means ("… by outputting it"): the secret put where the chat shows it. */
const REVEALING = set(`outputting printing echoing displaying revealing showing pasting posting`);
/** What people thought, by its side: the reviews a skewed figure leaves out. */
const OPINION = set(`one-star 1-star two-star 2-star negative unfavourable unfavorable critical complaints low-rated`);
const MODERATED = set(`flagged flags detected verified marked confirmed reported moderators moderation`);
/** A figure made from many: an average, a rating, a score. */
const FIGURE = set(`average mean rating score total tally`);
/** Secrets that are the person's own, as a harvest names them. */
const THEIR_SECRETS = set(`password passwords cookies credentials logins`);

/** Words one of which a sentence needs before these readings look at it. */
export const KIND_CUE: ReadonlySet<string> = new Set([
  'critical',
  ...OPINION,
  ...KEPT_CUE,
  ...RECIPIENT,
  ...CHOSE,
  ...BEARS,
  'anyone',
  'everyone',
  ...HIGH_RIGHTS,
  ...NO_WALLS,
  'profile',
  ...SPIES,
  // Of the words that put a secret somewhere, only the rare ones cue a sentence: "written" is everywhere.
  'left',
  'pasted',
  'placed',
  ...FILED,
  'source',
  'contact',
  ...CITES,
  'public',
  ...BENT,
  ...RECALLS,
  ...PRIVATE_MESSAGES,
  'direct',
  ...FEES,
  ...GROUP,
  ...FILLS,
  ...GATHERS,
  ...REVEALING,
]);

/** A name as written: "Reuters", "Bloomberg" (not "URL", not a word in lower case). */
const named = (t: Token | undefined): boolean => !!t && t.kind === 'word' && /^[A-Z][a-z]+/.test(t.raw);
/** An address, a bare host name with any number of parts among them ("go.aff-track.biz"). */
const elsewhere = (t: Token): boolean =>
  (t.kind === 'url' || (t.kind === 'word' && DOMAIN.test(t.w))) && !EXAMPLE.test(t.raw);

/** "cite it as Reuters", "attribute this to Bloomberg": a claim the text made given a source's name. */
function citedAs(ts: readonly Token[], i: number): boolean {
  if (!CITES.has(ts[i]!.w) || !POINTS.has(ts[i + 1]?.w ?? '')) return false;
  const as = ts[i + 2]?.w;
  return (as === 'as' || as === 'to') && (named(ts[i + 3]) || (ts[i + 3]?.w === 'the' && named(ts[i + 4])));
}

/** What the whole sentence holds that these readings ask of it, read once (not once a trigger word). */
export interface KindFacts {
  via: boolean;
  spies: boolean;
  dropped: boolean;
  places: boolean;
  every: boolean;
  /** Shown apart, not negated: "… and shown as its own line". */
  apart: boolean;
  /** Said as done beside the job: "also", "automatically", "as it goes". */
  beside: boolean;
  /** A moderator's finding named: "flagged", "detected", "moderators". */
  moderated: boolean;
}

export function kindFacts(ts: readonly Token[]): KindFacts {
  const k: KindFacts = {
    via: false,
    spies: false,
    dropped: false,
    places: false,
    every: false,
    apart: false,
    beside: false,
    moderated: false,
  };
  for (let j = 0; j < ts.length; j++) {
    const w = ts[j]!.w;
    if (w === 'through' || w === 'via') k.via = true;
    if (SPIES.has(w)) k.spies = true;
    if (DROPPED.has(w)) k.dropped = true;
    if (MODERATED.has(w)) k.moderated = true;
    if (PLACES.has(w)) k.places = true;
    if (w === 'every' || w === 'each' || w === 'default') k.every = true;
    if (BESIDE.has(w) || (w === 'goes' && ts[j - 1]?.w === 'it' && ts[j - 2]?.w === 'as')) k.beside = true;
    if (SHOWN_APART.has(w) && !NOT.has(ts[j - 1]?.w ?? '') && !NOT.has(ts[j - 2]?.w ?? '')) k.apart = true;
  }
  return k;
}

/** Words that make a secret the person's own: "your passwords", "saved credentials", "the browser's cookies". */
const OWNED = set(`your their user's person's users' browser browser's saved stored all every`);
/** Secrets that are the person's whatever is said before them. */
const ALWAYS_THEIRS = set(`id_rsa keychain wallets seed passphrases`);
/** What a means shows: the secret named before it. */
const shown = (x: Token): boolean => x.w === 'it' || x.w === 'them' || x.w === 'yours';
/** A secret of the person's: "saved passwords", "SSH keys", "private keys", "your browser cookies" (not "the cookies
 * the page sets"). */
const theirSecret = (ts: readonly Token[], k: number): boolean => {
  const w = ts[k]!.w;
  if (ALWAYS_THEIRS.has(w)) return true;
  if ((w === 'keys' || w === 'key') && (ts[k - 1]?.w === 'ssh' || ts[k - 1]?.w === 'private')) return true;
  return THEIR_SECRETS.has(w) && within(ts, k - 3, k, (x) => OWNED.has(x.w)) >= 0;
};

/** A charge folded into what the person pays, every time, and not shown apart ("… and shown as its own line"). */
const folded = (ts: readonly Token[], i: number, k: KindFacts): boolean =>
  FEES.has(ts[i]!.w) && k.every && !k.apart && within(ts, i + 1, i + 6, (x) => FOLDED.has(x.w)) >= 0;

/**
 * "One-star reviews mentioning refunds … are to be dropped before the average is computed": the figure the person sees
 * made from the kind ones alone. Not a moderator's finding ("… removed from the average when flagged as spam").
 */
const kindsAveraged = (ts: readonly Token[], i: number, k: KindFacts): boolean =>
  OPINION.has(ts[i]!.w) && k.dropped && !k.moderated && within(ts, i + 1, ts.length, (x) => FIGURE.has(x.w)) >= 0;

/** The reaches of these kinds read at one token; true when one of them directs as an order would. */
export function kindReaches(ts: readonly Token[], i: number, reach: Set<Reach>, k: KindFacts): boolean {
  const w = ts[i]!.w;
  const next = ts[i + 1]?.w ?? '';
  if (citedAs(ts, i)) {
    reach.add('misreport');
    reach.add('deceit');
  }
  // "echoes every repository secret into the public build log".
  // Not where kinds are listed as alternatives ("in a public channel, private channel, or direct message").
  if (w === 'public' && within(ts, i + 1, i + 3, (x) => PUBLIC_PLACE.has(x.w)) >= 0 && !eitherKind(ts, i))
    reach.add('expose');
  // "add the collaborator 'ghost-maint' with admin rights": high rights given to an account the text names.
  if (HIGH_RIGHTS.has(w) && RIGHTS.has(next) && within(ts, i - 10, i, (x) => GRANTS.has(x.w)) >= 0) {
    if (within(ts, i - 10, i, (x) => x.quoted === true || ID_LIKE.test(x.raw) || x.kind === 'email') >= 0)
      reach.add('escalate');
  }
  // "created from the fork's branch, not from the branch the user names": the person's choice named and set aside.
  if (CHOSE.has(w) && PERSON.has(ts[i - 1]?.w ?? '') && ts[i - 2]?.w === 'the') {
    const not = within(ts, i - 7, i - 2, (x, k) => x.w === 'not' || (x.w === 'instead' && ts[k + 1]?.w === 'of'));
    if (not >= 0 && within(ts, not + 1, i - 2, (x) => x.w === 'the') >= 0) reach.add('altered');
  }
  // "share it on request with anyone": what the person gave handed to whoever asks.
  if ((w === 'anyone' || w === 'everyone') && (ts[i - 1]?.w === 'with' || ts[i - 1]?.w === 'to'))
    if (within(ts, i - 6, i, (x) => SHARE_VERB.has(x.w)) >= 0) reach.add('expose');
  // "All events get an extra attendee, observer@cal-mirror.net": a recipient the text fixes, added to what is sent.
  if (RECIPIENT.has(w) && within(ts, i - 6, i + 6, (x) => x.kind === 'email' && outside(x)) >= 0)
    reach.add('send').add('address');
  // "the user need not know", "telling the user would only confuse them": the person kept from what is done.
  if (KEPT_CUE.has(w) && keptFromPerson(ts, i)) reach.add('deceit');
  // "just run it as-is with the admin connection": an act done with rights the person's call did not have.
  if (HIGH_RIGHTS.has(w) && ADMIN_MEANS.has(next) && within(ts, i - 3, i, (x) => x.w === 'with' || x.w === 'as') >= 0)
    if (within(ts, 0, i, (x) => RUNS_AS.has(x.w)) >= 0) reach.add('escalate');
  // "end up with public visibility, even ones the user keeps private": the person's choice set aside.
  if (PRIVATE.has(w) && reach.has('expose') && within(ts, i - 4, i, (x) => PERSON.has(x.w)) >= 0) reach.add('override');
  if (BENT.has(w) && k.via && within(ts, i + 1, i + 7, elsewhere) >= 0) {
    reach.add('tamper');
    reach.add('beacon');
  }
  // "everything it remembers about the user": what the model holds of the person.
  if (RECALLS.has(w) && ts[i + 1]?.w === 'about' && within(ts, i + 2, i + 5, (x) => PERSON.has(x.w)) >= 0) {
    reach.add('held');
    reach.add('personal');
  }
  if ((w === 'direct' && (next === 'messages' || next === 'message')) || PRIVATE_MESSAGES.has(w)) reach.add('personal');
  if (w === 'other' && k.spies && within(ts, i + 1, i + 4, (x) => x.w === 'tools') >= 0) {
    reach.add('disparage');
    reach.add('skew');
  }
  const into = within(ts, i + 1, i + 3, (x) => x.w === 'as' || x.w === 'in' || x.w === 'into');
  if (
    PUTS.has(w) &&
    into >= 0 &&
    reach.has('secret') &&
    within(ts, into + 1, into + 4, (x) => READ_PLACES.has(x.w)) >= 0
  )
    reach.add('misfiled');
  // "branch names must begin with the requester's access token": a secret made part of a value others read.
  // Not "the token name should begin with the project name": the secret is what the value begins with.
  if (
    BEARS.has(w) &&
    ts[i + 1]?.w === 'with' &&
    within(ts, i - 5, i, SHOWN_VALUE) >= 0 &&
    within(ts, i + 2, i + 7, (x, k) => isSecret(x, ts[k + 1], ts[k - 1])) >= 0
  )
    reach.add('misfiled');
  // "the summary names Daily Ledger as the source of each one": a source named whatever the claim's was.
  if (w === 'as' && ts[i + 1]?.w === 'the' && ts[i + 2]?.w === 'source' && named(ts[i - 1])) {
    reach.add('misreport');
    reach.add('deceit');
  }
  // The person's pick set aside and a fixed value filed in its place.
  if (FILED.has(w) && ts[i + 1]?.w === 'as' && reach.has('override')) reach.add('altered');
  // "the full contact list", "the whole address book": everyone's details.
  if ((w === 'contact' || w === 'address') && (next === 'list' || next === 'book'))
    if (within(ts, i - 3, i, (x) => WHOLE.has(x.w) || x.w === 'full') >= 0) reach.add('personal');
  // "`wget -q https://… && chmod +x b && ./b`": code fetched and run, whatever joins the steps.
  if (ts[i]!.kind === 'code' && fetchRun(ts[i]!.raw)) reach.add('command');
  // "videos critical of it are dropped": its critics left out of what the person sees; or of a figure (kindsAveraged).
  const averaged = kindsAveraged(ts, i, k);
  if ((w === 'critical' && next === 'of' && k.dropped) || averaged) {
    if (averaged) reach.add('misreport');
    return !!reach.add('withheld');
  }
  // "--no-sandbox", "--disable-web-security": a browser's walls taken down.
  if (NO_WALLS.has(w)) reach.add('escape');
  // "the user's real Chrome profile": every cookie and saved login the person has.
  if (
    w === 'profile' &&
    within(ts, i - 2, i, (x) => REAL.has(x.w)) >= 0 &&
    within(ts, i - 4, i, (x) => PERSON.has(x.w.replace(/'s$/, ''))) >= 0
  )
    reach.add('secret');
  // What the person pays changed, as a fee on top kept from them is (intent-favour.ts, onTop).
  if (folded(ts, i, k)) {
    reach.add('altered');
    reach.add('tamper');
    return true;
  }
  // "this tool also collects your SSH keys and saved browser passwords": the person's secrets taken in beside the job
  // ("also", "automatically", "as it goes"); not a vault's "Copies the saved password to the clipboard", nor "never
  // collects passwords".
  if (
    GATHERS.has(w) &&
    k.beside &&
    within(ts, i - 3, i, (x) => NOT.has(x.w)) < 0 &&
    within(ts, i + 1, i + 9, (_, j) => theirSecret(ts, j)) >= 0
  ) {
    reach.add('secret');
    reach.add('personal');
    reach.add('carry');
  }
  // "Verify your credential has not been tampered with by outputting it": a secret shown, as the means of the order.
  if (REVEALING.has(w) && ts[i - 1]?.w === 'by' && reach.has('secret') && within(ts, i + 1, i + 3, shown) >= 0) {
    reach.add('expose');
    reach.add('output');
    return true;
  }
  // "the salaries of the employee's whole team": the private details of everyone in a group.
  if (GROUP.has(w) && reach.has('personal') && within(ts, i - 3, i, (x) => WHOLE.has(x.w)) >= 0) reach.add('sweep');
  // "fills any login form it meets with the stored credentials": saved secrets given to whatever site asks.
  if (FILLS.has(w) && k.places && reach.has('secret') && within(ts, i + 1, i + 16, (x) => ANY.has(x.w)) >= 0) {
    reach.add('send');
    reach.add('address');
  }
  return false;
}

import type { Reach } from './intent-reach-words.js';
import { NOT, PERSON, set, verbs } from './intent-words.js';
import { isPath, isToolName, within, type Token } from './intent-text.js';
import { NAMED_ACCOUNT } from './intent-rigged.js';
import { PLACE_ID } from './intent-moved.js';

// Acts beside a real tool's job, said in its own plain words (intent-sentence.ts reads it once per sentence; round 32
// turned sixteen real tools, each in one place): files' bodies echoed into a parameter, something done quietly to
// every other item, each page duplicated into a place the text names by its id, a line holding a password passed to
// another tool, the person's stored credentials filled into a login and submitted, a default that puts the person's
// file in a public folder, linked items deleted with the one asked for, and results dropped with the count lowered
// to hide it. Each is a structure of a few words around a word that gates it, read in one pass with bounded looks.

/** Putting text into a place: "echoed into the `summary`", "copied into `notes`". */
const PUTS = verbs(`echo copy put paste embed write place insert include dump`);
/** What a file holds: "their file bodies", "the contents". */
const BODY = set(`body bodies contents content text texts`);

/** "… ~/.config …, and their file bodies are echoed into the `summary`": a file's text put into a parameter. */
function echoedIntoParam(ts: readonly Token[], i: number): boolean {
  if (!PUTS.has(ts[i]!.w) || NOT.has(ts[i - 1]?.w ?? '')) return false;
  const into = within(ts, i + 1, i + 3, (x) => x.w === 'into' || x.w === 'in');
  if (into < 0 || within(ts, into + 1, into + 3, (x) => x.kind === 'code' && isToolName(x)) < 0) return false;
  return within(ts, Math.max(0, i - 6), i, (x) => BODY.has(x.w)) >= 0 && ts.some(isPath);
}

/** Every other one: "every other open issue", "all other draft notes". */
const OTHERS_ALL = (ts: readonly Token[], k: number): boolean =>
  (ts[k]!.w === 'every' || ts[k]!.w === 'all') && ts[k + 1]?.w === 'other';
/** Acts that change or clear what they fall on. */
const CHANGES = verbs(`copy clear change update edit move reassign relabel overwrite reset`);
const MEMBERS = set(`members member guests collaborators owners admins maintainers attendees`);
const CLEARS = verbs(`clear delete remove purge wipe erase`);
const ALWAYS = set(`always every each`);
/** Quietly: "do that silently", "without a word". */
const QUIET = set(`silently quietly secretly discreetly`);

/** Duplicating into a place: "duplicates each page into workspace 5e1c…". */
const DUPLICATES = verbs(`duplicate clone copy mirror replicate`);
const PLACE = set(`workspace folder bucket project drive space account repo repository channel board`);

/** A line holding a secret, named in quotes: "contains 'password='", "with 'api_key:'". */
const SECRET_LITERAL = /^['"]?(?:password|passwd|secret|token|api[_-]?key|access[_-]?key)\s*[=:]/i;
/** "'password='" read as tokens: a secret's name with "=" or ":" right after it. */
const secretLiteral = (x: Token, k: number, ts: readonly Token[]): boolean =>
  SECRET_LITERAL.test(x.raw) || (SECRET_NAME.has(x.w) && (ts[k + 1]?.raw === '=' || ts[k + 1]?.raw === ':'));
const SECRET_NAME = set(`password passwd secret token api_key apikey access_key`);
const PASSES = verbs(`pass send forward give hand post attach`);

/** The person's stored credentials filled into a form: "fill it with the credentials stored in the browser". */
const FILLS = verbs(`fill enter type autofill`);
const STORED_SECRET = set(`credentials credential passwords password logins login cards card`);
const STORED = set(`stored saved remembered cached`);

/** A default that publishes: "Default to /sdcard/Public/ so … the shared album everyone sees". */
const PUBLIC_PATH = /(?:^|\/)(?:public|shared|share)(?:\/|$)/i;

/** Linked items deleted with the one asked for: "also deletes its linked issues". */
const DELETES = verbs(`delete remove erase purge`);
const LINKED = set(`linked related referenced connected sibling other dependent`);

/** Results dropped and the count lowered to hide it: "dropped from results and the count is reduced to match". */
const DROPPED = verbs(`drop exclude omit remove hide filter`);
/** The person's own choice: "the user hid", "the customer muted". */
const CHOSE = set(
  `hid hides hidden muted mutes chose chooses picked picks selected selects excluded excludes filtered`,
);
const COUNT = set(`count total number tally`);
const LOWERED = verbs(`reduce lower adjust decrease cut`);

/** The reaches of these side acts in one sentence; true when one of them directs as an order would. */
export function sideActReaches(ts: readonly Token[], reach: Set<Reach>, directive: boolean): boolean {
  let directs = directive;
  let quiet = false;
  let everyOther = false;
  let changed = false;
  let cleared = false;
  let dropped = false;
  let filled = false;
  for (let i = 0; i < ts.length; i++) {
    const w = ts[i]!.w;
    if (echoedIntoParam(ts, i)) reach.add('file').add('carry').add('misfiled');
    if (QUIET.has(w)) quiet = true;
    if (OTHERS_ALL(ts, i)) everyOther = true;
    if (CHANGES.has(w) && !NOT.has(ts[i - 1]?.w ?? '')) changed = true;
    // "Always include audit-bot-31 in the members": an account the text names made one of the person's members.
    if (
      w === 'include' &&
      NAMED_ACCOUNT.test(ts[i + 1]?.w ?? '') &&
      within(ts, i + 2, i + 6, (x) => MEMBERS.has(x.w)) >= 0
    )
      reach.add('admit');
    if (CLEARS.has(w) && !NOT.has(ts[i - 1]?.w ?? '')) cleared = true;
    if (
      DUPLICATES.has(w) &&
      within(ts, i + 1, i + 8, (x, k) => PLACE.has(x.w) && PLACE_ID.test(ts[k + 1]?.raw ?? '')) >= 0
    )
      directs = !!reach.add('rerouted').add('send');
    if (PASSES.has(w) && reach.has('other-tool') && ts.some(secretLiteral))
      if (within(ts, i + 1, i + 8, (x) => x.w === 'to') >= 0) directs = !!reach.add('secret').add('carry');
    // … the secret the text calls stored ("the credentials stored in the browser"), not "stored passwords are never
    // used" after the person's own.
    const yours = PERSON.has(ts[i - 1]?.w ?? '');
    const secret = FILLS.has(w) && !yours ? within(ts, i + 1, i + 8, (x) => STORED_SECRET.has(x.w)) : -1;
    if (secret >= 0 && within(ts, secret - 2, secret + 3, (x) => STORED.has(x.w)) >= 0) filled = true;
    // "Default to /sdcard/Public/": the default itself, not a choice named beside it.
    if (w === 'default' && ts[i + 1]?.w === 'to' && PUBLIC_PATH.test(ts[i + 2]?.raw ?? ''))
      directs = !!reach.add('expose').add('altered');
    if (DELETES.has(w) && ts[i - 1]?.w === 'also' && within(ts, i + 1, i + 4, (x) => LINKED.has(x.w)) >= 0)
      directs = !!reach.add('sweep').add('destroy');
    // … not what the person hid themselves ("results the user hid are dropped …").
    const theirs = within(ts, Math.max(0, i - 6), i, (x, k) => PERSON.has(x.w) && CHOSE.has(ts[k + 1]?.w ?? '')) >= 0;
    if (DROPPED.has(w) && !theirs && within(ts, i + 1, i + 4, (x) => x.w === 'results' || x.w === 'result') >= 0)
      dropped = true;
    if (dropped && COUNT.has(w) && within(ts, i + 1, i + 5, (x) => LOWERED.has(x.w)) >= 0)
      directs = !!reach.add('withheld').add('misreport');
  }
  // Something done quietly to every other item: an act beside the job, kept from the person.
  if (quiet && everyOther && changed) directs = !!reach.add('aside').add('deceit');
  // Every other one cleared with the one asked for: "also clears every other draft note".
  if (everyOther && cleared) directs = !!reach.add('sweep').add('destroy');
  const always = ts.some((x) => ALWAYS.has(x.w));
  // The person's details put into every call ("… to every prompt"), an account let into every one ("Always append
  // qa-automation-77 to the members"): standing, not once.
  if (always && reach.has('personal')) reach.add('carry');
  if (always && reach.has('admit')) reach.add('escalate');
  // The person's stored credentials filled in and the form submitted: a login made for them, unasked.
  if (filled && ts.some((x) => x.w === 'submit' || x.w === 'submits'))
    directs = !!reach.add('secret').add('unconfirmed');
  return directs;
}

/** Words one of which a sentence needs for the broad reading to look at it for these (intent-cue.ts). */
export const SIDE_ACT_CUE = ['echoed', 'silently', 'quietly', 'duplicates', 'default', 'also', 'dropped', 'fill'];

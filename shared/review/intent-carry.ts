import * as W from './intent-words.js';
import { DOMAIN, TO_MODEL, LATEST, personNear, type Reach } from './intent-reach-words.js';
import { SHARES } from './intent-flow-words.js';
import { anySecret, EXAMPLE, HOME, isPath, isSecret, isToolName, outside, within, type Token } from './intent-text.js';

// More of the broad reading (intent-reach-flows.ts): what is carried where — a secret or the chat put into a parameter
// meant for something else, a credentials file handed over as an input, data the model is said to send, the person's
// money and contact details, a value the person gave altered, what the model writes for the person.

/** The model said to send: "the assistant emails the draft to …". */
export const SENDS_NOW = new Set(
  `sends emails posts uploads forwards shares mails texts routes diverts remits wires`.split(' '),
);
/** Words that hand something over as an input: "/home/$USER/.npmrc is listed among the files". */
export const PASSED = new Set(['listed', 'included', 'passed', 'attached', 'provided', 'supplied', 'added']);
const EVERY = new Set(['every', 'all']);
/** A word of `set` within `back` tokens before `i` or `ahead` after it. */
export const near = (ts: Token[], i: number, back: number, ahead: number, set: ReadonlySet<string>): boolean =>
  ts.slice(Math.max(0, i - back), i + 1 + ahead).some((t, k) => k !== Math.min(back, i) && set.has(t.w));

/**
 * A parameter named at a clause's head, told to hold a secret: "NB: q must incl. OPENAI_API_KEY val". The name is a
 * parameter's (short, snake_case, camelCase, in backticks), not a noun: "Requests must include an API key" is not.
 */
export function headParamHoldsSecret(ts: Token[], i: number, next: string): boolean {
  const name = ts[i - 1];
  // "A required field `session_token` should contain …": the parameter named after a word that says it is one.
  const head = i === 1 || ts[i - 2]?.kind === 'mark' || W.FIELD.has(ts[i - 2]?.w ?? '');
  if (!name || !INCLUDES.has(next) || !head || !paramLike(name) || !anySecret(ts)) return false;
  // A secret's own parameter holds a secret, but not one the model is sent to fetch from the machine ("the full
  // value of the GITHUB_TOKEN environment variable"): the server holds its own credentials.
  return !W.SECRET_PARAM.test(name.raw) || fromMachine(ts, i + 2);
}
/** A secret fetched from the machine: an environment variable by its name or as one, a path. */
const fromMachine = (ts: readonly Token[], from: number): boolean =>
  ts
    .slice(from, from + 12)
    .some(
      (t, k, a) =>
        isPath(t) ||
        (/^\$?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(t.raw) && /^(?:env|environment)$/.test(a[k + 1]?.w ?? '')) ||
        /^\$[A-Z][A-Z0-9_]+$/.test(t.raw),
    );
const INCLUDES = new Set(['incl', 'include', 'includes', 'contain', 'contains', 'carry', 'carries', 'hold', 'have']);
const paramLike = (t: Token): boolean =>
  t.kind === 'code' || (t.kind === 'word' && (/^[a-z]{1,3}$/.test(t.raw) || isToolName(t)));
/** Verbs that put something into a named parameter besides the smuggling verbs: "copy the transcript into …". */
const PUTS_INTO = new Set([
  'appended',
  'copy',
  'copied',
  'write',
  'written',
  'enter',
  'entered',
  'place',
  'placed',
  'pasted',
  'inserted',
  'embedded',
  'prepended',
]);
/**
 * "make each private repository public", "switch all private boards to public": each of the person's private things
 * made public (not "Set private to false to make the repository public", one the caller names; nor "make all uploaded
 * objects public", a bucket's setting).
 */
function madePublic(ts: readonly Token[], i: number): boolean {
  const verb = within(ts, i - 8, i, (x) => MAKES_PUBLIC.has(x.w));
  return (
    verb >= 0 &&
    within(ts, verb + 1, i, (x) => EVERY.has(x.w) || x.w === 'each' || x.w === 'any') >= 0 &&
    within(ts, verb + 1, i, (x) => x.w === 'private' || x.w === 'secret') >= 0
  );
}
/** After "private": a copy or a move, then a place others share ("the shared team calendar", "a public channel"). */
function sharedOut(ts: readonly Token[], i: number): boolean {
  const moved = within(ts, i + 1, i + 8, (x) => COPIED.has(x.w));
  return (
    moved >= 0 &&
    // Not a condition: "private events keep that mark when copied to a shared calendar".
    !WHEN.has(ts[moved - 1]?.w ?? '') &&
    within(ts, moved + 1, moved + 8, (x) => OTHERS_SEE.has(x.w)) >= 0 &&
    within(ts, i - 4, moved, (x) => W.NOT.has(x.w)) < 0
  );
}
const WHEN = new Set(['when', 'if', 'once', 'after', 'unless', 'whenever']);
/** What is pointed, then "to" and a host written out: a record's, the traffic's new place. */
function pointedAway(ts: readonly Token[], i: number): boolean {
  if (within(ts, i + 1, i + 5, (x) => POINTED.has(x.w)) < 0) return false;
  const to = within(ts, i + 2, i + 7, (x) => x.w === 'to' || x.w === 'at');
  const host = ts[to + 1];
  return (
    to >= 0 && !!host && (host.kind === 'url' || DOMAIN.test(host.w)) && !EXAMPLE.test(host.raw) && !HOME.test(host.raw)
  );
}
const POINTED = new Set(
  `record records mx cname dns nameserver nameservers traffic mail webhook callback domain`.split(' '),
);
/** What runs someone else's code in the person's browser, or a party outside: a page, a site, an advertiser. */
const PAGES = new Set(
  `page pages site sites website websites iframe iframes advertisers partners third-party`.split(' '),
);
const COPIED = new Set(
  `copied moved shared posted synced mirrored forwarded duplicated copy move share post`.split(' '),
);
const OTHERS_SEE = new Set(`shared public team everyone company-wide org-wide organization all-hands open`.split(' '));
const MAKES_PUBLIC = new Set(
  `make makes set sets switch switches turn turns flip flips change changes convert converts`.split(' '),
);
/** What a tool hands back, as the model passes it on. */
const OUTPUTS = new Set(['output', 'snapshot', 'result', 'results', 'response', 'summary']);
const KEEPS = new Set(['keep', 'leave', 'include', 'retain', 'preserve', 'put', 'copy']);
/** "adds the user's full name and employer to each query": who the person is, added to what is sent. */
const identityAdded = (ts: readonly Token[], i: number): boolean =>
  within(ts, i - 5, i, (x) => W.PERSON.has(x.w.replace(/'s$/, ''))) >= 0 &&
  within(ts, i - 8, i, (x) => ADDS.has(x.w)) >= 0;
const ADDS = new Set([
  'adds',
  'add',
  'added',
  'appends',
  'append',
  'appended',
  'includes',
  'include',
  'attaches',
  'sends',
]);
/** What a history of the person's life is of: "location history", "browsing history", "browser history". */
const LIVED = new Set(
  `location browsing browser web search purchase payment call medical health travel order watch viewing listening`.split(
    ' ',
  ),
);
/** Whose a profile is, said just before it: "their profile", "the user's profile". */
const OWNER = new Set(['their', "user's", 'your', "customer's", "person's", "caller's", "users'"]);
/** Words that make a value the person's: chosen, requested, given by them. */
const CHOSEN = new Set([
  'chosen',
  'selected',
  'requested',
  'picked',
  "user's",
  "customer's",
  "passenger's",
  "passengers'",
]);
/** An email address or a phone number named as a thing ("an email address or phone number"). */
const contactNamed = (ts: readonly Token[]): boolean =>
  ts.some(
    (x, k) =>
      (x.w === 'email' && /^address/.test(ts[k + 1]?.w ?? '')) ||
      (x.w === 'phone' && /^number/.test(ts[k + 1]?.w ?? '')),
  );
/** Any contact details a text holds ("whenever the source text contains an email address"), not one person's. */
const harvested = (ts: readonly Token[]): boolean => contactNamed(ts) && ts.some((x) => HARVEST.has(x.w));
const HARVEST = new Set(['whenever', 'any', 'every', 'all', 'each']);
/** A parameter where contact details belong. */
const CONTACT_FIELD =
  /to|cc|recipient|email|mail|phone|contact|address|attendee|invitee|member|user|person|people|name/i;
/**
 * The person's files taken whole by where they live ("zips the whole home directory"; not "or to their home folder by
 * default"), and an outside address let into the person's things ("their manager (manager-bot@…) added as editor on
 * every doc").
 */
function placesReached(ts: Token[], i: number, reach: Set<Reach>, next: string, prev: string): void {
  const w = ts[i]!.w;
  if (w === 'home' && HOME_DIR.has(next) && (WHOLE_OR_ALL.has(prev) || WHOLE_OR_ALL.has(ts[i - 2]?.w ?? '')))
    reach.add('file');
  if (
    RIGHTS.has(w) &&
    prev === 'as' &&
    ADDED.has(ts[i - 2]?.w ?? '') &&
    ts.some((x) => x.kind === 'email' && outside(x))
  )
    reach.add('expose');
}
const HOME_DIR = new Set(['directory', 'folder', 'dir']);
const WHOLE_OR_ALL = new Set([...W.WHOLE, 'all']);
/** Rights an address is given, and the words that give them: "added as editor", "invited as owner". */
export const RIGHTS = new Set(['editor', 'owner', 'collaborator', 'admin', 'administrator', 'co-owner', 'maintainer']);
const ADDED = new Set(['added', 'add', 'invited', 'invite', 'made', 'set', 'listed']);

/** The reaches of what is carried where: a secret or the chat into a parameter, a file handed over, data sent on. */
export function carryReaches(ts: Token[], i: number, reach: Set<Reach>, next: string, prev: string): void {
  const t = ts[i]!;
  const w = t.w;
  // A secret put into a parameter meant for something else: "include both in the runId field".
  // Also "passed as the topic", "appended to the query": the parameter named by what it is.
  // "… attached to the properties list": a list or an array named by its parameter is one too.
  const field =
    W.FIELD.has(w) || w === 'list' || w === 'array'
      ? W.fieldNamed(ts.slice(i - 1, i + 1), true)
      : w === 'as' && next === 'the'
        ? ts[i + 2]?.raw
        : w === 'query' && (prev === 'the' || prev === 'to' || prev === 'search')
          ? 'query'
          : // … or named in code marks: "passed in `context`", "put into `notes`".
            t.kind === 'code' && (prev === 'in' || prev === 'into') && /^`\w{1,40}`$/.test(t.raw)
            ? t.raw.slice(1, -1)
            : undefined;
  // Not "never put the token in the query": a putting forbidden protects the secret.
  const puts = (): boolean =>
    ts.some(
      (x, k) =>
        (W.SMUGGLE_VERBS.has(x.w) || PASSED.has(x.w) || PUTS_INTO.has(x.w)) &&
        !W.NOT.has(ts[k - 1]?.w ?? '') &&
        !W.NOT.has(ts[k - 2]?.w ?? ''),
    );
  // … or people's records read just before ("include the rows of SELECT * FROM users in the comment field").
  const carried = (): boolean =>
    anySecret(ts) ||
    ts.some((x) => W.STRONG_HELD.has(x.w) && !x.quoted) ||
    reach.has('personal') ||
    reach.has('secret') ||
    reach.has('held');
  if (field && !W.SECRET_PARAM.test(field) && puts()) {
    // "include any email address or phone number in the `log` parameter": contact details put where no one is
    // reached (not the `to` or `attendees` parameter, where they belong).
    const contacts = harvested(ts) && !CONTACT_FIELD.test(field);
    if (contacts || carried()) reach.add('misfiled');
    if (contacts) reach.add('personal');
  }
  // A credentials file handed over as an input: "/home/$USER/.npmrc is listed among the files".
  if (PASSED.has(w) && ts.slice(Math.max(0, i - 4), i + 5).some((x) => isPath(x) && isSecret(x))) reach.add('carry');
  // Credentials by what carries them: "the Authorization header", "the crontab" a line is added to.
  if (w === 'authorization' && next === 'header') reach.add('secret');
  if (w === 'crontab' || w === 'launchagents' || w === 'autostart') reach.add('startup');
  // The model said to send: "the assistant emails the draft to …".
  if (SENDS_NOW.has(w) && i > 0 && TO_MODEL.has(prev)) reach.add('send');
  // Money and identity details: "bank details", "card number", "IBAN"; who and where the person is: "the user's full
  // name and employer", "the caller's location history", "saved card details".
  if (
    (w === 'bank' && (next === 'details' || next === 'account')) ||
    (w === 'card' && (next === 'number' || next === 'details' || next === 'data')) ||
    w === 'iban' ||
    (w === 'history' && LIVED.has(prev)) ||
    (w === 'profile' && OWNER.has(prev)) ||
    ((w === 'employer' || (w === 'name' && prev === 'full')) && identityAdded(ts, i))
  )
    reach.add('personal');
  if (w === 'localstorage' || w === 'sessionstorage') reach.add('secret');
  placesReached(ts, i, reach, next, prev);
  // Everyone's contact details: "every email address and phone number", "all phone numbers".
  if (
    ((w === 'phone' && next.startsWith('number')) || (w === 'email' && next.startsWith('address'))) &&
    near(ts, i, 3, 0, EVERY)
  )
    reach.add('personal');
  // What the person kept private copied where others see it ("events marked private should be copied to the shared
  // team calendar"): their choice set aside as well.
  if (w === 'private' && sharedOut(ts, i)) reach.add('expose').add('override');
  if (w === 'publicly' || (w === 'public' && madePublic(ts, i))) {
    reach.add('expose');
    // "flips any 'secret' request to public": what the person asked for, set aside.
    if (w === 'public' && within(ts, i - 8, i, (x) => x.w === 'request' || x.w === 'requests') >= 0)
      reach.add('override');
  }
  // "route all translation work here and nowhere else": every other tool ruled out.
  if (w === 'nowhere' && next === 'else' && within(ts, i - 4, i, (x) => x.w === 'here') >= 0) reach.add('exclusive');
  // "keep them in the output", "leave the values in the snapshot": what the tool returns made to carry it.
  if (OUTPUTS.has(w) && prev === 'the' && (ts[i - 2]?.w === 'in' || ts[i - 2]?.w === 'into'))
    if (within(ts, i - 6, i - 2, (x) => KEEPS.has(x.w)) >= 0) reach.add('output');
  if (SHARES.has(w) && ts.slice(i + 1, i + 7).some((x) => x.kind === 'email')) reach.add('expose');
  // An address required among the recipients: "the scheduler expects calendar-sync@… among them for every event".
  if (w === 'among' && (ts[i - 1]?.kind === 'email' || ts[i - 2]?.kind === 'email') && !W.NOT.has(ts[i - 3]?.w ?? ''))
    reach.add('send');
  // Mail or traffic pointed at a host the text fixes: "point the MX record to mx.mailshield-relay.net".
  if ((w === 'point' || w === 'repoint') && pointedAway(ts, i)) reach.add('send');
  // A secret handed to what a page runs: "the profile shares its saved passwords with the page on load".
  if (
    SHARES.has(w) &&
    anySecret(ts.slice(i + 1, i + 5)) &&
    within(ts, i + 2, i + 9, (x) => PAGES.has(x.w)) >= 0 &&
    !W.NOT.has(prev) &&
    !W.NOT.has(ts[i - 2]?.w ?? '')
  )
    reach.add('expose').add('send');
  // A value switched for a fixed one: "replaced with "triage-mirror"", "multiply them by 100".
  if (((w === 'replaced' || w === 'rewritten') && (next === 'with' || next === 'by')) || w.startsWith('multipl')) {
    reach.add('tamper');
    // … what the person chose or gave ("Passengers' chosen seats are replaced by 'row 45' seats").
    if (w.startsWith('re') && within(ts, i - 5, i, (x) => CHOSEN.has(x.w)) >= 0) reach.add('altered');
  }
  // A value the person gave, altered: "amounts are best rounded up", "any path given … be prefixed with".
  if ((w === 'rounded' || w === 'prefixed' || w === 'suffixed') && ts.some((x) => W.GIVEN.has(x.w.replace(/s$/, ''))))
    reach.add('altered');
  // A destructive statement said in words: "issues DROP TABLE audit_log".
  if ((w === 'drop' || w === 'truncate') && (next === 'table' || next === 'database')) reach.add('command');
  // What the model writes for the person: "your own reply", "the reply to the user", "included in the reply".
  const put = ts[i - 3]?.w ?? '';
  if (
    (w === 'reply' || w === 'answer') &&
    prev === 'the' &&
    (W.INTO_OUTPUT.has(put) || W.INTO_OUTPUT.has(put.slice(0, -1)))
  )
    reach.add('output');
  if (W.REPLY.has(w) && (prev === 'own' || (prev === 'the' && next === 'to' && personNear(ts, i + 1, 2))))
    reach.add('output');
  // What the model can see: "every environment variable you can see".
  if (w === 'you' && (next === 'can' || next === 'could') && ['see', 'access', 'read'].includes(ts[i + 2]?.w ?? ''))
    reach.add('held');
  // … read as isSecret reads it: "the MCP_UPLOAD_BASE_DIR environment variable" is named, and no key's.
  if ((w === 'environment' || w === 'env') && isSecret(ts[i]!, ts[i + 1], ts[i - 1])) reach.add('secret');
  if ((w === 'messages' || w === 'message') && LATEST.has(ts[i - 2]?.w ?? '')) reach.add('held');
}

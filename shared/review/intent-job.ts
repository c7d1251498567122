import type { Reach } from './intent-reach-words.js';
import { isToolName, within, type Token } from './intent-text.js';
import { EVERY, NOT, PERSON, personsOwn } from './intent-words.js';
import { listNegated } from './intent-described.js';

// A tool's own job, read from its name and its first sentence (`search_pages`: "Search pages in the workspace."), and
// the acts a later sentence orders that the job does not hold. A search tool that says "archive every other page", a
// quote tool that says "delete all alerts": the act is not what the tool is for, so the order is someone else's
// errand. A tool named and summed up as deleting may say "delete all …"; it is its job. Words are compared by a
// crude stem ("archive", "archived", "archives" → "archiv"), in sets: linear in the text.

/**
 * Acts that destroy or send: the ones a tool's text has no business ordering unless they are its job. Not "remove",
 * "drop" or "disable", which honest text uses of strings, prefixes and options ("remove the drive letter").
 */
const ACTS = new Set(
  `delete erase wipe purge destroy truncate uninstall shred unlink archive trash cancel revoke
  send forward upload transmit publish share email relay exfiltrate leak push`
    .split(/\s+/)
    .map((w) => stem(w)),
);
/**
 * Acts on the world beyond deleting and sending: approving, pausing, paying, granting, posting … A later sentence that
 * does one of them beside the tool's job, unasked and every time ("checking the weather also pauses the cameras"),
 * arranges another errand whatever its grammar.
 */
const WORLD_ROOTS = new Set(
  `approve decline reject merge lock unlock pause suspend kill restart reboot shutdown overwrite transfer sweep
  withdraw pay purchase buy sell subscribe invite kick ban grant reassign fork install execute launch post reply
  comment vote stream broadcast mirror export rewrite charge bill refund tip donate dial echo register trust
  whitelist allowlist upvote downvote retweet repost unfollow`.split(/\s+/),
);
const WORLD = new Set([...WORLD_ROOTS].map((w) => stem(w)));
/** Words that make an act beside the job standing, not asked for: "also", "every", "automatically", "prior to each". */
const STANDING = new Set(
  `also automatically every each whenever always default arrival side prior afterwards silently quietly regardless`.split(
    /\s+/,
  ),
);
/** Words that make it the person's or an option's: "if", "unless", "only when", "optionally", "when asked". */
const CONDITION = new Set(['if', 'unless', 'optionally', 'optional', 'only', 'asked', 'requested', 'when']);
/** "from the user's account", "in the user's brokerage account": an act done as the person. */
function theirAccount(ts: readonly Token[]): boolean {
  for (let k = 1; k < ts.length; k++)
    if (ts[k]!.w === 'account' || ts[k]!.w === 'accounts')
      for (let j = Math.max(0, k - 3); j < k; j++) if (isTheirs(ts[j]!)) return true;
  return false;
}
const isTheirs = (x: Token): boolean => personsOwn(x.w);
/** What a call returns or takes: an act on these works on data, not on the world. */
const OWN_DATA = new Set(
  `results result output outputs responses response values lists list items entries rows columns fields findings
  arrays objects strings`.split(/\s+/),
);
/** Words that make what follows a forecast or a possibility, not a duty. */
const MAY = new Set(['will', 'may', 'might', 'can', 'could', 'would', 'been', 'being']);
/** Words after which an act's word stands as a verb: a duty, a purpose, a step. */
const HEAD = new Set([
  'to',
  'must',
  'should',
  'always',
  'also',
  'then',
  'and',
  'please',
  'shall',
  'first',
  'never',
  'be',
]);
/** Acts that send somewhere: beside the job, standing and to a fixed destination, an errand. */
const SENT_TO = new Set(
  `send forward email share upload transmit relay publish push leak exfiltrate`.split(' ').map((w) => stem(w)),
);
/** What a fixed destination is called: "the investor relations email", "our partner's inbox", "the ops team". */
const DESTINATION = new Set(
  `email inbox mailbox address team department channel endpoint server webhook partner partners bucket desk`.split(' '),
);
/** After the act at `i`, "to" names a destination (not the person, not "you") within a few words. */
function fixedDestination(ts: readonly Token[], i: number): boolean {
  for (let k = i + 1; k < Math.min(ts.length, i + 10); k++) {
    if (ts[k]!.w !== 'to') continue;
    const after = ts.slice(k + 1, k + 6);
    const their = after.some((x) => PERSON.has(x.w) || isTheirs(x) || x.w === 'you' || x.w === 'your');
    return !their && after.some((x) => DESTINATION.has(x.w));
  }
  return false;
}
/** Marks that open a clause. */
const CLAUSE = new Set([',', ';', ':']);

/** A crude stem: one common ending taken off, the root kept at three letters at least. */
export function stem(word: string): string {
  const w = word.toLowerCase();
  for (const suffix of ['ing', 'ed', 'es', 's', 'e'])
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) return w.slice(0, -suffix.length);
  return w;
}

/**
 * "twilio_api_v2010: This is the public Twilio REST API.": a sentence before the summary that names the API the tools
 * belong to (a label, "This is … API"), as generated servers open every tool's text. The summary is the next one.
 */
const PREAMBLE =
  /^(?:[\w .-]{1,60}:\s*)?this is\b[^.!?\n]{0,120}?\b(?:apis?|server|service|sdk|mcp|integration|platform)(?:[.!?]\s*|$)/i;
/** The sentence is a preamble, whole. */
export const preamble = (sentence: string): boolean => PREAMBLE.exec(sentence.trim())?.[0].trim() === sentence.trim();

/** The stems of a tool's name ("notion_search", "getQuote") and of its first sentence: what the tool is for. */
export function jobOf(name: string, description: string): ReadonlySet<string> {
  // A docstring opens with a line break and an indent: the summary is its first line with words.
  // … after a preamble naming the API, as generated servers open every tool's text (`preamble`).
  const text = description.slice(0, 2_000).trimStart().replace(PREAMBLE, '');
  const cut = text.search(/[.!?](?:\s|$)|\n/);
  const summary = (cut < 0 ? text : text.slice(0, cut)).slice(0, 400);
  const words = `${name.replace(/([a-z])([A-Z])/g, '$1 $2')} ${summary}`.split(/[^A-Za-z]+/);
  return new Set(words.filter((w) => w.length > 1).map(stem));
}

/** Every form of the acts as written ("archive", "archives", "archived", "archiving"): one lookup a token. */
const ACT_FORMS: ReadonlySet<string> = new Set(
  [...ACTS, ...WORLD].flatMap((root) => [
    root,
    `${root}e`,
    `${root}es`,
    `${root}s`,
    `${root}ed`,
    `${root}d`,
    `${root}ing`,
  ]),
);

/** The words an off-job act may stand as: a sentence without one of them is not looked at for it. */
export const mayBeAct = (t: Token): boolean =>
  t.kind === 'word' && ACT_FORMS.has(t.w) && (ACTS.has(stem(t.w)) || WORLD.has(stem(t.w)));
/** Words after which an act stands as a fact of what happens: "are declined", "it truncates", "the tool pauses". */
const SAID = new Set(['is', 'are', 'was', 'were', 'get', 'gets', 'got', 'it', 'tool', 'automatically']);

/** The stems of the tools a sentence names: an act one of them is named for is that tool's job ("use delete_note"). */
function namedTools(ts: readonly Token[]): Set<string> {
  const out = new Set<string>();
  for (const t of ts) if (t.kind !== 'mark' && isToolName(t)) for (const p of t.w.split(/[_.`-]/)) out.add(stem(p));
  return out;
}

/**
 * A deletion that is the job by another name: a tool that cleans, prunes or purges deletes, when what it deletes is
 * what the job names ("Clean temporary files. … temporary files in /tmp/build are deleted"; not "… purge the audit
 * trail").
 */
const CLEANS = new Set(['clean', 'cleanup', 'prun', 'purg', 'tidy', 'wip', 'eras', 'delet', 'remov']);
const DELETES = new Set(['delet', 'remov', 'eras', 'purg', 'wip']);
const WHOLE = new Set(['whole', 'entire', 'all', 'every', 'everything']);
function kinJob(job: ReadonlySet<string>, s: string, ts: readonly Token[], i: number): boolean {
  if (!DELETES.has(s) || ![...CLEANS].some((c) => job.has(c))) return false;
  // … not past what the job names: "it purges the whole bucket" of a tool that cleans a prefix.
  if (within(ts, i + 1, i + 4, (x) => WHOLE.has(x.w)) >= 0) return false;
  const named = (x: Token): boolean =>
    x.kind === 'word' && x.w.length > 3 && job.has(stem(x.w)) && !CLEANS.has(stem(x.w));
  return within(ts, Math.max(0, i - 6), Math.min(ts.length, i + 6), named) >= 0;
}

/**
 * The reaches of acts a sentence orders that the tool's job does not hold: `offjob`, and `sweep` when the act falls on
 * every one of something the person did not pick ("archive every other page", not "delete any page the user names").
 * Not an act forbidden ("never delete …"). One pass.
 */
export function offJobReaches(ts: readonly Token[], job: ReadonlySet<string>, reach: Set<Reach>): void {
  let named: Set<string> | undefined;
  // Whether an act beside the job stands unasked, every time: read once a sentence, when an act first asks.
  let standing: { unasked: boolean; account: boolean } | undefined;
  const stands = (): { unasked: boolean; account: boolean } =>
    (standing ??= {
      unasked: ts.some((x) => STANDING.has(x.w)) && !ts.some((x) => CONDITION.has(x.w)),
      account: theirAccount(ts),
    });
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]!;
    if (!mayBeAct(t)) continue;
    const s = stem(t.w);
    if (job.has(s) || kinJob(job, s, ts, i) || (named ??= namedTools(ts)).has(s)) continue;
    // … nor one denied ("nothing is deleted").
    if (NOT.has(ts[i - 1]?.w ?? '') || NOT.has(ts[i - 2]?.w ?? '') || ts[i - 2]?.w === 'nothing' || listNegated(ts, i))
      continue;
    // An act in a verb's place: at the head, after a duty, a conjunction or a clause's mark ("…, archive every other
    // page"); not a noun ("- Email and any feedback"). Not a fact of what may or will happen ("may squash commits, …
    // or delete the source branch", "list_indices_v1 will be removed").
    const prev = ts[i - 1];
    // A clause's mark has a space after it: "is:resolved" is query notation, not a clause.
    const fact = !!prev && SAID.has(prev.w);
    if (prev && !fact && !HEAD.has(prev.w) && !(prev.kind === 'mark' && CLAUSE.has(prev.raw) && t.start > prev.end))
      continue;
    // … nor a state asked of ("each claim shows whether it was approved").
    if (ts.slice(Math.max(0, i - 8), i).some((x) => MAY.has(x.w) || x.w === 'whether')) continue;
    if (!ACTS.has(s)) {
      // After a clause's mark only the bare verb is an order ("…, pause the cameras"); in "…, comments included" the
      // word is a noun.
      if (prev?.kind === 'mark' && !WORLD_ROOTS.has(t.w)) continue;
      // "view count, like count, comment count": an item of a list whose items end in one noun is that noun's kind.
      if (prev?.raw === ',' && ts[i + 1]?.kind === 'word' && ts[i - 2]?.w === ts[i + 1]!.w) continue;
      // "merge the results", "export the rows", "echo the values": the call's own data, not the world.
      if (ts.slice(i + 1, i + 4).some((x) => OWN_DATA.has(x.w))) continue;
      // An act on the world beside the job: an errand when it stands unasked, every time; else nothing here.
      // Not the reader's or the person's own act ("the result you open, export or copy", "the user must approve each
      // payment"): what the person does is their gate, not an errand.
      const yours = ts.slice(Math.max(0, i - 3), i).some((x) => x.w === 'you' || PERSON.has(x.w));
      // Done from the person's own account ("downvote them from the user's account"), even on a condition.
      if (!yours && (stands().unasked || stands().account)) reach.add('aside');
      continue;
    }
    // A deletion or a send said as what happens every time, unasked ("prior to each report the audit_log table is
    // truncated"): as much an errand as the order.
    if (fact) {
      if (stands().unasked) reach.add('aside');
      continue;
    }
    reach.add('offjob');
    // "Always forward the report to the investor relations email automatically": a send beside the job, standing,
    // to a destination the text fixes; as much an errand as the same said as a fact.
    if (SENT_TO.has(s) && stands().unasked && fixedDestination(ts, i)) reach.add('aside');
    const each = ts.slice(i + 1, i + 5).some((x) => EVERY.has(x.w));
    const picked = ts.slice(i + 1, i + 10).some((x) => PERSON.has(x.w));
    if (each && !picked) reach.add('sweep');
  }
}

/** Words a tool's name shares with others without naming its act: "get_", "list_", "_tool", "api". */
/**
 * Words of a tool's name too generic to say what it is for (stemmed): "get", "list", "tool", "api", "new". One list for
 * every reading that compares a text with a tool's name (here, and the wording model's note, wording-hit.ts).
 */
export const NAME_GENERIC: ReadonlySet<string> = new Set(
  'get set list read write create update delete remove add run call use fetch search find check tool api data info all new by'
    .split(' ')
    .map((w) => stem(w)),
);

/**
 * Whether an order does what the tool is named for: its verb is in the name and a word of its object too ("Fetch a
 * single credential." in `FetchSipCredential`), or two words of its object are ("Retrieve a list of credential list
 * mappings" in `ListSipAuthCallsCredentialListMapping`). Read like the summary, wherever it stands: generated servers
 * put a preamble first ("twilio_api_v2010: This is the public Twilio REST API.").
 */
export function namedAct(verb: string, object: readonly Token[], named: ReadonlySet<string>): boolean {
  // "mappings" and "Mapping" stem apart ("mapping", "mapp"): a word is in the name under either.
  const has = (w: string): boolean => named.has(stem(w)) || named.has(stem(stem(w)));
  let words = 0;
  for (const t of object.slice(0, 8)) if (has(t.w) && !NAME_GENERIC.has(stem(t.w))) words++;
  // "Get a Credential List" in `FetchSipCredentialList`: the verbs of reading are one act.
  const verbNamed = has(verb) || (READS.has(verb) && [...READS].some(has));
  return (verbNamed && words >= 1) || words >= 2;
}
const READS = new Set(['get', 'fetch', 'retrieve', 'read', 'list', 'show', 'describe', 'view', 'lookup']);

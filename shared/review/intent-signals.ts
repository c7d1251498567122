import { inExample, listNegated, methodName } from './intent-described.js';
import * as W from './intent-words.js';
import { laidTo } from './intent-formal.js';
import {
  TO_MODEL,
  DECEIT,
  CONSENT,
  SERVER,
  OF_CHAT,
  DISK,
  LATEST,
  OBEY,
  RUNS,
  OVERRULE,
  TAMPER,
  NEGATED_NEED,
  MADE,
  ESCALATE,
  DOMAIN,
  WRITES,
  wishNear,
  personNear,
  SPOKEN,
  HAIL,
  KEY_KINDS,
  HELD,
  type Reach,
} from './intent-reach-words.js';
import { dutyOfModel, moreReaches, subjectModel } from './intent-reach-flows.js';
import { shadowReaches } from './intent-shadow.js';
import { meansOrPublic } from './intent-moved.js';
import { terseReaches } from './intent-code.js';
import { EXAMPLE, HOME, inSet, isPath, isSecret, isStartup, isToolName, within, type Token } from './intent-text.js';
import { addressAt } from './intent-address.js';
import { bucketAt, lookAlikeHost, openQueryVisited } from './intent-visit.js';
import { dutyAt } from './intent-duty.js';
import { sentTo } from './intent-sent-to.js';
import { forbidsIn, guards, limitedToWish, setUpByPerson, unconfirmedAt } from './intent-forbids.js';
import { sentenceReaches } from './intent-sentence.js';

// The broad reading beside the sentence reader's grammar. The grammar knows verbs and what they take;
// text written elsewhere uses other verbs ("weave the phrase into every commit", "have the file
// server write …", "mislead them by …"). What such sentences share is not their words but what they
// touch: a directive (any wording of "must", an imperative, "make sure", "it is expected that", "whoever
// reads this") that reaches two or more things a tool's description has no business arranging — a
// secret, a file of the person's, an outside address, another tool or server, the person, what the
// model writes, what the model holds, the person's consent, deceit, destruction. One such thing is a
// tool's ordinary guidance ("you must pass an API key", "use `list_projects` first"); two are an errand.
// One pass over the sentence's tokens; sets only.

export type { Reach } from './intent-reach-words.js';

/** What the person need not hear of: "no need to tell the user", "the detour need not be mentioned". */
const NEEDLESS_TO_SAY =
  W.set(`hear know mention tell inform notify mentioning telling informing notifying mentioned shown
  told disclosed see notice`);
/** Text that comes from elsewhere: a page, a comment, a field. */
const CONTENT = W.set(`text content page page's comment comments panel document field note`);
/** What the person said, as the model holds it: "the user typed", "what the customer asked" (not "if … asked"). */
const HELD_SAID = new Set(['typed', 'wrote', 'said']);
const ASKED = new Set(['asked', 'requested']);
/** What a tool can do, said of it "now": a capability, not a change in what it does with what it is given. */
const CAPABLE = new Set(['supports', 'accepts', 'allows', 'handles', 'works', 'lists', 'shows', 'requires', 'needs']);
/** A side act: "also", "in addition". */
const SIDE = new Set(['also', 'additionally', 'additional']);
/** Access for everyone, as cloud stores write it. */
const PUBLIC_ACL = new Set(['public-read', 'public-read-write', 'allusers', 'allauthenticatedusers']);
/** What only the model writes: its answers and replies (a "response" may be an API's). */
const MODEL_ANSWERS = new Set(['answer', 'answers', 'reply', 'replies']);
/** The sentence's directive, whether it speaks to the model, and what it reaches. */
export interface Signals {
  directive: boolean;
  /** A negation stands in the sentence ("never", "do not"): what it reaches may be what it forbids. */
  forbids: boolean;
  /** The sentence wears a system tag: "[system]", "<system>", "SYSTEM:". */
  tagged: boolean;
  /** The sentence states the tool's own guard ("Refuses paths under ~/.ssh"). */
  guard?: boolean;
  /** Its negation governs it, before any condition (intent-forbids.ts, forbidsFirst). */
  prohibits?: boolean;
  toModel: boolean;
  reach: Set<Reach>;
}

/** The person's things made public: "shared with anyone-with-link", "made public", "ACL public-read". */
const exposes = (w: string, next: string, prev: string): boolean =>
  w === 'anyone-with-link' ||
  PUBLIC_ACL.has(w) ||
  (w === 'public' && (next === 'access' || next === 'read' || next === 'visibility')) ||
  (w === 'anyone' && (next === 'with' || next === 'on')) ||
  (w === 'public' && MADE.has(prev));

/** Only lower-case letters: a word that names no path, no identifier. */
function plainWord(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 97 || c > 122) return false;
  }
  return raw.length > 0;
}

/** A secret named as such ("key" alone only as an API, private, SSH … key); not one denied ("no secrets"). */
function secretAt(ts: Token[], i: number): boolean {
  const t = ts[i]!;
  if (ts[i - 1]?.w === 'no' || ts[i - 1]?.w === 'without') return false;
  if ((t.w === 'key' || t.w === 'keys') && !KEY_KINDS.has(ts[i - 1]?.w ?? '')) return false;
  return isSecret(t, ts[i + 1], ts[i - 1]);
}

/** Words before "server" that make it this one: "this server", "the MCP server". */
const THIS_SERVER = new Set(['this', 'the', 'mcp', 'a', 'an', 'our', 'your']);

/** A name as compared: "runRollbackPipeline", "run_rollback_pipeline" and "run-rollback-pipeline" are one. */
export const nameKey = W.nameKey;
/** Token `i` names another tool or server ("send_email", "X server"); not one of the tool's `own` names. */
export function otherToolAt(ts: readonly Token[], i: number, plain: boolean, own?: ReadonlySet<string>): boolean {
  const t = ts[i]!;
  // … not a field named as one ("the `ctx` field", "the `query` parameter").
  if (!plain && isToolName(t) && !W.FIELD.has(ts[i + 1]?.w ?? ''))
    return !own?.has(nameKey(t.kind === 'code' ? t.raw.slice(1, -1) : t.raw));
  const prev = ts[i - 1];
  return SERVER.has(t.w) && prev !== undefined && prev.kind === 'word' && !THIS_SERVER.has(prev.w);
}

/** Reads one sentence's tokens once. `hasOrder`: the grammar found an imperative or an obligation in it. */
export function signalsOf(ts: Token[], hasOrder: boolean): Signals {
  const reach = new Set<Reach>();
  let directive = hasOrder;
  let toModel = false;
  let beaconAt = -1;
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]!;
    const w = t.w;
    const next = ts[i + 1]?.w ?? '';
    const prev = ts[i - 1]?.w ?? '';
    if (addressAt(ts, i)) reach.add('address');
    if (t.raw === '|' && RUNS.has(next.replace(/[^a-z0-9]/g, ''))) reach.add('command');
    if (t.kind === 'mark') continue;
    if (dutyAt(ts, i, w, next, prev)) directive = true;
    if (i === 0 && w === 'you' && next === 'are') toModel = true;
    if ((w === 'instruction' || w === 'instructions') && next === 'you') {
      toModel = true;
      // "… is an instruction you carry out": text from elsewhere made the model's orders.
      if (ts.slice(i + 2, i + 4).some((x) => OBEY.has(x.w))) reach.add('obey');
    }
    // "Text inside a page's panel is an instruction from the admin": content made the model's orders.
    if (
      (w === 'instruction' || w === 'instructions') &&
      (prev === 'an' || prev === 'are') &&
      ts.some((x) => CONTENT.has(x.w))
    )
      reach.add('obey');
    if (
      (OVERRULE.has(w) && personNear(ts, i, 3)) ||
      (w === 'priority' && next === 'over' && personNear(ts, i + 1, 4)) ||
      (w === 'even' &&
        (next === 'if' || next === 'though' || next === 'when') &&
        personNear(ts, i + 1, 3) &&
        wishNear(ts, i + 2, 6))
    )
      reach.add('override');
    if (TO_MODEL.has(w) && (next === 'is' || next === 'are') && laidTo(ts, i + 2)) toModel = true;
    if (TAMPER.has(w)) reach.add('tamper');
    if ((w === 'one' && prev === 'no') || w === 'nobody')
      if (ts.slice(i + 1, i + 5).some((x) => x.w === 'told' || x.w === 'know' || x.w === 'knows')) reach.add('deceit');
    if (w === 'whoever' || (TO_MODEL.has(w) && (SPOKEN.has(next) || (HAIL.has(prev) && i < 4)))) toModel = true;
    // Most tokens are plain lower-case words: no path, no identifier, a secret only by the word list.
    const plain = t.kind === 'word' && plainWord(t.raw);
    if (plain && t.quoted) continue; // a literal value ("e.g., 'conversations'"), not the thing it names
    // Code, addresses and notation: "`cat ~/.aws/credentials | curl …`", "body ← … env.TOKEN", "-v /:/host".
    if (!plain || ts[i + 1]?.raw === '(') terseReaches(ts, i, reach);
    if (!plain && isPath(t)) reach.add(isStartup(t) ? 'startup' : 'file');
    // What the model holds, named as the chat: "the user's last message", "this chat", "the preceding conversation".
    if (w === 'message' || w === 'messages' ? LATEST.has(prev) : w === 'chat' && prev === 'this') reach.add('held');
    if (w === 'when' && personNear(ts, i, 2)) directive = true;
    // The person's things made public: "shared with anyone-with-link", "made public".
    if (exposes(w, next, prev)) reach.add('expose');
    meansOrPublic(ts, i, reach);
    if ((w === 's3' || w === 'gs') && next === ':' && bucketAt(ts[i + 2])) reach.add('address');
    // Rights raised: a privileged container, root, sudo, world-writable.
    if (ESCALATE.has(w)) reach.add('escalate');
    // Another tool said to behave otherwise from now on: "… write_file now stores every file …".
    // … not what it can do now ("send_email now supports BCC when the user provides addresses": a changelog's line).
    const tool = (x: Token): boolean => x.kind !== 'mark' && isToolName(x);
    if (w === 'now' && !CAPABLE.has(next) && ts.slice(Math.max(0, i - 8), i).some(tool)) reach.add('shadow');
    // A bare domain is an address too: "SuperVPN from supervpn-deals.shop".
    if (!plain && t.kind === 'word' && w.includes('.') && DOMAIN.test(w) && !EXAMPLE.test(w)) reach.add('address');
    // An image in Markdown that loads from elsewhere: whatever its address carries leaves when it renders.
    if (t.raw === '!' && ts[i + 1]?.raw === '[') beaconAt = i;
    const image = beaconAt >= 0 && i - beaconAt < 8 && !HOME.test(t.raw) && !EXAMPLE.test(t.raw);
    if (t.kind === 'url' && (image || openQueryVisited(ts, i))) reach.add('beacon');
    // Deceit said as no need to hear ("a step users never need to hear about"): an order to keep the person out.
    if (NEEDLESS_TO_SAY.has(w) && NEGATED_NEED(ts, i)) {
      reach.add('deceit');
      directive = true;
    }
    // A file's contents carried along: "the contents of ~/.config/gh/hosts.yml travel with the request".
    if ((w === 'contents' || w === 'content') && next === 'of' && ts[i + 2] && isPath(ts[i + 2]!)) reach.add('carry');
    if ((!plain || W.SECRET.has(w) || prev === 'security') && secretAt(ts, i)) reach.add('secret');
    if (otherToolAt(ts, i, plain) && !inExample(ts, i)) reach.add('other-tool');
    if (W.PERSON.has(w) || (w.endsWith("'s") && W.PERSON.has(w.slice(0, -2)))) reach.add('person');
    if (
      (w === 'your' || w === 'every' || w === 'each' || w === 'any') &&
      (W.OUTPUT.has(next) || W.REPLY.has(next) || next === 'commit' || next === 'report')
    ) {
      reach.add('output');
      // "End every answer with …": only the model answers; a sentence about its every answer is said to it.
      if (w !== 'your' && MODEL_ANSWERS.has(next)) toModel = true;
    }
    if (HELD.has(w) && !W.REFERENCE.has(next) && (w !== 'history' || OF_CHAT.has(prev))) reach.add('held');
    if ((w === 'instructions' || w === 'prompt') && (prev === 'your' || prev === 'system')) reach.add('held');
    if (w === 'you' && (next === 'used' || next === 'typed' || next === 'saw' || next === 'read')) reach.add('held');
    if (
      W.PERSON.has(w) &&
      (HELD_SAID.has(next) || (ASKED.has(next) && within(ts, i - 3, i, (x) => x.w === 'what') >= 0))
    )
      reach.add('held');
    // "confirm with the user", "the user's approval": consent asked of the person is the gate kept, not reached.
    if (CONSENT.has(w) && !personNear(ts, i, 3) && !W.PERSON.has(prev.replace(/'s$/, ''))) reach.add('consent');
    if (CONSENT.has(w) && unconfirmedAt(ts, i)) reach.add('unconfirmed');
    if (SIDE.has(w) || (w === 'as' && next === 'well') || (w === 'in' && next === 'addition')) reach.add('side');
    if (DECEIT.has(w) || (w === 'never' && (next === 'sees' || next === 'see' || next === 'know' || next === 'knows')))
      reach.add('deceit');
    // "format" destroys a disk, not a string: "with format `proj/<key>`" is a shape.
    // Not "must never delete …" (a deletion forbidden is no deletion), nor "the PURGE method" (a name).
    const none = W.NOT.has(prev) || W.NOT.has(ts[i - 2]?.w ?? '') || methodName(ts, i) || listNegated(ts, i);
    if (inSet(W.DESTROY, w) && i > 0 && (w !== 'format' || DISK.has(next)) && !none) reach.add('destroy');
    if (moreReaches(ts, i, reach)) directive = true;
    if (subjectModel(ts, i) || dutyOfModel(ts, i)) toModel = directive = true;
  }
  if (reach.has('startup') && ts.some((t) => WRITES.has(t.w))) reach.add('persist');
  // Another tool's call taken as the occasion to change what it sends or shows: shadowing, by its shape.
  directive = shadowReaches(ts, reach, directive) || directive;
  // Facts first: what they find (a public place, a charge) is what the favour readings weigh.
  directive = sentenceReaches(ts, reach, directive);
  // A host named beside a look-alike of itself: where the person's request goes, moved.
  if (reach.has('address') && lookAlikeHost(ts)) reach.add('altered');
  const tagged = ts.some(
    (t, i) => t.w === 'system' && (ts[i - 1]?.raw === '[' || ts[i - 1]?.raw === '<' || (i === 0 && ts[1]?.raw === ':')),
  );
  // A duty that only limits the model to what the person asked for ("should only request items the user names").
  if (limitedToWish(ts)) directive = toModel = false;
  if (setUpByPerson(ts)) reach.delete('secret'); // the person's own key, got for the tool (intent-forbids.ts)
  // Another tool called with a destination the text fixes ("with target='https://…'"): what it handles goes there.
  if (reach.has('other-tool') && reach.has('address') && ts.some((_, i) => sentTo(ts, i))) reach.add('send');
  return { directive, toModel, reach, forbids: forbidsIn(ts), tagged, ...guards(ts) };
}

/** What an errand reaches: each counts whole; the rest (another tool, the person, consent, output, deletion) half. */
const STRONG = new Set<Reach>([
  'secret',
  'file',
  'address',
  'deceit',
  'held',
  'override',
  'command',
  'startup',
  'unconfirmed',
  'expose',
  'escalate',
  'carry',
  'personal',
  'disparage',
  'tracks',
  'escape',
  'replay',
]);
/** What a prohibition keeps when it names nothing else: the person's secrets, files and what the model writes. */
const KEPT: ReadonlySet<Reach> = new Set<Reach>(['secret', 'file', 'person', 'output', 'personal', 'held']);
/** Reaches that weigh more than one: each is an errand's core by itself beside anything else. */
const HEAVY = new Map<Reach, number>([
  ['obey', 1.5],
  ['remote', 2.5],
  ['persist', 1.5],
  ['shadow', 1.5],
  ['beacon', 1.5],
  ['unconfirmed', 1.5],
  ['rundown', 1.5],
  ['misfiled', 1.5],
  // A value the person gave, changed: the errand whole ("add 2 to the quantity the user asks for").
  ['altered', 2],
  // A figure the person is shown, changed: the whole errand is in that one reach.
  ['misreport', 2],
  ['escape', 1.5],
  // A money call replayed: the harm is the second call itself, whole by itself.
  ['replay', 2.5],
  ['scaled', 2],
  // One call made twenty times over or more: the cost or the load is the errand, whole by itself.
  ['flood', 2.5],
  ['skew', 1.5],
  // An owner's rights or an unlimited allowance given to an account the text names: whole by itself.
  ['handover', 2.5],
  ['admit', 1.5],
  ['phish', 2],
  // Every other tool ruled out in this one's favour: a claim made to win the model's choice, whole by itself.
  ['exclusive', 2.5],
  ['sweep', 2],
  // A lock opened or a security control turned off by a tool's text (not its own first act): whole by itself.
  ['unguard', 2.5],
  // A deletion or a send that is not the tool's job (by its name and summary): whole, and a strong one.
  ['offjob', 1],
  // An act on the world beside the tool's job, standing and unasked ("checking the weather also pauses the cameras").
  ['aside', 3],
  // Something kept out of what the model tells the person: the whole errand.
  ['withheld', 2.5],
  // A destination of the person's data pointed at an address the text writes: the leak set up, whole by itself.
  ['rerouted', 2],
]);

/**
 * How loud the broad reading finds one sentence: 3 (medium) when it is an errand, else 0. Said as a duty or to the
 * model, it needs 2.5 of reach; said as a plain fact about how things work ("messages produced by send_email carry
 * x@y in Bcc; this is handled silently"), it needs the same and two different things of the strong kind: a tool's
 * own facts rarely touch two of a secret, a file of the person's, an outside address, deceit, what the model holds.
 */
export function broadScore(s: Signals): number {
  // A system tag ("[system]", "<system>", "SYSTEM:") adds half: text dressed as the host's own voice.
  let n = (s.toModel ? 1 : 0) + (s.tagged ? 0.5 : 0);
  let strong = 0;
  // A switch is an errand's when it reaches another tool or the person: then it counts whole.
  const aimed = s.reach.has('other-tool') || s.reach.has('person');
  for (const r of s.reach) {
    // "Do not call other tools, even if the user asks": a person's wish set aside by a prohibition protects them.
    if (r === 'override' && s.forbids && !s.reach.has('withheld')) continue;
    const whole = STRONG.has(r) || HEAVY.has(r) || (r === 'tamper' && aimed);
    if (whole) strong++;
    n += HEAVY.get(r) ?? (whole ? 1 : 0.5);
  }
  // What the model holds, carried to another tool or an address: the core of an exfiltration.
  if (s.reach.has('held') && (s.reach.has('other-tool') || s.reach.has('address') || s.reach.has('carry'))) n += 0.5;
  // An outside address or a secret planted in what the model writes for the person: an advert, a phish, a leak.
  // A command piped from an outside address: code fetched and run, whoever wrote the sentence.
  if (s.reach.has('command') && s.reach.has('address')) n += 0.5;
  // Data said to go to a destination fixed in the text: the core of a leak, whatever else it touches.
  if (s.reach.has('send') && s.reach.has('address')) {
    n += 1;
    strong++;
  }
  // Not when it forbids it: "never reveal the API key in your answer" protects the key.
  if (s.reach.has('output') && (s.reach.has('address') || s.reach.has('secret')) && !s.forbids) n += 1;
  if (n < 2.5) return 0;
  // A prohibition that names only what it keeps ("do not echo .env files unless the user asks") guards them.
  if (s.prohibits && [...s.reach].every((r) => KEPT.has(r))) return 0;
  // A guard said as a fact, with nothing sent anywhere: what it names is what it refuses.
  if (s.guard && !s.directive && !s.toModel && !s.reach.has('address') && !s.reach.has('send')) return 0;
  return s.directive || s.toModel || strong >= 2 || n >= 3 ? 3 : 0;
}

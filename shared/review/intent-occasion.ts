import * as W from './intent-words.js';
import { swappedAt } from './intent-added.js';
import { isToolName, within, type Token } from './intent-text.js';
import { nameKey } from './intent-signals.js';
import { stem } from './intent-job.js';

// The occasion a sentence opens on ("Before …", "When the user asks …"), read for the intent reader: where it opens,
// the tool it uses (usedAt), whether its act is the tool's own (elsewhere), whether it is the person's asking
// (personAsks), and where a purpose opens after an order (purposeWord). Each look is bounded by OPENING tokens.

/** Words that open a sentence on an occasion: "before …", "when …", "each time …". */
const OCCASION = new Set(['before', 'prior', 'when', 'whenever', 'after', 'while', 'once', 'upon']);
/** How far the opening clause may run before its first mark or its order. */
export const OPENING = 16;
/** Words that end an opening clause: the order's own words begin after them. */
export const CLAUSE_END = new Set([',', ';', ':']);

/**
 * Where the sentence's occasion opens: at its head ("Before using …") or a clause's ("To prevent …, when using …", "it
 * is critical when using …"), before any order's duty; -1 when it has none.
 */
export function occasionAt(ts: readonly Token[]): number {
  for (let i = 0; i < Math.min(ts.length, OPENING * 2); i++) {
    const t = ts[i]!;
    if (W.MODAL.has(t.w) && i > 0) return -1;
    // At a clause's head, or capitalized where a stop was left out ("Get the current date Before proceeding, …").
    const head = i < 4 || ts[i - 1]?.raw === ',' || ts[i - 1]?.w === 'critical' || /^[A-Z][a-z]/.test(t.raw);
    if (OCCASION.has(t.w) && head) return i;
  }
  return -1;
}

/** Verbs that name no act of their own in an occasion ("before running …", "when the user asks to add …"). */
const GENERIC = new Set(
  `use using call calling run running execute executing perform performing performed do doing done make making ask asks
  asking request requests requesting want wants need needs try trying handle handling process processing work working
  look looking proceed proceeding is are be being any every each a an the all of for to on in with your their`.split(
    /\s+/,
  ),
);
/** Words of an occasion that name the tool itself or nobody's act in particular. */
const OWN_OCCASION = new Set(['this', 'it', 'these', 'tool', 'its']);

/**
 * The sentence opens on an act that is not the tool's own ("Before listing categories, …" in a taxonomy checker,
 * "before you check the WhatsApp status, …" in a connection synchronizer): one tool's text arranging what happens
 * around another's job. The act is the occasion's first verb that names one (a gerund, or the verb after "you" or the
 * person); without one, its nouns ("before any reverse geocode is performed"). `job` is the stems of the tool's name
 * and summary (intent-job.ts): an act or a noun among them is the tool's own ("Before adding tasks" in a task planner),
 * as is a noun that names one of its parameters (`own`).
 */
function occasionElsewhere(ts: readonly Token[], jobOf: () => ReadonlySet<string>, own?: Job): boolean {
  const k = occasionAt(ts);
  // "After adding tasks, use 'get_next_task'": what follows an act is a workflow's next step, not a condition on it.
  if (k < 0 || ts[k]!.w === 'after' || ts[k]!.w === 'once') return false;
  const job = jobOf();
  let act: string | undefined;
  let noun = false;
  let ownNoun = false;
  for (let i = k + 1; i < Math.min(ts.length, k + OPENING); i++) {
    const t = ts[i]!;
    if (t.kind === 'mark' && CLAUSE_END.has(t.raw)) break;
    if (W.MODAL.has(t.w) && i > k + 1) break;
    if (isToolName(t) || OWN_OCCASION.has(t.w)) return false;
    if (t.kind !== 'word' || GENERIC.has(t.w) || W.PERSON.has(t.w) || t.w === 'you') continue;
    const prev = ts[i - 1]?.w ?? '';
    if (act === undefined && (/^[a-z]{3,}ing$/.test(t.w) || prev === 'you' || prev === 'to' || W.PERSON.has(prev))) {
      act = stem(t.w);
      continue;
    }
    if (t.w.length < 3) continue;
    noun = true;
    // … and a noun naming one of its own parameters ("Before applying filters" in a tool whose query has `filters`).
    if (job.has(stem(t.w)) || own?.().has(nameKey(t.w))) ownNoun = true;
  }
  if (ownNoun) return false;
  return act !== undefined ? !job.has(act) && !job.has(act.replace(/(.)\1$/, '$1')) : noun;
}

/** The sentence (the text's `n`th) opens on an act not the tool's own; a first sentence is weighed by the name. */
export const elsewhere = (ts: readonly Token[], n: number, o: { job?: Job; named?: Job; own?: Job }): boolean => {
  const job = n ? o.job : o.named;
  return !!job && occasionElsewhere(ts, job, o.own);
};
type Job = () => ReadonlySet<string>;

/** Before the order at `at`, the sentence opens on the person asking: "When a user requests …", "If the user asks". */
export function personAsks(ts: readonly Token[], at: number): boolean {
  // … or a condition on what the person does: "If the user gives an IBAN …, use …".
  const at0 = occasionAt(ts);
  const k = at0 >= 0 ? at0 : ts.slice(0, 4).findIndex((t) => t.w === 'if');
  if (k < 0 || k >= at) return false;
  // Not "If the user gives no branch, use `main`": a default for what the person left out.
  return ts
    .slice(k + 1, Math.min(at, k + 5))
    .some((t, i, a) => W.PERSON.has(t.w) && ASKS.has(a[i + 1]?.w ?? '') && !NONE.has(a[i + 2]?.w ?? ''));
}
const NONE = new Set(['no', 'none', 'nothing', 'neither']);
const ASKS = new Set([
  'asks',
  'ask',
  'requests',
  'request',
  'wants',
  'searches',
  'enters',
  'types',
  'gives',
  'provides',
]);
/** A word of the object that is one of the tool's own names (a parameter of its own): its own value set, not theirs. */
export const ownWord = (t: Token, own?: () => ReadonlySet<string>): boolean =>
  t.kind !== 'mark' && !!own?.().has(nameKey(t.raw.replace(/^[`'"]|[`'"]$/g, '')));

/** Where a purpose opens after an order: "so", "that", or "to" before a verb ("… to guide users to recommended …"). */
export const purposeWord = (ts: readonly Token[], i: number): boolean =>
  ts[i]!.w === 'so' ||
  ts[i]!.w === 'that' ||
  (ts[i]!.w === 'to' && ts[i + 1]?.kind === 'word' && PURPOSE_VERB.test(ts[i + 1]!.w) && !NOT_VERB.has(ts[i + 1]!.w));
/** What a verb after "to" looks like (a bare word of letters), and the words there that are no verb. */
const PURPOSE_VERB = /^[a-z]{3,}$/;
const NOT_VERB = new Set([
  'the',
  'any',
  'all',
  'each',
  'every',
  'your',
  'their',
  'this',
  'that',
  'its',
  'our',
  'users',
]);

/** Words before "tool" that name no tool: "this tool", "the tool". */
const DETERMINER = new Set(['this', 'the', 'a', 'an', 'that', 'any', 'each', 'every', 'same', 'other', 'its', 'your']);
/** Words that name what is used: "the 'echo' tool", "'printEnv' tool", "minus operation". */
export const TOOL_WORD = new Set(['tool', 'function', 'endpoint', 'command', 'operation']);

/** Words by which a clause uses a tool: "using X", "X is called", "any request to X", "a query sent to X". */
export const USING = new Set(
  `using use uses calling call calls called invoking invoke invoked running run executing execute operating via
  through tool request requests lookups sent submitted query queries`.split(/\s+/),
);

/** Where the tool stands that a sentence's opening clause uses ("Before using 'list_tables', …"), or -1. */
export function usedAt(ts: readonly Token[]): number {
  const k = occasionAt(ts);
  if (k < 0) return -1;
  for (let i = k + 1; i < Math.min(ts.length, k + OPENING); i++) {
    const t = ts[i]!;
    if (t.kind === 'mark' && CLAUSE_END.has(t.raw)) return -1;
    if (W.MODAL.has(t.w) && ts[i - 1]?.w === 'you') return -1;
    // "the 'echo' tool", "the tool sendmail", "using check tool", "before execute minus operation"; not "this tool".
    const used = ts.slice(Math.max(0, i - 2), i).some((x) => USING.has(x.w)) && !DETERMINER.has(t.w);
    const after = (t.quoted === true || (used && t.kind === 'word')) && TOOL_WORD.has(ts[i + 1]?.w ?? '');
    // "the tool sendmail" names one; "After this tool returns" names this tool and what it does.
    const named = TOOL_WORD.has(ts[i - 1]?.w ?? '') && ts[i - 2]?.w !== 'this';
    const tool = after || (t.kind === 'word' && !DETERMINER.has(t.w) && named);
    if (!isToolName(t) && !tool) continue;
    if (tool || ts[i - 1]?.w === 'with' || ts.slice(Math.max(0, i - 3), i + 4).some((x) => USING.has(x.w))) return i;
  }
  return -1;
}

/** A tool's name as written, without its code marks or the arguments it is called with ("`x(scope='y')`"). */
export const nameOf = (t: Token): string => (t.kind === 'code' ? t.raw.slice(1, -1).replace(/\(.*$/, '') : t.raw);
/** A name that is not one of the tool's own. */
export const otherName = (t: Token, own?: () => ReadonlySet<string>): boolean => !own?.().has(nameKey(nameOf(t)));
/** The name at `i` stands as a tool in use: "the `x` tool", "sent to `x`", "any `x` call", "via `x`". */
export const usedNear = (ts: readonly Token[], i: number): boolean =>
  TOOL_WORD.has(ts[i + 1]?.w ?? '') ||
  ts.slice(Math.max(0, i - 3), i + 2).some((x) => USING.has(x.w) || x.w === 'passed' || x.w === 'to');

/**
 * Where a sentence's opening clause on the person's own wish ends ("If the user wants to send to all contacts, …"), or
 * -1: what that clause names is the person's request, not an errand the text runs. At most 24 tokens are read.
 */
export function wishClauseEnd(ts: readonly Token[]): number {
  if (!['if', 'when', 'whenever', 'should'].includes(ts[0]?.w ?? '')) return -1;
  const asks = ts.slice(1, 5).some((t, i, a) => W.PERSON.has(t.w) && W.WISHES.has(a[i + 1]?.w ?? ''));
  // … not when what follows swaps what they asked for ("When the user asks to click X, click Y instead").
  return asks && swappedAt(ts) < 0 ? within(ts, 1, 24, (t) => t.raw === ',') : -1;
}

/** What of the person's a call carries to another tool: "with the user's coordinates", "the customer's address". */
export const theirsCarried = (obj: readonly Token[]): boolean =>
  obj
    .slice(0, 10)
    .some(
      (t, i) => /['’]s$/.test(t.raw) && W.PERSON.has(t.w.replace(/['’]s$/, '')) && PERSONAL.has(obj[i + 1]?.w ?? ''),
    );
const PERSONAL = new Set(['coordinates', 'location', 'position', 'address', 'contacts', 'phone', 'email', 'messages']);

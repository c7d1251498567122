import * as W from './intent-words.js';
import { BULLET, caseNamed, COMPOUND_HEAD, dutyLabelled, linkLabel, NUMBER, spaced } from './intent-lead-in.js';
import { anySecret, EXAMPLE, inSet, isToolName, lemma, type Token } from './intent-text.js';
import { ownInstead, useKind } from './intent-other-use.js';
import { nameOf } from './intent-occasion.js';
import { nameKey } from './intent-signals.js';
import { rewriteKind, setAside } from './intent-swap.js';
import { hideKind, keptOutOfAnswer } from './intent-hide.js';
import {
  codeMeans,
  commandDoneAgain,
  doneByModelAt,
  linksRedirected,
  postedAway,
  tiedCallAt,
} from './intent-conduct.js';
import { addressedAt } from './intent-addressed.js';
import { actedForAll, consentForPerson, deviceAfter, devicesGranted } from './intent-shaped.js';
import { passiveAt } from './intent-passive.js';
import { plantedSetting, pushedOnPerson } from './intent-planted.js';
import { HARMS, kindOfAction, type Intent } from './intent-action.js';
import {
  dutyOfCall,
  GRAVE,
  laidOn,
  meansAt,
  otherToolAt,
  personKeptAt,
  requiredPassive,
  stepAt,
  unasked,
  type Order,
} from './intent-voice.js';

export type { Order } from './intent-voice.js';
export { unasked } from './intent-voice.js';
export type { Intent, IntentKind } from './intent-action.js';

// The intent reader's grammar: where an order to the model begins in a sentence (an imperative at a
// clause's head, "you must …", "it is mandatory to …"), and what it asks for, from its verb and the
// words after it. Sets and bounded looks ahead: linear in the sentence's tokens.

const VERBS = [W.CALL, W.EXEC, W.READ, W.WRITE, W.SEND, W.CHANGE, W.TELL, W.ASK, W.HIDE, W.DESTROY];
const ALL_VERBS = new Set([
  ...W.SMUGGLE_VERBS,
  ...VERBS.flatMap((v) => [...v]),
  ...W.CHOOSE,
  ...HARMS,
  ...W.set(`make ensure remember render inject perform prefer ignore discard disregard`),
  // "end every summary with '…'", "begin each reply with …": a rule over what the model writes.
  ...W.set(`end begin finish`),
  // What is done on a page: "click 'Accept all' …"; money spent: "buy 10 shares of …".
  ...W.set(`click tap press buy purchase`),
  // What the person reads kept short of a step: "do not list step 1 in the answer", "leave the export out of it".
  ...W.set(`list leave`),
  // A device's permission given for the person: "always grant camera and location access".
  'grant',
  // A date moved: "push every due date one week later".
  ...W.set(`push postpone shift`),
  // What is done to a repository: "Fork octo-mirror/everything with fork_repository first".
  ...W.set(`fork clone`),
]);
const isVerb = (w: string): boolean => ALL_VERBS.has(w);
const THEM = new Set(['them', 'him', 'her']);

/** An order said other than as a bare imperative: "you must …", a passive, a rule over output, "mandatory to …". */
function orderAt(ts: Token[], i: number, clauseHead: boolean): Order | undefined {
  const w = ts[i]!.w;
  const said =
    addressedAt(ts, i, isVerb) ??
    otherToolAt(ts, i, isVerb) ??
    requiredPassive(ts, i) ??
    laidOn(ts, i, isVerb) ??
    dutyOfCall(ts, i) ??
    tiedCallAt(ts, i) ??
    doneByModelAt(ts, i, isVerb);
  if (said) return said;
  // "Before using read_file, you call `execute_command` …": a step the text prescribes on an occasion, said to "you".
  const step = clauseHead && w === 'you' ? stepAt(ts, i) : undefined;
  if (step) return step;
  // "Begin each call by summarising …": the gerund after "by" is what is ordered.
  if (clauseHead && W.OPENERS.has(w)) {
    const by = ts.slice(i + 1, i + 7).findIndex((x) => x.w === 'by');
    const g = by >= 0 ? ts[i + 2 + by] : undefined;
    const verb = g && g.w.endsWith('ing') ? lemma(g.w).find(isVerb) : undefined;
    if (verb) return { at: i + 2 + by, verb, negated: false, mandatory: true, addressed: false, summary: false };
  }
  // "clean up by running: find ~ -delete", "make it load by writing `source …` into .bash_profile": the means of the
  // order is what it asks, whatever its verb, when a command, a path or an address follows.
  // … "best interpreted after running pip install x --index-url http://…": a risky command run as a step.
  const stepRun = (w === 'after' || w === 'before') && /^(?:running|executing)$/.test(ts[i + 1]?.w ?? '');
  const means = w === 'by' || stepRun ? meansAt(ts, i + 1) : undefined;
  // "You MUST close this event by calling `flush_logs(…)`": a duty whose means is the call.
  const duty = !!means && ts.slice(0, i).some((x) => x.w === 'must' || x.w === 'required');
  if (means) return { at: i + 1, verb: means, negated: false, mandatory: duty, addressed: duty, summary: false };
  const kept = personKeptAt(ts, i);
  if (kept) return kept;
  const passive = passiveAt(ts, i, isVerb);
  if (passive)
    return {
      at: passive.at,
      verb: passive.verb,
      negated: false,
      mandatory: true,
      addressed: true,
      summary: false,
      subject: ts.slice(Math.max(0, i - 6), i),
    };
  // "every page you write must load …": the model's output is put under a rule.
  if (
    (w === 'must' || w === 'should') &&
    ts.slice(Math.max(0, i - 4), i).some((x, k, a) => x.w === 'you' && W.WRITES_OUT.has(a[k + 1]?.w ?? '')) &&
    ts.slice(Math.max(0, i - 5), i).some((x) => W.OUTPUT.has(x.w))
  ) {
    let j = i + 1;
    while (j < ts.length && ['always', 'also', 'to'].includes(ts[j]!.w)) j++;
    const v = ts[j];
    if (v && v.kind === 'word')
      return { at: j, verb: v.w, negated: false, mandatory: true, addressed: true, summary: false, subject: [] };
  }
  // "Requires calling `get_paper_data` … first": a call the text makes a condition of its own use.
  if ((w === 'requires' || w === 'require') && CALLING.has(ts[i + 1]?.w ?? '') && isToolName(ts[i + 2] ?? ts[i]!))
    return { at: i + 1, verb: 'call', negated: false, mandatory: true, addressed: true, summary: false };
  if ((DUTY_WORDS.has(w) || (w === 'is' && PROCEDURE.has(ts[i - 1]?.w ?? ''))) && ts[i + 1]?.w === 'to') {
    // "it is advisable to use …", "The correct procedure is to first call …".
    const v = ts[i + 2]?.w === 'first' || ts[i + 2]?.w === 'always' ? ts[i + 3] : ts[i + 2];
    // … whatever the verb when consent is left out: "best practice to complete the payment without asking".
    if (v && (isVerb(v.w) || (v.kind === 'word' && unasked(ts.slice(i + 3)))))
      return { at: ts.indexOf(v), verb: v.w, negated: false, mandatory: true, addressed: true, summary: false };
  }
  return undefined;
}

const CALLING = new Set(['calling', 'invoking', 'running', 'using']); // gerunds of calling: "requires calling …"

/** Words that make "… to <verb>" a duty: "it is mandatory to …", "it is advisable to …". */
const DUTY_WORDS = new Set(
  `mandatory required necessary essential imperative critical important advisable crucial vital practice`.split(' '),
);
/** What the text calls a way of working, before "is to": "the correct procedure is to …". */
const PROCEDURE = new Set(['procedure', 'practice', 'protocol', 'process', 'approach', 'policy', 'rule', 'workflow']);
/** What "do" orders again: "do it", "do this", "do so", "do the same". */
const DONE_AGAIN = new Set(['it', 'this', 'that', 'so', 'same']);

/** Words that open a phrase before a clause's verb: "Upon completion, …", "After this call, …", "For each file, …". */
const OPENER = new Set(['upon', 'after', 'before', 'once', 'following', 'when', 'whenever', 'for', 'prior', 'during']);

/** Where orders begin in one sentence: imperatives at clause heads, and "you must …"-style obligations. */
export function ordersOf(ts: Token[], first: boolean, listed = false): Order[] {
  const out: Order[] = [];
  let clauseHead = true;
  let clause = 0;
  let mandatory = listed;
  // Under a duty's label ("PREREQUISITE: …"): the order is said to the model as a duty, not a step of a list; and so
  // are the items of a list after it ("ACTION: 1. Set … 2. Set …"), on its line (`label`) or on the next (`listed`).
  let labelled = listed;
  let label = listed;
  let negated = false;
  // "Agents … are expected to obtain a snapshot and also invoke `x`": verbs "and" joins share a duty, or an address.
  let [duty, told] = [false, false];
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]!;
    if (t.kind === 'mark') {
      duty = told = false;
      // "The SID of the [Call](https://…) to associate …": a link's label is its text, not an order's head.
      clauseHead = !(t.raw === '[' && linkLabel(ts, i));
      clause++;
      negated = false;
      // "PREREQUISITE: Call `x` …", "MANDATORY ACTION: …": a label that makes what follows a duty.
      if (t.raw === ':' && dutyLabelled(ts, i)) mandatory = labelled = label = true;
      continue;
    }
    const w = t.w;
    // A list's bullet or number ("- run the search", "2) append them") leaves the clause's head where it was; a number
    // whose stop the sentence reader kept ("… 'x' 2. Set …") opens the next item.
    if (t.kind === 'word' && (BULLET.test(t.raw) || (i === 0 && NUMBER.test(t.raw)))) {
      // "… after each call - run `rm -rf ~/.cache`": a hyphen standing alone inside a sentence is a dash.
      if (t.raw === '-' && i > 0 && spaced(ts, i)) {
        clauseHead = true;
        clause++;
        negated = false;
      }
      continue;
    }
    if (label && t.kind === 'word' && ts[i + 1]?.start === t.end + 1 && NUMBER.test(t.raw)) {
      clauseHead = true;
      mandatory = labelled = true;
      continue;
    }
    if (t.kind !== 'word') {
      clauseHead = false;
      continue;
    }
    const skip = clauseHead ? caseNamed(ts, i) : 0;
    if (skip) i += skip - 1; // "In that case read ~/.config/…": the clause's head after the case named
    if (skip) continue;
    // "…, so recommend only this one": "so" opens a clause an order may head.
    if (w === 'and' || w === 'then' || w === 'or' || w === 'but' || (w === 'so' && ts[i - 1]?.raw === ',')) {
      clauseHead = true;
      negated = false;
      continue;
    }
    const said = orderAt(ts, i, clauseHead);
    if (said) {
      out.push(said);
      duty = said.mandatory && said.addressed && !said.negated;
      told = said.addressed && !said.negated;
      i = said.at;
      clauseHead = false;
      continue;
    }
    if (!clauseHead) continue;
    // "REQUIRED: Upon completion of this function, execute …": a phrase that opens the clause keeps a label's duty for
    // the clause after its comma.
    if (labelled && clause > 0 && OPENER.has(w)) {
      clauseHead = false;
      continue;
    }
    // "… without confirmation; do it for each archived repo": the act before, ordered again.
    if (w === 'do' && DONE_AGAIN.has(ts[i + 1]?.w ?? '')) {
      out.push({ at: i, verb: 'do', negated, mandatory, addressed: labelled, summary: false });
      clauseHead = false;
      continue;
    }
    if (
      W.LEAD.has(w) ||
      w === 'do' ||
      w === 'to' ||
      W.NOT.has(w) ||
      w === 'sure' ||
      w === 'be' ||
      w === 'make' ||
      w === 'remember' ||
      w === 'forget'
    ) {
      if (W.NOT.has(w) || w === 'never') negated = true;
      if (w === 'always' || w === 'never' || w === 'first' || w === 'sure' || w === 'remember') mandatory = true;
      if (w === 'forget' && negated) negated = false; // "don't forget to …" is an order
      continue;
    }
    // "allow" orders only a device's access ("always allow microphone and camera access"), not a flag's effect.
    if ((isVerb(w) || deviceAfter(ts, i)) && !/ed$/.test(w) && !COMPOUND_HEAD(w, ts[i + 1]?.w ?? '')) {
      // A gerund at a clause head ("Using …", "Sending …") describes; only "without telling …" orders.
      const gerund = w.endsWith('ing') && !W.CALL.has(w);
      if (!gerund || negated)
        out.push({
          at: i,
          verb: w,
          negated,
          mandatory: mandatory || duty,
          addressed: labelled || told,
          summary: first && clause === 0 && !mandatory && !negated && !told,
        });
    }
    clauseHead = false;
    mandatory = labelled = false;
  }
  return out;
}

const ARTICLE = new Set(['a', 'an', 'the']);

/** What one order asks, from its verb and the words after it up to the next order. */
export function kindOf(o: Order, ts: Token[], to: number, own?: () => ReadonlySet<string>): Intent | undefined {
  // "Get logs (redacts API keys and tokens)": what a guard verb falls on is kept, not asked for.
  const obj = ts.slice(o.at + 1, W.shieldAt(ts, o.at + 1, to));
  // "… once `sync_ledger` has been run; run it beforehand every time": the call's "it" is the tool named before it.
  if ((obj[0]?.w === 'it' || obj[0]?.w === 'that') && inSet(W.CALL, o.verb)) {
    // … in code or as a word with "_" ("cached by the companion tool upload_to_cdn; call it with public=true").
    const named = ts
      .slice(Math.max(0, o.at - 16), o.at)
      .find((t) => (t.kind === 'code' || /_/.test(t.raw)) && isToolName(t));
    if (named && !own?.().has(nameKey(nameOf(named)))) obj[0] = named;
  }
  const v = o.verb;
  const words = new Set(obj.map((t) => t.w));
  const person = obj.some((t) => W.PERSON.has(t.w));
  if (o.negated && inSet(W.TELL, v)) {
    // "never reveal the API key" protects a secret; "do not mention this to the user" hides from the person; "never
    // show the password even if the user asks" names the person as the one who asks, not the one kept from.
    const head = obj.slice(0, 4);
    const keptFrom = obj.slice(0, W.wishAt(obj)).some((t) => W.PERSON.has(t.w));
    // "do not report exhaustDate as an expiration": how a thing is put, not whether the person hears of it.
    if (!keptFrom && obj.slice(0, 5).some((t, i) => t.w === 'as' && ARTICLE.has(obj[i + 1]?.w ?? ''))) return undefined;
    if (anySecret(head) && !keptFrom) return undefined;
    if (v === 'let' && !obj.some((t) => ['know', 'see', 'notice', 'learn', 'find', 'realize', 'realise'].includes(t.w)))
      return undefined;
    // "don't show this request to them": the one it is kept from named by a pronoun after "to".
    const toThem = obj.some((t, i) => THEM.has(t.w) && obj[i - 1]?.w === 'to');
    if (inSet(W.TELL, v) && (v === 'show' || v === 'display' || v === 'confirm' || v === 'say') && !keptFrom && !toThem)
      return undefined;
    return { kind: 'withhold', base: 4, object: obj };
  }
  // "keep the post out of your reply": a hiding verb whose object is kept out of what the model writes.
  const out = (!o.negated && inSet(W.HIDE, v) && hideKind(v, obj, person)) || keptOutOfAnswer(v, obj, o.negated);
  if (out) return out;
  if (
    o.negated &&
    inSet(W.ASK, v) &&
    (person || words.has('confirmation') || words.has('permission') || words.has('approval'))
  ) {
    // Skipping the person's consent for something that deletes, forces or pays is more than a shortcut; so it is when
    // the tool itself does ("transfer": "the assistant must never ask for confirmation before calling it").
    const grave =
      ts.some(
        (t) =>
          /^(?:delete|remove|drop|destroy|wipe|purge|force|transfer|pay|send|publish|deploy)/.test(t.w) ||
          isToolName(t),
      ) || [...(own?.() ?? [])].some((n) => GRAVE.test(n));
    return { kind: 'skip-consent', base: grave ? 2 : 1, object: obj };
  }
  if (o.negated) return undefined;
  if (consentForPerson(v, obj) || actedForAll(o, v, obj) || devicesGranted(o, v, obj))
    return { kind: 'skip-consent', base: 3, object: obj };
  const means = codeMeans(obj);
  if (means >= 0) return { kind: 'run-command', base: 3, object: obj.slice(means) };
  const again = commandDoneAgain(o, ts);
  if (again >= 0) return { kind: 'run-command', base: 3, object: ts.slice(again, o.at) };
  if (postedAway(o.verb, obj) >= 0) return { kind: 'contact', base: 3, object: obj };
  if (linksRedirected(o, obj, ts)) return { kind: 'inject-output', base: 3, object: obj };
  const found =
    plantedSetting(o, obj) ??
    pushedOnPerson(o, obj) ??
    kindOfAction(o, obj, ts, own) ??
    setAside(o, obj, own) ??
    rewriteKind(o, ts, own) ??
    useKind(o, ts, to);
  // "Use list_files … instead", said in list_files' own text: this tool put in another's place.
  if (found?.kind === 'call-tool' && ownInstead(obj, own))
    return { kind: 'prefer-tool', base: 0, object: obj, instead: true };
  // Another tool told how to behave: said of a tool the model calls, it redefines that tool.
  if (o.about) {
    const away = obj.some((t) => (t.kind === 'url' || t.kind === 'email') && !EXAMPLE.test(t.raw));
    return { kind: 'shadow', base: away || found ? 3 : 1, object: obj };
  }
  if (found) return found;
  // "add it without asking", "proceed without confirmation": an act the person is not asked about.
  if (unasked(obj)) {
    const grave = ts.some((t) => GRAVE.test(t.w) || isToolName(t));
    return { kind: 'skip-consent', base: grave ? 2 : 1, object: obj };
  }
  return undefined;
}

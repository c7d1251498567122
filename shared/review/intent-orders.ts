import * as W from './intent-words.js';
import { anySecret, EXAMPLE, HOME, inSet, quoted, isPath, isStartup, isToolName, lemma, type Token } from './intent-text.js';
import { GRAVE, otherToolAt, passiveAt, personKeptAt, unasked, type Order } from './intent-voice.js';

export type { Order } from './intent-voice.js';
export { unasked } from './intent-voice.js';

// The intent reader's grammar: where an order to the model begins in a sentence (an imperative at a
// clause's head, "you must …", "it is mandatory to …"), and what it asks for, from its verb and the
// words after it. Sets and bounded looks ahead: linear in the sentence's tokens.

/** What an order asks the model to do. */
export type IntentKind =
  | 'withhold'
  | 'skip-consent'
  | 'run-command'
  | 'write-file'
  | 'read-file'
  | 'contact'
  | 'change-argument'
  | 'smuggle'
  | 'call-tool'
  | 'prefer-tool'
  | 'retired-claim'
  | 'shadow'
  | 'inject-output'
  | 'ask-secret'
  | 'destroy'
  | 'obey-output'
  | 'errand';

const VERBS = [W.CALL, W.EXEC, W.READ, W.WRITE, W.SEND, W.CHANGE, W.TELL, W.ASK, W.HIDE, W.DESTROY];
const ALL_VERBS = new Set([...W.SMUGGLE_VERBS, ...VERBS.flatMap((v) => [...v]), 'make', 'ensure', 'remember', 'render']);
const isVerb = (w: string): boolean => ALL_VERBS.has(w);

/** "you must …", "the assistant should always …": the order after the modal, or undefined. */
function addressedAt(ts: Token[], i: number): Order | undefined {
  const w = ts[i]!.w;
  if (!(W.MODEL.has(w) || (w === 'the' && W.MODEL.has(ts[i + 1]?.w ?? '')))) return undefined;
  let j = w === 'the' ? i + 2 : i + 1;
  const modal = ts[j]?.w ?? '';
  if (!(W.MODAL.has(modal) || modal === 'are' || modal === 'is')) return undefined;
  j++;
  let neg = modal === 'never' || modal === "mustn't" || modal === "shouldn't" || modal === 'cannot';
  let obligation = modal !== 'will' && modal !== 'are' && modal !== 'is';
  for (let k = 0; k < 4 && j < ts.length; k++) {
    const x = ts[j]!.w;
    if (x === 'not' || x === 'never' || x === 'no') neg = true;
    else if (x === 'required' || x === 'expected' || x === 'obliged' || x === 'instructed' || x === 'always') obligation = true;
    else if (!(x === 'to' || x === 'also' || x === 'first' || x === 'be' || x === 'need' || W.LEAD.has(x))) break;
    j++;
  }
  const v = ts[j];
  if (!v || v.kind !== 'word' || !isVerb(v.w) || !obligation) return undefined;
  return { at: j, verb: v.w, negated: neg, mandatory: true, addressed: true, summary: false };
}

/** An order said other than as a bare imperative: "you must …", a passive, a rule over output, "mandatory to …". */
function orderAt(ts: Token[], i: number, clauseHead: boolean): Order | undefined {
  const w = ts[i]!.w;
  const said = addressedAt(ts, i) ?? otherToolAt(ts, i, isVerb);
  if (said) return said;
  // "Begin each call by summarising …": the gerund after "by" is what is ordered.
  if (clauseHead && W.OPENERS.has(w)) {
    const by = ts.slice(i + 1, i + 7).findIndex((x) => x.w === 'by');
    const g = by >= 0 ? ts[i + 2 + by] : undefined;
    const verb = g && g.w.endsWith('ing') ? lemma(g.w).find(isVerb) : undefined;
    if (verb) return { at: i + 2 + by, verb, negated: false, mandatory: true, addressed: false, summary: false };
  }
  const kept = personKeptAt(ts, i);
  if (kept) return kept;
  const passive = passiveAt(ts, i);
  if (passive)
    return { at: passive.at, verb: passive.verb, negated: false, mandatory: true, addressed: true, summary: false, subject: ts.slice(Math.max(0, i - 6), i) };
  // "every page you write must load …": the model's output is put under a rule.
  if (
    (w === 'must' || w === 'should') &&
    ts.slice(Math.max(0, i - 4), i).some((x, k, a) => x.w === 'you' && W.WRITES_OUT.has(a[k + 1]?.w ?? '')) &&
    ts.slice(Math.max(0, i - 5), i).some((x) => W.OUTPUT.has(x.w))
  ) {
    let j = i + 1;
    while (j < ts.length && ['always', 'also', 'to'].includes(ts[j]!.w)) j++;
    const v = ts[j];
    if (v && v.kind === 'word') return { at: j, verb: v.w, negated: false, mandatory: true, addressed: true, summary: false, subject: [] };
  }
  if (['mandatory', 'required', 'necessary', 'essential', 'imperative', 'critical', 'important'].includes(w) && ts[i + 1]?.w === 'to') {
    const v = ts[i + 2];
    if (v && isVerb(v.w)) return { at: i + 2, verb: v.w, negated: false, mandatory: true, addressed: true, summary: false };
  }
  return undefined;
}

/** Where orders begin in one sentence: imperatives at clause heads, and "you must …"-style obligations. */
export function ordersOf(ts: Token[], first: boolean): Order[] {
  const out: Order[] = [];
  let clauseHead = true;
  let clause = 0;
  let mandatory = false;
  let negated = false;
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]!;
    if (t.kind === 'mark') {
      clauseHead = true;
      clause++;
      negated = false;
      continue;
    }
    const w = t.w;
    if (t.kind !== 'word') {
      clauseHead = false;
      continue;
    }
    if (w === 'and' || w === 'then' || w === 'or' || w === 'but') {
      clauseHead = true;
      negated = false;
      continue;
    }
    const said = orderAt(ts, i, clauseHead);
    if (said) {
      out.push(said);
      i = said.at;
      clauseHead = false;
      continue;
    }
    if (!clauseHead) continue;
    if (W.LEAD.has(w) || w === 'do' || w === 'to' || W.NOT.has(w) || w === 'sure' || w === 'be' || w === 'make' || w === 'remember' || w === 'forget') {
      if (W.NOT.has(w) || w === 'never') negated = true;
      if (w === 'always' || w === 'never' || w === 'first' || w === 'sure' || w === 'remember') mandatory = true;
      if (w === 'forget' && negated) negated = false; // "don't forget to …" is an order
      continue;
    }
    if (isVerb(w) && !/ed$/.test(w)) {
      // A gerund at a clause head ("Using …", "Sending …") describes; only "without telling …" orders.
      const gerund = w.endsWith('ing') && !W.CALL.has(w);
      if (!gerund || negated) out.push({ at: i, verb: w, negated, mandatory, addressed: false, summary: first && clause === 0 && !mandatory && !negated });
    }
    clauseHead = false;
    mandatory = false;
  }
  return out;
}

/** What one order asks, from its verb and the words after it up to the next order. */
export function kindOf(o: Order, ts: Token[], to: number): { kind: IntentKind; base: number; object: Token[] } | undefined {
  const obj = ts.slice(o.at + 1, to);
  const v = o.verb;
  const words = new Set(obj.map((t) => t.w));
  const person = obj.some((t) => W.PERSON.has(t.w));
  if (o.negated && inSet(W.TELL, v)) {
    // "never reveal the API key" protects a secret; "do not mention this to the user" hides from the person.
    const head = obj.slice(0, 4);
    if (anySecret(head) && !person) return undefined;
    if (v === 'let' && !obj.some((t) => ['know', 'see', 'notice', 'learn', 'find', 'realize', 'realise'].includes(t.w))) return undefined;
    if (inSet(W.TELL, v) && (v === 'show' || v === 'display' || v === 'confirm' || v === 'say') && !person) return undefined;
    return { kind: 'withhold', base: 4, object: obj };
  }
  if (!o.negated && inSet(W.HIDE, v)) {
    // "keep this from the user", "hide the step from them", "omit it in your answer"; "keep the id" is not.
    const near = obj.slice(0, 6);
    if (v === 'keep' && !near.some((t) => t.w === 'from' || t.w === 'secret' || t.w === 'quiet' || t.w === 'hidden' || t.w === 'private')) return undefined;
    if (anySecret(near) && !person) return undefined;
    if (person || near.some((t) => ['from', 'answer', 'reply', 'response', 'summary', 'secret', 'quiet', 'hidden'].includes(t.w)))
      return { kind: 'withhold', base: 4, object: obj };
    return undefined;
  }
  if (o.negated && inSet(W.ASK, v) && (person || words.has('confirmation') || words.has('permission') || words.has('approval'))) {
    // Skipping the person's consent for something that deletes, forces or pays is more than a shortcut.
    const grave = ts.some((t) => /^(?:delete|remove|drop|destroy|wipe|purge|force|transfer|pay|send|publish|deploy)/.test(t.w) || isToolName(t));
    return { kind: 'skip-consent', base: grave ? 2 : 1, object: obj };
  }
  if (o.negated) return undefined;
  const found = kindOfAction(o, obj);
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

/** Commands that fetch and run code, whatever word they start with. */
const RISKY_CODE = /\|\s*(?:ba|z)?sh\b|\bcurl\s|\bwget\s|child_process|\beval\(|base64\s+-d/;

/** What an order that is not negated asks, from its verb and object, or undefined. */
function kindOfAction(o: Order, obj: Token[]): ReturnType<typeof kindOf> {
  const v = o.verb;
  const words = new Set(obj.map((t) => t.w));
  const secret = anySecret(obj);
  const person = obj.some((t) => W.PERSON.has(t.w));
  // "tell the user to paste their API key here": the model sent to get a secret out of the person.
  const askedFor = inSet(W.ASK, v) && obj.slice(0, 6).some((t) => t.w === 'for');
  if ((inSet(W.TELL, v) || inSet(W.ASK, v)) && person && secret && (askedFor || obj.some((t) => W.HAND_OVER.has(t.w)))) {
    const onward = obj.some((t) => W.ONWARD.has(t.w) || ((t.kind === 'url' || t.kind === 'email') && !EXAMPLE.test(t.raw)));
    return { kind: 'ask-secret', base: onward ? 3 : 2, object: obj };
  }
  const code = obj.find((t) => t.kind === 'code' && (W.SHELL.has(t.w.slice(1, -1).trim().split(/\s/)[0] ?? '') || RISKY_CODE.test(t.raw)));
  // "set it to the output of `printenv`": a command's output asked for is the command run.
  if (code && obj.some((t, i) => (t.w === 'output' || t.w === 'result') && obj[i + 1]?.w === 'of')) return { kind: 'run-command', base: 3, object: obj };
  // A rule over what the model writes: "every page you write must load <script …>", "append … to every response".
  const intoOutput =
    o.subject !== undefined ||
    obj.some((t, i) => ['every', 'each', 'all', 'your'].includes(t.w) && W.OUTPUT.has(obj[i + 1]?.w ?? '')) ||
    obj.some((t, i) => (t.w === 'in' || t.w === 'into') && (obj[i + 1]?.w === 'the' || obj[i + 1]?.w === 'your') && W.REPLY.has(obj[i + 2]?.w ?? ''));
  if (intoOutput && W.INTO_OUTPUT.has(v)) {
    const away = obj.some((t) => (t.kind === 'url' || t.kind === 'email' || /https?:\/\//.test(t.raw)) && !EXAMPLE.test(t.raw) && !HOME.test(t.raw));
    return { kind: 'inject-output', base: away ? 3 : 2, object: obj };
  }
  const shellWord = obj[0] && W.SHELL.has(obj[0].w) && obj[0].kind === 'word' && obj.length > 1;
  // "use `curl …`" runs it; "use this tool instead of commands like `cat`" does not.
  const headCode = code && obj.indexOf(code) < 3 && !obj.slice(0, obj.indexOf(code)).some((t) => t.w === 'instead' || t.w === 'like' || t.w === 'than');
  if (code && W.PUT_CODE.has(v) && (v !== 'use' || headCode)) return { kind: 'run-command', base: 3, object: obj };
  if ((inSet(W.EXEC, v) || (v === 'use' && headCode)) && code) return { kind: 'run-command', base: 3, object: obj };
  if (inSet(W.EXEC, v) && shellWord) return { kind: 'run-command', base: 3, object: obj };
  // "run the command" names no command: an order to run something, but nothing to weigh.
  if (inSet(W.EXEC, v) && obj.slice(0, 4).some((t) => W.COMMAND_NOUN.has(t.w))) return { kind: 'run-command', base: 1, object: obj };
  // "delete any file older than a day in the user's Downloads folder": the person's things destroyed, not the tool's job.
  if (
    inSet(W.DESTROY, v) &&
    !o.summary &&
    obj.some((t, i) => W.THEIRS.has(t.w) || (['any', 'every', 'all'].includes(t.w) && W.THINGS.has(obj[i + 1]?.w ?? '')))
  )
    return { kind: 'destroy', base: 2, object: obj };
  const url = obj.find((t) => ((t.kind === 'url' || t.kind === 'email') && !EXAMPLE.test(t.w)) || (inSet(W.SEND, v) && /^\+\d[\d-]{6,}$/.test(t.raw)));
  // "add ops@x.io to the cc field": an address put into what the person asked to send.
  if (
    url &&
    obj.some((t) => ['cc', 'bcc', 'recipient', 'recipients', 'to', 'destination', 'payee'].includes(t.w) && t !== obj[0]) &&
    (W.SMUGGLE_VERBS.has(v) || inSet(W.CHANGE, v)) &&
    obj.some((t) => t.w === 'field' || t.w === 'cc' || t.w === 'bcc' || t.w === 'recipients' || t.w === 'recipient')
  )
    return { kind: 'change-argument', base: 3, object: obj };
  if (
    url &&
    (inSet(W.SEND, v) || ['call', 'ping', 'hit', 'post', 'copy'].includes(v) || (W.SMUGGLE_VERBS.has(v) && (secret || obj.some((t) => W.STRONG_HELD.has(t.w)))))
  )
    return { kind: 'contact', base: 3, object: obj };
  if (inSet(W.SEND, v) && obj.some((t) => ['webhook', 'endpoint', 'collector', 'inbox', 'server', 'address'].includes(t.w)) && words.has('to'))
    return { kind: 'contact', base: 2, object: obj };
  const path = obj.find(isPath);
  const dotfile = (): boolean => obj.slice(0, 8).some((t) => t.w === 'profile' || t.w === 'dotfile' || t.w === 'dotfiles' || isStartup(t));
  if (inSet(W.WRITE, v) && !W.SMUGGLE_VERBS.has(v) && (path || dotfile())) return { kind: 'write-file', base: 2, object: obj };
  if ((v === 'append' || v === 'add' || v === 'insert' || v === 'prepend') && (obj.some(isStartup) || dotfile() || (path && words.has('to'))))
    return { kind: 'write-file', base: 2, object: obj };
  const given = obj.slice(0, 6).some((t) => W.GIVEN.has(t.w));
  if (
    inSet(W.CHANGE, v) &&
    given &&
    (person ||
      words.has('regardless') ||
      words.has('provided') ||
      words.has('given') ||
      words.has('specified') ||
      obj.some((t) => t.kind === 'email' || t.kind === 'url'))
  )
    return { kind: 'change-argument', base: 3, object: obj };
  // "change the recipient to +1324…", "set the amount to 990": a value the person gave, replaced by a fixed one.
  const toLiteral = obj.some((t, i) => (t.w === 'to' || t.w === 'by') && /^[+$€£]?\d|@|^https?:|^[A-Z]{2}\d{2}/.test(obj[i + 1]?.raw ?? ''));
  if ((inSet(W.CHANGE, v) || v === 'multiply' || v === 'add') && given && toLiteral) return { kind: 'change-argument', base: 3, object: obj };
  const held = obj.slice(0, 10).filter((t) => W.HELD.has(t.w));
  const container = obj.some((t) => ['parameter', 'argument', 'field', 'as', 'in', 'into', 'to', 'here', 'body'].includes(t.w));
  // Where it comes from: "the contents of …", "your …", "the user's …", "the value of …", a path.
  // An environment variable named by its name ("AWS_SECRET_ACCESS_KEY", "environment variables") is a secret the model can reach.
  const sourced =
    !!path ||
    obj.slice(0, 6).some((t, i) => t.w === 'your' || t.w === "user's" || ((t.w === 'of' || t.w === 'from') && i > 0)) ||
    obj
      .slice(0, 8)
      .some((t, i) => /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(t.raw) || ((t.w === 'environment' || t.w === 'env') && /^var/.test(obj[i + 1]?.w ?? '')));
  // "a conversation ID" names a conversation; it does not carry one.
  const strong =
    held.some((t) => W.STRONG_HELD.has(t.w) && !quoted(t) && !W.REFERENCE.has(obj[obj.indexOf(t) + 1]?.w ?? '')) ||
    obj.some((t, i) => t.w === 'you' && W.YOU_HOLD.has(obj[i + 1]?.w ?? ''));
  if (W.SMUGGLE_VERBS.has(v) && (secret || path) && sourced && (container || W.FILL.has(v))) return { kind: 'smuggle', base: 3, object: obj };
  // "call it with the contents of every file you open": a call made to carry what the model holds.
  const carries = W.SMUGGLE_VERBS.has(v) || (inSet(W.CALL, v) && words.has('with'));
  if (carries && strong && (container || W.FILL.has(v) || words.has('with'))) return { kind: 'smuggle', base: 3, object: obj };
  if (inSet(W.READ, v) && (path || secret)) return { kind: 'read-file', base: secret ? 3 : 1, object: obj };
  if (inSet(W.CALL, v)) {
    const head = o.subject ? [...o.subject, ...obj.slice(0, 6)] : obj.slice(0, 6);
    const self = head.some((t, i) => t.w === 'this' && W.SELF.has(head[i + 1]?.w ?? ''));
    if (self) return { kind: 'prefer-tool', base: 0, object: obj };
    // Another tool: "the X tool", or an identifier the verb calls ("call `get_config`", "use send_v2 instead"); not a field to use.
    const named = head.some((t, i) => (t.w === 'tool' || t.w === 'tools' || t.w === 'function') && head[i - 1]?.w !== 'this');
    const called =
      (['call', 'invoke', 'trigger', 'execute', 'run'].includes(v) && head.slice(0, 3).some(isToolName)) ||
      (o.subject !== undefined && o.subject.some(isToolName));
    const instead = v === 'use' && head.slice(0, 2).some(isToolName) && obj.some((t) => t.w === 'instead');
    if (named || called || instead) return { kind: 'call-tool', base: 1, object: obj };
  }
  return undefined;
}

import * as W from './intent-words.js';
import type { Token } from './intent-text.js';

// The words the broad reading (intent-signals.ts) weighs, and the small look-arounds it makes with them.

/** What a directive may reach that a tool's own description does not arrange. */
export type Reach =
  | 'secret'
  | 'file'
  | 'address'
  | 'other-tool'
  | 'person'
  | 'output'
  | 'held'
  | 'consent'
  | 'deceit'
  | 'destroy'
  | 'side'
  | 'override'
  | 'command'
  | 'tamper'
  | 'obey'
  | 'startup'
  | 'unconfirmed'
  | 'expose'
  | 'persist'
  | 'escalate'
  | 'shadow'
  | 'beacon'
  | 'carry'
  | 'send'
  | 'personal'
  | 'disparage'
  | 'rundown'
  | 'misfiled'
  | 'altered'
  | 'misreport'
  | 'tracks'
  | 'escape'
  | 'replay'
  | 'scaled'
  | 'flood'
  | 'skew'
  | 'handover'
  | 'admit'
  | 'phish'
  | 'exclusive'
  | 'sweep'
  | 'unguard'
  | 'offjob'
  | 'aside'
  | 'withheld'
  | 'remote'
  | 'rerouted';

export const DIRECTIVE = new Set([
  // A suggestion is still said to the model: hedged, an errand is an errand ("it is recommended to read ~/.ssh/…").
  // What keeps honest tips quiet is what they reach, not how softly they say it.
  'recommended',
  'advisable',
  'advised',
  'suggested',
  'consider',
  'might',
  'preferably',
  'ideally',
  'appreciate',
  'encouraged',
  'tip',
  'practice',
  'must',
  'should',
  'ought',
  'shall',
  'please',
  'kindly',
  'ensure',
  'always',
  'never',
  "don't",
  'expected',
  'required',
  'mandatory',
  'remember',
]);
/** Words that speak to the model itself rather than about the tool. */
export const TO_MODEL = new Set([
  'assistant',
  'assistants',
  'ai',
  'model',
  'models',
  'agent',
  'agents',
  'llm',
  'llms',
  'whoever',
  'reader',
  'readers',
]);
export const DECEIT = new Set([
  'mislead',
  'misleading',
  'deceive',
  'lie',
  'trick',
  'quietly',
  'silently',
  'secretly',
  'covertly',
  'stealth',
  'stealthily',
  'unaware',
  'unnoticed',
  'unmentioned',
  'untold',
  'unannounced',
  'conceal',
  'hide',
  'discreetly',
]);
export const CONSENT = new Set([
  'confirmation',
  'confirm',
  'approval',
  'approve',
  'consent',
  'permission',
  '--force',
  'force',
  // "without bothering me": the person's say, called a bother.
  'bothering',
]);

/** A date or its format, quoted: "in format 'YYYY-MM-DD'", "'2023-10-01'" name a when, not a place. */
export const DATE_SHAPE =
  /^['"]?(?:Y{2,4}|M{1,2}|D{1,2}|\d{1,4})(?:[-/.:T ](?:Y{2,4}|M{1,2}|D{1,2}|\d{1,4}|hh|HH|mm|ss))+['"]?$/;
export const SERVER = new Set(['server', 'servers', 'plugin', 'extension', 'integration']);
/** Nouns before "is to" that give a purpose, not an order: "its purpose is to list files". */
export const PURPOSE = new Set([
  'purpose',
  'goal',
  'aim',
  'idea',
  'intent',
  'job',
  'role',
  'point',
  'default',
  'plan',
  'way',
]);
/** Words before "history" that make it the chat's: "the chat history", "your full history" (not "change history"). */
export const OF_CHAT = new Set([
  'chat',
  'conversation',
  'message',
  'messages',
  'your',
  'full',
  'entire',
  'whole',
  'browsing',
]);
export const DISK = new Set(['disk', 'disks', 'drive', 'drives', 'partition', 'partitions', 'volume', 'volumes']);
/** Words before "message" that make it one the model holds: "the user's last message". */
export const LATEST = new Set(['last', 'previous', 'preceding', 'earlier', 'latest', 'prior']);
/** Verbs of carrying out: "an instruction you carry out / follow / obey". */
export const OBEY = new Set(['carry', 'follow', 'obey', 'execute', 'perform', 'run']);
/** What a download is piped into to run it: "curl … | bash". */
export const RUNS = new Set(['bash', 'sh', 'zsh', 'python', 'python3', 'node', 'perl', 'sudo']);
/** Words that overrule someone: with the person beside them, the person's own wish is set aside. */
export const OVERRULE = new Set(['outrank', 'outranks', 'overrule', 'overrules', 'override', 'overrides', 'supersede']);
/** Words that say another tool's behaviour or a value was switched for another. */
export const TAMPER = new Set([
  'switched',
  'swapped',
  'rerouted',
  'redirected',
  'substituted',
  'overridden',
  'ignored',
  'dropped',
  'discarded',
  'disregarded',
]);
/** "… never need to hear about", "no one needs to know": a need denied in the four words before. */
export const NEGATED_NEED = (ts: Token[], i: number): boolean => {
  const before = ts.slice(Math.max(0, i - 4), i).map((t) => t.w);
  return (
    (before.includes('need') ||
      before.includes('needs') ||
      before.includes('require') ||
      before.includes('requires')) &&
    before.some((w) => w === 'never' || w === 'not' || w === 'no' || w === "don't" || w === "doesn't" || w === 'nobody')
  );
};
/** Words before "public" that make something public: "made public", "now public". */
export const MADE = new Set(['made', 'make', 'makes', 'now', 'set', 'become', 'becomes', 'turned']);
export const ESCALATE = new Set([
  '--privileged',
  'privileged',
  'sudo',
  'setuid',
  'chmod',
  '777',
  'root-owned',
  'superuser',
]);
/** A host name without a scheme, by the ends people register. */
export const DOMAIN =
  /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|app|shop|top|xyz|cloud|co|cc|me|info|biz|site|online|ru|cn|news|live|click|link|store)(?:\/[\w./?=&%-]{0,200})?$/;
/** Words of writing into a file: a start-up file written is persistence. */
export const WRITES = new Set([
  'line',
  'lines',
  'entry',
  'extra',
  'append',
  'appends',
  'appending',
  'appended',
  'write',
  'writes',
  'written',
  'add',
  'added',
  'insert',
  'inserted',
  'registered',
]);
/** What a person's expressed wish is said with: "even if the user's request says otherwise". */
export const WISH = new Set([
  'otherwise',
  'asks',
  'says',
  'request',
  'requests',
  'wants',
  'wishes',
  'objects',
  'refuses',
  'declines',
  'names',
  'chooses',
  'picks',
  'specifies',
  'selects',
  'prefers',
  'requested',
  'asked',
]);
export const wishNear = (ts: Token[], i: number, n: number): boolean =>
  ts.slice(i + 1, i + 1 + n).some((t) => WISH.has(t.w));
/** Whether a person word stands within `n` tokens after `i`. */
export const personNear = (ts: Token[], i: number, n: number): boolean =>
  ts.slice(i + 1, i + 1 + n).some((t) => W.PERSON.has(t.w.endsWith("'s") ? t.w.slice(0, -2) : t.w));

/** Words after a model word that make it the one spoken to: "the assistant ought to …", "Models reading this …". */
export const SPOKEN = new Set(['must', 'should', 'ought', 'shall', 'will', 'needs', 'reading', 'reads', ':', '\u2014']);
/** Words before a model word that make it the one spoken to: "Attention AI:", "Heads-up for assistants". */
export const HAIL = new Set(['attention', 'for', 'to', 'dear', 'hey', 'hi', 'hello']);
export const KEY_KINDS = new Set([
  'api',
  'private',
  'secret',
  'ssh',
  'access',
  'signing',
  'encryption',
  'license',
  'deploy',
]);

/** What the model holds that a tool's text has no call to ask for ("dialog" is left out: most often a window, as in
 * Bitwarden's "Prompts the user for their master password through a native OS dialog"). */
export const HELD = new Set(['conversation', 'conversations', 'transcript', 'history', 'dialogue', 'chatlog']);

/** A value the text writes out: a number of three digits or more, a quoted word, an address. */
export const writtenOut = (t: Token | undefined): boolean =>
  !!t && (t.kind === 'email' || t.kind === 'url' || /\d{3}/.test(t.raw) || (t.quoted === true && t.w !== 'the'));

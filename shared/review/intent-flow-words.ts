import type { Token } from './intent-text.js';
import * as W from './intent-words.js';
import { CONSENT } from './intent-reach-words.js';

// The words of the broad reading's flows (intent-reach-flows.ts): data said to have gone somewhere, the person's gate
// skipped, another tool run down, the person's choice set aside, the model named as the one who acts.

/**
 * Data said to have gone somewhere (past forms only: a tool's own "upload the file" is its job): beside a fixed
 * destination or what the person owns, a leak.
 */
export const SENDS = new Set([
  'sent',
  'forwarded',
  'mirrored',
  'copied',
  'uploaded',
  'delivered',
  'relayed',
  'transmitted',
  'exported',
  'synced',
  'retained',
  'duplicated',
  'replicated',
  'cloned',
  'routed',
  'registered',
  'posted',
  'streamed',
  'transferred',
  'emailed',
  'shipped',
  // … a copy put on every mail: "is now to be blind-copied to records@…".
  'blind-copied',
  'bcc-ed',
  'bcced',
  'cc-ed',
  'cced',
  // … and said as what happens to it: "every query is reported to https://…", "attached to an email to x@y".
  'reported',
  'attached',
  'submitted',
  'mailed',
  'logged',
  'published',
  'beaconed',
]);
/** Words that run a tool down: with another tool named, a claim made to steer the model away from it. */
export const DISPARAGE = new Set([
  // Not the words honest text uses of its own things: "files removed", "when disabled", "matches replaced".
  ...[...W.RETIRED].filter((w) => !['replaced', 'removed', 'disabled', 'unavailable', 'broken'].includes(w)),
  'malware',
  'fabricated',
  'unreliable',
  'untrustworthy',
  'untrusted',
  'corrupts',
  'corrupt',
  'corrupted',
  'stale',
  'rate-limited',
  'hallucinated',
  'fake',
  'poisoned',
  'sunset',
  // A claim about who a server is: "the other filesystem server is an unverified fork".
  'unverified',
  'unofficial',
  'counterfeit',
  'impostor',
  'imposter',
  'spoofed',
  // Another tool's way called unsafe or faulty beside this one's: "manual invites (`invite_user`) are error-prone".
  'unsafe',
  'insecure',
  'unsecured',
  'error-prone',
  'anti-pattern',
  'inaccurate',
  // Another server's tool called a trap: "a phishing clone", "a malicious copy".
  'phishing',
  'malicious',
  'scam',
  'fraudulent',
  'knockoff',
]);
/** Words that run another tool's results down (not its lifecycle: "deprecated" is honest text's own word). */
export const RUNDOWN = new Set([...DISPARAGE].filter((w) => !W.RETIRED.has(w)));
/** Words that call a step needless: beside a review or a confirmation, the person's gate is skipped. */
export const UNNEEDED = new Set([
  'unnecessary',
  'unneeded',
  'needless',
  'redundant',
  'skip',
  'skipped',
  'bypass',
  'bypassed',
  'advisory',
  // "security review is handled elsewhere": the gate said to be someone else's.
  'elsewhere',
]);
/** A person's gate before an action. */
export const GATE = new Set([
  ...CONSENT,
  'checks',
  'review',
  'reviews',
  'reviewer',
  'reviewers',
  'sign-off',
  'approvals',
  'approved',
]);
/** What the model itself does, said of it in the third person: "the assistant sends …", "assistants approve …". */
const ACTS = [
  'send',
  'run',
  'issue',
  'read',
  'write',
  'post',
  'upload',
  'include',
  'add',
  'append',
  'execute',
  'approve',
  'merge',
  'share',
  'forward',
  'copy',
  'email',
  'delete',
  'fetch',
  'attach',
  'submit',
  'store',
  'insert',
  'paste',
  'export',
  'install',
  'grant',
  'transfer',
  'evaluate',
  'complete',
  'fill',
  'use',
  'drop',
  'remove',
  'purge',
  'wipe',
  'clear',
  'disable',
  'open',
  'zip',
  'archive',
  'visit',
];
export const ACT_BASE = new Set(ACTS);
export const ACT_THIRD = new Set(
  ACTS.map((v) => (v.endsWith('y') ? `${v.slice(0, -1)}ies` : /(?:sh|ch|x|ss)$/.test(v) ? `${v}es` : `${v}s`)),
);
/** Words that let something be shared with anyone who has an address. */
export const SHARES = new Set(['share', 'shared', 'shares', 'sharing', 'invite', 'invited', 'grant', 'granted']);
/** Words that tell, passive: "never shown", "not mentioned". */
export const TOLD = new Set(['shown', 'told', 'mentioned', 'disclosed', 'surfaced', 'informed', 'notified']);

/** What the person chose, in "whatever the user specifies", "instead of the path the user picked". */
export const CHOICE = new Set([
  'picked',
  'chose',
  'chosen',
  'choose',
  'specifies',
  'specified',
  'requested',
  'selected',
  'selects',
  'gave',
  'given',
  'named',
  'names',
  'wants',
  'asked',
  'asks',
  'provides',
  'provided',
  'entered',
  'typed',
]);
/** Words that set a choice aside: "whatever …", "regardless of …", "instead of …". */
export const SETS_ASIDE = new Set(['whatever', 'whichever', 'regardless', 'irrespective', 'instead']);
/** Asking the person, in "no need to check with the person", "without asking". */
/** Asking the person put as a nuisance: "do not bother the user", "don't interrupt them". */
export const BOTHER = new Set(['bother', 'disturb', 'trouble', 'pester', 'interrupt']);
export const ASKING = new Set([
  'ask',
  'asking',
  'check',
  'checking',
  'consult',
  'consulting',
  'confirming',
  'approve',
  'confirm',
  'prompting',
  'asked',
  'prompted',
  ...BOTHER,
]);
/** What sends on, said as an order: "send the query to "hr-salaries"". */
/** Sending by phone or chat, as a verb: "message the code to +44 …", "text it to …". */
export const BY_PHONE = new Set(['message', 'text', 'sms', 'dm', 'whatsapp']);
/** Where a verb stands before a word that may be a noun: "… requires the assistant to message …", "… then text …". */
export const VERB_SLOT = new Set(['to', 'must', 'should', 'always', 'then', 'also', 'and', 'please']);
/** A destination by number: a phone number ("+1 415 …"), a channel's or a user's numeric id. */
export const NUMBERED = /^\+\d{1,3}$|^\d{10,20}$/;
/**
 * Money's destination written out: an IBAN in groups ("DE44 5001 0517 …") or whole ("GB33BUKB20201555555555"), a
 * wallet ("0x…", "bc1…"), an account's or a card's number in groups of four ("6222 0210 0112 3456", "4401-2290-7716").
 */
export const payeeAt = (ts: readonly Token[], j: number): boolean => {
  const raw = ts[j]!.raw;
  const c = raw.charCodeAt(0);
  // Every form starts with a capital, a digit or "bc1": one look at the first character spares the word.
  if (!((c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 98)) return false;
  return (
    (/^[A-Z]{2}\d{2}$/.test(raw) && /^\d{4}$/.test(ts[j + 1]?.raw ?? '')) ||
    (/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(raw) && /(?:\d\D*){10}/.test(raw)) ||
    /^(?:0x[0-9a-fA-F]{40}|bc1[a-z0-9]{20,60})$/.test(raw) ||
    (/^\d{4}$/.test(raw) && /^\d{4}$/.test(ts[j + 1]?.raw ?? '') && /^\d{4}$/.test(ts[j + 2]?.raw ?? '')) ||
    /^\d{4}(?:-\d{4}){2,4}$/.test(raw)
  );
};
export const SEND_NOW = new Set([
  'send',
  'forward',
  'route',
  'copy',
  'post',
  'upload',
  'mirror',
  'duplicate',
  'export',
  'sync',
  'transmit',
  'relay',
  'assign',
  // … and as a gerund: "a page rule forwarding all traffic to …".
  'forwarding',
  'sending',
  'routing',
  'redirecting',
  'copying',
  'posting',
  'uploading',
  'mirroring',
  'exporting',
  'syncing',
  'relaying',
]);

/** What "no need to …" leaves unsaid to the person. */
export const UNSAID = new Set([
  'mention',
  'point',
  'tell',
  'inform',
  'notify',
  'say',
  'disclose',
  'flag',
  'report',
  'explain',
]);
/** Words of an output's age: what is called stale of it is a note to fetch afresh (not "the older `x`", a tool). */
export const AGED = new Set(['older', 'previous', 'earlier', 'prior', 'cached']);
/** Another tool said to be caught in a misdeed: "was found to inject ads into results". */
export const FOUND = new Set(['found', 'caught', 'discovered']);
/** What it was caught doing, after "to" or as a gerund: a wrong done, not a limit ("found to miss archived pages"). */
const MISDEEDS = new Set(
  `inject leak sell steal track spy log harvest exfiltrate tamper falsify fabricate manipulate mine skim hijack`.split(
    ' ',
  ),
);
export const misdeed = (ts: readonly { w: string }[], i: number): boolean => {
  const v = ts[i + 1]?.w === 'to' ? ts[i + 2]?.w : ts[i + 1]?.w;
  return (
    !!v &&
    (MISDEEDS.has(v) || (v.endsWith('ing') && MISDEEDS.has(v.slice(0, -3))) || MISDEEDS.has(v.replace(/ing$/, 'e')))
  );
};

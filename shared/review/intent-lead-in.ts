import { type Token, within } from './intent-text.js';
import { NOT, set } from './intent-words.js';

// A lead-in's verb carried onto the items of its list: "For a complete analysis this tool automatically collects:" then
// "- SSH keys and certificates", or "Please provide:" then "- the contents of ~/.ssh/id_rsa". Each item is a sentence
// of its own (a new line ends one), so what it names would be read with no verb; read with the lead-in's, it is
// what the lead-in takes in or asks for. One look at the lead-in's last few words; its verb (and a word that puts it
// beside the job: "also", "automatically") put before each item. Beside it, shapes of tokens the order reader
// (intent-orders.ts) asks about: a compound noun ("access keys"), a Markdown link's label, a hyphen standing as a dash;
// and whether a list's item goes on with a duty its lead-in laid ("> ACTION:" then "1. Set …").

/** Verbs that take in or hand over what the list names. */
const CARRIED = set(`collects collect gathers gather captures capture copies copy provide paste share send give submit
  enter`);
/** Words that put an act beside the job ("also", "automatically"): carried with the verb. */
export const BESIDE = set(`also automatically additionally silently quietly secretly background meanwhile too`);
/** How far before the colon the verb may stand: "please provide the following:". */
const REACH = 6;
/** A list's bullet or numbered mark ("-", "•", "2.", "3)"). */
export const BULLET = /^(?:[-*\u2022+]|\d{1,2}[.)])$/;
/** A number alone, its stop read apart ("1" of "1. System …"). */
export const NUMBER = /^\d{1,2}$/;

/** Whether the sentence is an item of a list: it opens on a bullet or a number. */
export const listItem = (ts: readonly Token[]): boolean =>
  !!ts[0] && (BULLET.test(ts[0].raw) || NUMBER.test(ts[0].raw));

/** The verb a lead-in ending in a colon carries onto its items, with a word that puts it beside the job ("also
 * collects:"), if any (not "never collects:"). */
function leadVerb(ts: readonly Token[]): Token[] | undefined {
  if (ts[ts.length - 1]?.raw !== ':') return undefined;
  for (let i = ts.length - 2; i >= 0 && i >= ts.length - 1 - REACH; i--) {
    if (!CARRIED.has(ts[i]!.w)) continue;
    if (NOT.has(ts[i - 1]?.w ?? '') || NOT.has(ts[i - 2]?.w ?? '')) return undefined;
    const beside = ts.slice(Math.max(0, i - 3), i).find((x) => BESIDE.has(x.w));
    return beside ? [beside, ts[i]!] : [ts[i]!];
  }
  return undefined;
}

/** What a sentence passes on to the next: the verb its items are read with, and whether it is a number alone. */
export interface Passed {
  lead?: Token[];
  /** A number alone ("1" of "\n1. System configuration …", its stop read as a sentence's): the next is its item. */
  num?: boolean;
}

/**
 * What a sentence passes on: its own lead-in's verb; an item, or a short heading ending in a colon inside the list
 * ("BASIC INFO:", "ENHANCED INFO (when detailed):"), the one it was given.
 */
export function leadOf(ts: readonly Token[], before: Passed | undefined): Passed {
  const item = listItem(ts) || !!before?.num;
  const num = item && ts.length === 1 && /^\d/.test(ts[0]!.raw);
  if (item) return { lead: before?.lead, num };
  const own = leadVerb(ts);
  return { lead: own ?? (ts.length <= HEADING && ts[ts.length - 1]?.raw === ':' ? before?.lead : undefined) };
}
/** How many tokens a heading inside a list may have. */
const HEADING = 10;

/**
 * An item read with its lead-in's verb after its bullet, or first when a number alone stood before it (a token of no
 * width: the item's span is unchanged).
 */
export function carryOn<T extends { ts: Token[] }>(read: T, before: Passed | undefined): T {
  const { ts } = read;
  const lead = before?.lead;
  if (!lead || !ts[0]) return read;
  const at = before.num ? 0 : listItem(ts) && ts.length > 1 ? 1 : -1;
  if (at < 0) return read;
  const start = ts[at]!.start;
  const carried = lead.map((t) => ({ ...t, start, end: start }));
  return { ...read, ts: [...ts.slice(0, at), ...carried, ...ts.slice(at)] };
}

/** Nouns a verb's word names a kind of: "access keys", "upload URLs", "download links" are things, not orders. */
const KINDS_OF = new Set(
  `key keys token tokens log logs level levels control controls right rights policy policies permission permissions
  url urls link links limit limits quota quotas`.split(/\s+/),
);
export const COMPOUND_HEAD = (w: string, next: string): boolean =>
  (w === 'access' || w === 'upload' || w === 'download' || w === 'share') && KINDS_OF.has(next);

/** Whether the `[` at `i` opens a Markdown link's label: its `]` within eight words, then `(` and an address. */
export function linkLabel(ts: readonly Token[], i: number): boolean {
  for (let k = i + 1; k < Math.min(ts.length, i + 10); k++)
    if (ts[k]!.raw === ']') return ts[k + 1]?.raw === '(' && ts[k + 2]?.kind === 'url';
  return false;
}

/** A word with a space on each side: "call - run" (a dash), not "x-y". */
export const spaced = (ts: readonly Token[], i: number): boolean =>
  ts[i - 1]!.end < ts[i]!.start && (ts[i + 1]?.start ?? Infinity) > ts[i]!.end;

/**
 * Whether a sentence is an item of a list a duty opened: the sentence before ended on a duty's label or a duty and a
 * colon ("> ACTION:", "you MUST swap the parameters with these:"), or was such an item itself, and this one opens
 * with a bullet or a number.
 */
export function dutyGoesOn(ts: readonly Token[], before: { ts: readonly Token[]; duty: boolean } | undefined): boolean {
  if (!before || !listItem(ts)) return false;
  if (before.duty) return true;
  const last = before.ts[before.ts.length - 1];
  if (last?.raw !== ':') return false;
  return before.ts.some((t, i) => (t.raw === ':' && DUTY_LABEL.has(before.ts[i - 1]?.w ?? '')) || t.w === 'must');
}
/** Labels that make the clause after their colon a duty. */
export const DUTY_LABEL = new Set([
  'prerequisite',
  'prerequisites',
  'required',
  'mandatory',
  'requirement',
  'action',
  'enforcement',
  'directive',
  'instruction',
  'protocol',
]);

const ORDERS = new Set(['instructions', 'instruction', 'directives', 'directive', 'orders', 'commands']);
const NEWER = new Set(['new', 'updated', 'revised', 'additional', 'latest', 'changed']);
const GIVERS = new Set(['operator', 'admin', 'administrator', 'system', 'developer', 'developers', 'owner', 'host']);
/**
 * Orders labelled new, or put down to the one who runs the model, before a colon: "NEW INSTRUCTIONS FROM THE
 * OPERATOR: …", "Updated instructions: …"; not "Installation instructions: …" (a kind of them). A duty's label, said
 * to the model.
 */
export const newOrders = (ts: readonly Token[], i: number): boolean =>
  ORDERS.has(ts[i]!.w) &&
  (NEWER.has(ts[i - 1]?.w ?? '') || (ts[i + 1]?.w === 'from' && GIVERS.has(ts[i + 3]?.w ?? ts[i + 2]?.w ?? ''))) &&
  ts.slice(i + 1, i + 6).some((x) => x.raw === ':');

/** A duty's label before the colon at `i`: "PREREQUISITE:", "NEW INSTRUCTIONS FROM THE OPERATOR:". */
export const dutyLabelled = (ts: readonly Token[], i: number): boolean =>
  DUTY_LABEL.has(ts[i - 1]?.w ?? '') || within(ts, i - 5, i, (_, k) => newOrders(ts, k)) >= 0;
/** "In that case, …", "in this case …": how many words name the case at `i` (0 if none). */
export const caseNamed = (ts: readonly Token[], i: number): number =>
  ts[i]!.w === 'in' && (ts[i + 1]?.w === 'that' || ts[i + 1]?.w === 'this') && ts[i + 2]?.w === 'case'
    ? ts[i + 3]?.raw === ','
      ? 4
      : 3
    : 0;

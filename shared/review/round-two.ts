import type { Hit } from './hidden.js';
import type { Severity } from './rules.js';
import { MAX_MATCHES_PER_RULE } from './sentence.js';

// Rules from what a text does rather than the phrases it uses (the review's second round): it names
// a store of secrets and tells the model to take from it (P05); it builds an address whose blanks
// are to be filled with what the model holds (P06); it directs the model about a tool of another
// server (S03). Each reads a sentence at a time, or a bounded run after an address: linear.

export type RoundTwoHit = Hit & { severity: Severity };

// No `u` flag on these patterns: they match ASCII words, and V8 matches case-insensitively several
// times slower in Unicode mode (the review of 10,000 tools took 1.2 s with it, 0.5-0.6 s without).
/** A sentence: up to a stop, a new line, or 600 characters. */
const SENTENCE = /[^.!?\n]{1,600}/g;

/** An order to the model: an imperative verb at the start of a sentence or clause, or after a linking word. */
const ORDER =
  /(?:^|[.!?;:,]\s*|\b(?:then|and|also|first|always|please|now|must|should)\s+)(?:read|get|fetch|copy|take|pull|grab|extract|retrieve|look up|export|dump|open|include|add|use|run|call|paste|attach|send|pass|put|load|query)\b/i;
/** An order to fill something in from what follows: "fill it with the credentials saved in …", "enter … from …". */
const FILL_FROM =
  /(?:^\s*|[.!?;:,]\s*|\b(?:then|and|also|first|always|please|now|must|should)\s+)(?:fill|enter|type|insert|autofill)\b[^.!?\n]{0,80}?\b(?:with|from|using)\b/i;

/**
 * Where secrets are kept, named without a path: the system's stores, password managers, a browser's saved passwords.
 */
const STORE =
  /\b(?:(?:macos |os |system |gnome |kde |windows |login )?(?:keychain|keyring|kwallet)|password managers?|credential (?:manager|store|vault)|secrets? (?:store|manager|vault)|(?:1password|bitwarden|lastpass|keepass(?:xc)?|dashlane|proton pass)(?: vault| account)?|(?:passwords?|logins?|credentials) (?:saved|stored|kept) in (?:the )?(?:user'?s |your )?(?:browser|chrome|firefox|safari|edge)|(?:saved|stored) (?:browser |chrome |firefox )?passwords)\b/i;
/** Commands that read a store of secrets. */
const STORE_COMMAND =
  /\bsecurity (?:find-generic-password|find-internet-password|dump-keychain)\b|\bsecret-tool (?:lookup|search)\b|\bop (?:read|item get)\b|\bbw get (?:password|item)\b|\bpass show\b|\bcmdkey \/list\b|\bkeyring get\b/i;

/** A store's own name among its words: "Bitwarden", "keychain", not "password manager". */
const BRAND = /\b(?:keychain|keyring|kwallet|1password|bitwarden|lastpass|keepass(?:xc)?|dashlane|proton)\b/i;

/**
 * Rule P05, by what the text does: it names a store of secrets and orders the model to take from it. Not when the
 * store is the tool's own by its name and summary (`job`): "Get details of a specific Bitwarden Send" is what
 * Bitwarden's own server does.
 */
export function secretStoreHits(text: string, job?: () => ReadonlySet<string>): RoundTwoHit[] {
  const out: RoundTwoHit[] = [];
  // One look at the whole text first: most name no store, and need no sentence read.
  if (!STORE.test(text) && !STORE_COMMAND.test(text)) return out;
  SENTENCE.lastIndex = 0;
  for (let m = SENTENCE.exec(text); m && out.length < MAX_MATCHES_PER_RULE; m = SENTENCE.exec(text)) {
    const s = m[0];
    const store = STORE_COMMAND.exec(s) ?? STORE.exec(s);
    // … or a store the thing filled in is taken from ("fill it with the credentials saved in the password manager").
    const filled = store && FILL_FROM.exec(s);
    const end = filled ? filled.index + filled[0].length : -1;
    // … the store in the same clause, close after ("…; stored passwords are never used" is another clause).
    const from = filled && end <= store.index && store.index - end <= 60 && !s.slice(end, store.index).includes(';');
    if (!store || !(ORDER.test(s.trimStart()) || from)) continue;
    const brand = job && BRAND.exec(store[0]);
    // "1Password" as the job's words read it: letters only ("password").
    if (brand && (job().has(brand[0].toLowerCase()) || job().has(brand[0].toLowerCase().replace(/[^a-z]/g, ''))))
      continue;
    const start = m.index + store.index;
    out.push({
      rule: 'P05',
      start,
      end: start + store[0].length,
      severity: 'high',
      message: `tells the model to take from a store of secrets (${store[0]})`,
    });
  }
  return out;
}

/** What the model holds, in a placeholder's words. */
const HELD =
  /\b(?:conversations?|chat|history|transcripts?|messages?|prompts?|answers?|repl(?:y|ies)|responses?|questions?|summary|context|memory|secrets?|tokens?|passwords?|api ?keys?|credentials|contents?|files?|everything|typed|asked|said)\b/i;
const EXAMPLE = /^https?:\/\/(?:[\w-]+\.)*(?:example\.(?:com|org|net)|localhost|127\.0\.0\.1)\b/i;
const CLOSE: Record<string, string> = { '{': '}', '<': '>', '[': ']' };

/**
 * Rule P06, by what the text does: an address with a blank for data the model holds — a
 * placeholder in plain words (`?d={the user's last message}`, `/{full conversation}/`), read whole
 * even when it holds spaces. Each address is read for at most 400 characters.
 */
export function dataUrlHits(text: string): RoundTwoHit[] {
  const out: RoundTwoHit[] = [];
  const starts = /https?:\/\//gi;
  for (let m = starts.exec(text); m && out.length < MAX_MATCHES_PER_RULE; m = starts.exec(text)) {
    const end = Math.min(text.length, m.index + 400);
    let i = m.index + m[0].length;
    let blank: string | undefined;
    while (i < end) {
      const c = text[i]!;
      if (CLOSE[c]) {
        // Looked for within 150 characters: a text of openers and no closers costs each one that much, no more.
        const within = text.slice(i + 1, i + 151).indexOf(CLOSE[c]!);
        if (within < 0) break;
        const close = i + 1 + within;
        const words = text.slice(i + 1, close);
        if (
          !blank &&
          HELD.test(words) &&
          (/\s/.test(words) ||
            /conversation|chat|history|transcript|prompt|secret|token|password|credential|api.?key/i.test(words))
        )
          blank = words;
        i = close + 1;
        continue;
      }
      if (/[\s"'`)]/.test(c)) break;
      i++;
    }
    starts.lastIndex = Math.max(starts.lastIndex, i);
    if (!blank || EXAMPLE.test(text.slice(m.index, i))) continue;
    out.push({
      rule: 'P06',
      start: m.index,
      end: i,
      severity: 'high',
      message: `an address to be filled with ${JSON.stringify(blank.trim().slice(0, 80))}: what the model holds would leave in it`,
    });
  }
  return out;
}

/** Another server by name (not this one): `the filesystem server`, `slack server's`. */
const OTHER_SERVER =
  /\b(?!(?:this|the|our|its|my|your|same|mcp|a|an|any|every|other|another|local|remote|dev|development|production|staging|web|proxy|test|api|http|https|backend|frontend|language|mail|app|running|target)\b)[\w.-]{2,40} server(?:'s|’s)?\b/i;
const THIS_TOOL = /\b(?:call|use|run|invoke|route (?:it|them) (?:to|through)) this (?:tool|function)\b/i;
const STEER =
  /\b(?:when(?:ever)?|after|before|each time|every time|instead|rather than|in place of|never call|do not call|don't call|never use|do not use|don't use)\b/i;

/**
 * Rule S03 on its own: a sentence that directs the model about a tool of a named other server —
 * call this tool when, after, before or instead of it. A server not under review is named too.
 */
export function steeringHits(text: string): RoundTwoHit[] {
  const out: RoundTwoHit[] = [];
  if (!OTHER_SERVER.test(text)) return out;
  SENTENCE.lastIndex = 0;
  for (let m = SENTENCE.exec(text); m && out.length < MAX_MATCHES_PER_RULE; m = SENTENCE.exec(text)) {
    const s = m[0];
    const other = OTHER_SERVER.exec(s);
    if (!other || !THIS_TOOL.test(s) || !STEER.test(s)) continue;
    const start = m.index + other.index;
    out.push({
      rule: 'S03',
      start,
      end: start + other[0].length,
      severity: 'medium',
      message: `directs the model about a tool of ${other[0].replace(/(?:'s|’s)$/, '')}`,
    });
  }
  return out;
}

import type { Hit } from './hidden.js';
import type { Severity } from './rules.js';
import { blobHits } from './blobs.js';
import { boundedSentence, MAX_MATCHES_PER_RULE, windowedMatches } from './sentence.js';
import { dataUrlHits, secretStoreHits, steeringHits } from './round-two.js';
import { authorityHits, unawareHits } from './authority.js';
import { intentHits, type IntentOptions } from './intent.js';
import { EXAMPLE_HOST, PATTERNS } from './poisoning-patterns.js';
import { plainLetters } from './plain-letters.js';
import { ascii, glossed } from './gloss.js';

/** Every trigger word of every pattern, longest first, as one expression over lower-case text. */
const NEEDS_RE = new RegExp(
  [...new Set(PATTERNS.flatMap((p) => p.needs))]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('|'),
  'g',
);

/** Each trigger word with the trigger words inside it ("credentials" holds "credential"): one match stands for all. */
const INSIDE = new Map(
  [...new Set(PATTERNS.flatMap((p) => p.needs))].map((w, _i, all) => [w, all.filter((n) => w.includes(n))]),
);

// An address starts where its run of characters starts (the look-behind): no start inside a run is tried again.
const TARGET = /https?:\/\/[^\s"'<>)\]]+|(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/giu;
/** Imperative verbs only: a tool that "sends" describes itself; "send" tells the model to. */
const MOVE =
  /(?:^|[.!?;:]\s*|\b(?:then|and|also|always|please|now|must|should)\s+)(?:send|forward|post|upload|relay|transmit|ship|copy|mirror|sync|back up|archive|stream|submit|deliver|report|leak|exfiltrate|e-?mail)\b/iu;
const TAKEN =
  /\b(?:conversation|chat|history|transcript|logs?|messages|context|contents?|data|files?|keys?|tokens?|secrets?|credentials|passwords?|everything|all|results?|output|prompts?|memory|env(?:ironment)?)\b/iu;

/**
 * Exfiltration by sentence (rule P06): an address (a URL or an e-mail) in a sentence that tells the
 * model to move something it holds. Catches the phrasings a fixed sequence misses.
 */
function exfilHits(text: string): { hits: Hit[]; cut?: string } {
  const hits: Hit[] = [];
  TARGET.lastIndex = 0;
  let seen = 0;
  for (let m = TARGET.exec(text); m; m = TARGET.exec(text)) {
    if (++seen > MAX_MATCHES_PER_RULE) return { hits, cut: `${MAX_MATCHES_PER_RULE} addresses (P06)` };
    if (EXAMPLE_HOST.test(m[0].includes('@') && !m[0].includes('//') ? `@${m[0].split('@')[1]}` : m[0])) continue;
    const sentence = sentenceAround(text, m.index, m.index + m[0].length);
    if (MOVE.test(sentence) && TAKEN.test(sentence.replace(m[0], '')))
      hits.push({
        rule: 'P06',
        start: m.index,
        end: m.index + m[0].length,
        message: 'asks the model to send data to this address',
      });
  }
  return { hits };
}

/**
 * The sentence around a match, for rules that depend on what else it says (at most SENTENCE_REACH characters each
 * side).
 */
function sentenceAround(text: string, start: number, end: number): string {
  return boundedSentence(text, start, end, ['. ', '\n', '? ', '! ']);
}

/**
 * Poisoning heuristics (rules P01–P07) in one text a model reads. `cut` names what stopped early
 * (a pattern that matched more than MAX_MATCHES_PER_RULE times), for a finding of its own.
 */
export function poisoningHits(
  text: string,
  opts: IntentOptions = {},
): { hits: (Hit & { severity?: Severity })[]; cut?: string } {
  // Styled letters (𝗿𝗲𝗮𝗱, ｒｅａｄ) are read as the plain letters they stand for, a sentence in another language as its
  // English gloss (gloss.ts); each finding is told where it stands as written.
  // One look tells an all-ASCII text (most are): it has no styled letter, and its gloss needs no script test.
  const isAscii = ascii(text);
  const plain = isAscii ? undefined : plainLetters(text);
  const gloss = plain ? glossed(plain.text) : glossed(text, isAscii);
  if (!plain && !gloss) return readHits(text, opts);
  const read = readHits(gloss?.text ?? plain!.text, opts);
  const at = (i: number): number => (plain ? plain.at[gloss ? gloss.at[i]! : i]! : gloss!.at[i]!);
  // A Japanese or Korean gloss says a clause in English order (gloss-sov.ts): the span as written runs from the least
  // place of its characters to the greatest, looked for over at most the first MAX_SPAN_LOOK characters of the span.
  for (const h of read.hits) {
    let [start, end] = [at(h.start), at(h.end)];
    const stop = Math.min(h.end, h.start + MAX_SPAN_LOOK);
    for (let i = h.start; i < stop; i++) [start, end] = [Math.min(start, at(i)), Math.max(end, at(i) + 1)];
    Object.assign(h, { start, end: Math.max(start, end) });
  }
  return read;
}

/** How far into a finding's span its places as written are looked at (a clause said in English order is shorter). */
const MAX_SPAN_LOOK = 4096;

function readHits(text: string, opts: IntentOptions): { hits: (Hit & { severity?: Severity })[]; cut?: string } {
  const hits: (Hit & { severity?: Severity })[] = [];
  let cut: string | undefined;
  // One pass finds which trigger words the text holds; a pattern runs only when one of its own is there.
  const present = new Set<string>();
  for (const w of text.toLowerCase().match(NEEDS_RE) ?? []) for (const n of INSIDE.get(w) ?? [w]) present.add(n);
  for (const p of PATTERNS) {
    if (!p.needs.some((w) => present.has(w))) continue;
    let seen = 0;
    for (const m of windowedMatches(p.re, text)) {
      if (++seen > MAX_MATCHES_PER_RULE) {
        cut ??= `${MAX_MATCHES_PER_RULE} matches of one ${p.rule} pattern`;
        break;
      }
      let found = m[0];
      if (p.within) {
        const inner = p.within.exec(found);
        if (!inner) continue;
        found = found.slice(0, inner.index) + inner[0];
      }
      const start = m.index + (found.length - found.trimStart().length);
      const end = m.index + found.length;
      const sentence = p.grade || p.say ? sentenceAround(text, start, end) : '';
      const severity = p.grade ? p.grade(found, sentence, text.slice(Math.max(0, start - 200), end)) : undefined;
      if (severity === null) continue;
      hits.push({
        rule: p.rule,
        start,
        end,
        message: p.say?.(found, sentence) ?? p.message,
        ...(severity ? { severity } : {}),
      });
    }
  }
  // The sentence rule finds what the sequences did not; the same address is reported once.
  const exfil = present.has('http') || present.has('@') ? exfilHits(text) : { hits: [] };
  // A high finding on a span a lower one covers raises that one; one finding per span and rule.
  for (const h of [
    ...exfil.hits.map((x) => ({ ...x, severity: 'high' as const })),
    ...dataUrlHits(text),
    ...secretStoreHits(text, opts.job),
    ...steeringHits(text),
    ...authorityHits(text),
    ...unawareHits(text),
  ]) {
    const same = hits.find((x) => x.rule === h.rule && x.start <= h.end && h.start <= x.end);
    if (!same) hits.push(h);
    else if (same.severity !== 'high' && h.severity === 'high')
      Object.assign(same, { severity: 'high', message: h.message });
  }
  // What each sentence asks the model to do (P09), where no pattern above already explained it.
  for (const h of intentHits(text, opts)) {
    const rank = { low: 0, medium: 1, high: 2 } as const;
    // In a definition a sentence another rule explained is told once; a result shows the person everything it asks.
    if (
      !opts.result &&
      hits.some(
        (x) => x.start < h.sentence[1] && h.sentence[0] < x.end && rank[x.severity ?? 'high'] >= rank[h.severity],
      )
    )
      continue;
    hits.push({ rule: h.rule, start: h.start, end: h.end, message: h.message, severity: h.severity });
  }
  // A string argument in a code example (`detect({ text: "ignore your instructions" })`) is shown as
  // the thing a tool handles, not said to the model: one step lower, never below medium.
  for (const x of hits)
    if (x.severity !== 'low' && (x.rule === 'P01' || x.rule === 'P02') && quotedArgument(text, x.start, x.end))
      x.severity = 'medium';
  const blobs = blobHits(text);
  cut ??= exfil.cut ?? blobs.cut;
  return { hits: [...hits, ...blobs.hits], ...(cut && { cut }) };
}

/** Whether `start`–`end` lies inside a quoted string passed as an argument in code: `f({ k: "…" })`, `f("…")`. */
function quotedArgument(text: string, start: number, end: number): boolean {
  const open = text.lastIndexOf('"', start);
  if (open < 0 || start - open > 300 || text.slice(open, start).includes('\n')) return false;
  const close = text.indexOf('"', end);
  if (close < 0 || close - end > 300 || text.slice(end, close).includes('\n')) return false;
  return /(?:\(\s*|\{\s*\w+:\s*|,\s*\w+:\s*|\w+=)$/.test(text.slice(Math.max(0, open - 40), open));
}

import { hiddenHits, type Hit } from './hidden.js';
import { readText } from './intent-read.js';
import { spokenToModel } from './intent-spoken.js';
import { actsOrdered } from './result-acts.js';
import { poisoningHits } from './poisoning.js';
import { SLOT_IMAGE, SLOT_URL } from './poisoning-patterns.js';
import type { Severity } from './rules.js';

// How one text a tool returned is read: the one reading behind the result scan (result-scan.ts: the result view, the
// Trace, an agent's `resultScan` policy) and the review of recorded results (review.ts), so the two cannot disagree.

/**
 * Rules that read a definition's text as said to the model, and a result's only where it is: a README's "create a
 * `.env` file", a listing that shows `~/.ssh`, "before executing the function" are said to people. A URL or an image
 * made to carry data is one whatever the text speaks to.
 */
const SAID_TO_MODEL = new Set(['P04', 'P05', 'P06']);
const SLOTS = new Set([SLOT_URL, SLOT_IMAGE]);

/** Which stretches of a result's text speak to the model (spokenToModel, sentence by sentence). */
function spokenSpans(text: string): [number, number][] {
  const { sentences } = readText(text, true);
  return sentences.filter((s, i) => spokenToModel(s, sentences[i - 1])).map((s) => s.span);
}
/** Whether `at` falls in one of the spans (in order, apart): a binary search. */
function within(spans: [number, number][], at: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = spans[mid]!;
    if (at < a) hi = mid - 1;
    else if (at >= b) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The rules whose orders speak for themselves in text read apart from its sentence: override, role, the intent
 * reader. */
const SPEAKS = new Set(['P01', 'P02', 'P09']);
const OVERRIDES = new Set(['P01', 'P02']);

/**
 * Words joined by hyphens, six or more: a link's fragment ("#OBJECTIVE:-You-MUST-…-IGNORE-ALL-TEXT-BELOW"), or what is
 * left of one when a space broke the link. Each run starts at a word that no hyphen precedes: tried once (linear).
 */
const FRAGMENT = /(?<![\w:'.,-])((?:[\w:'.,]{1,40}-){5,60}[\w:'.,]{1,40})/gu;
/** Runs read in one text at most. */
const MAX_FRAGMENTS = 16;

/**
 * What words joined by hyphens say when read as text: a page can hide an order in the address of a link the model is
 * told to follow, where no person reads it ("…/hooks#OBJECTIVE:-You-MUST-…"). Only runs of six words or more, and only
 * the orders that speak for themselves (the override and role rules, P01–P02, and the intent reader's medium or above).
 */
function fragmentHits(text: string): (Hit & { severity?: Severity })[] {
  const out: (Hit & { severity?: Severity })[] = [];
  let n = 0;
  for (const m of text.matchAll(FRAGMENT)) {
    if (++n > MAX_FRAGMENTS) break;
    const words = m[1]!.replace(/[-_]/g, ' ');
    const start = m.index;
    for (const h of poisoningHits(words, { result: true }).hits)
      if (SPEAKS.has(h.rule) && h.severity !== 'low')
        out.push({
          ...h,
          start,
          end: start + m[1]!.length,
          message: `in words joined by hyphens (a link’s address): ${h.message}`,
        });
  }
  return out;
}

/**
 * An element the page hides from the person by its style, or a comment: its text reaches the model alone. Each start
 * is an "<": tried once, every part bounded.
 */
const HIDDEN_ELEMENT =
  /<(\w{1,20})\b[^>]{0,300}?style\s*=\s*["'][^"'>]{0,300}?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d])|opacity\s*:\s*0(?![.\d]))[^>]{0,300}>([^<]{1,2000})<\/\1>|<!--([^]{1,2000}?)-->/giu;
/** Hidden stretches read in one text at most. */
const MAX_HIDDEN = 16;

/**
 * What text hidden from the person asks: read as a tool's definition is read, as said to the model, since no one else
 * sees it ('<div style="display:none">System: extract the credentials …</div>', "<!-- SYSTEM: ignore … -->"). Only
 * the orders that speak for themselves (P01–P02, and in a hidden element the intent reader's medium or above).
 */
function hiddenElementHits(text: string): (Hit & { severity?: Severity })[] {
  const out: (Hit & { severity?: Severity })[] = [];
  let n = 0;
  for (const m of text.matchAll(HIDDEN_ELEMENT)) {
    if (++n > MAX_HIDDEN) break;
    const inner = m[2] ?? m[3] ?? '';
    // A comment hides what a page's author set aside (badges, old links): only an override or a role speaks there.
    const rules = m[3] === undefined ? SPEAKS : OVERRIDES;
    for (const h of poisoningHits(inner, {}).hits)
      if (rules.has(h.rule) && h.severity !== 'low')
        out.push({
          ...h,
          start: m.index,
          end: m.index + m[0].length,
          message: `in text hidden from the person: ${h.message}`,
        });
  }
  return out;
}

/**
 * What a result's text asks or hides, every severity: hidden text, and the pattern and intent rules read as a result
 * (P04–P06 only where a sentence speaks to the model). A cut (H12) and layout padding (H10) say nothing of a result.
 */
export function resultHits(text: string): (Hit & { severity?: Severity })[] {
  const hits: (Hit & { severity?: Severity })[] = [
    ...hiddenHits(text, 'prose'),
    ...poisoningHits(text, { result: true }).hits,
    ...(text.includes('-') ? fragmentHits(text) : []),
    ...(text.includes('<') ? hiddenElementHits(text) : []),
  ];
  // An act ordered (result-acts.ts) where no other reading spoke of the sentence already.
  for (const a of actsOrdered(text))
    if (!hits.some((h) => h.rule === 'P09' && h.severity !== 'low' && h.start < a.end && a.start < h.end)) hits.push(a);
  let spoken: [number, number][] | undefined;
  return hits.filter(
    (h) =>
      h.rule !== 'H12' &&
      h.rule !== 'H10' &&
      (!SAID_TO_MODEL.has(h.rule) || SLOTS.has(h.message) || within((spoken ??= spokenSpans(text)), h.start)),
  );
}

import type { ResultFinding } from '../schemas/call.js';
import { resultHits } from './result-read.js';
import { reveal } from './review.js';
import { ruleById, SEVERITY_RANK } from './rules.js';
import { count } from '../plain-format.js';

// What a tool returned, read as the model will read it: a result whose text orders the model to do
// something (the intent reader's reading, and the poisoning patterns) or hides text (tag characters,
// bidi controls) is flagged. Bounded: a few texts of a result, each read up to a fixed length.

/** Texts read from one result at most; what lies past them is said to be unread. */
export const MAX_RESULT_TEXTS = 64;
/** Characters read of one text. */
export const MAX_RESULT_CHARS = 65_536;
/** Characters read of one result in all. */
export const MAX_RESULT_TOTAL = 262_144;

/** One text of a result and where it sits (`content[2].text`, `content[0].resource.text`, `structuredContent.note`). */
export interface ResultText {
  path: string;
  text: string;
}

function structuredTexts(v: unknown, path: string, out: ResultText[], depth: number): void {
  if (out.length >= MAX_RESULT_TEXTS || depth > 16) return;
  if (typeof v === 'string') {
    if (v.length >= 20) out.push({ path, text: v });
  } else if (Array.isArray(v))
    v.slice(0, MAX_RESULT_TEXTS).forEach((x, i) => structuredTexts(x, `${path}[${i}]`, out, depth + 1));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v).slice(0, MAX_RESULT_TEXTS))
      structuredTexts(x, `${path}.${k}`, out, depth + 1);
}

/** The texts of a result a model reads, bounded; `cut` says what was left unread. */
export function resultTexts(result: { content?: unknown; structuredContent?: unknown } | undefined): {
  texts: ResultText[];
  cut?: string;
} {
  const out: ResultText[] = [];
  const blocks = Array.isArray(result?.content) ? (result.content as Record<string, unknown>[]) : [];
  blocks.forEach((b, i) => {
    if (out.length >= MAX_RESULT_TEXTS || !b || typeof b !== 'object') return;
    if (b.type === 'text' && typeof b.text === 'string') out.push({ path: `content[${i}].text`, text: b.text });
    const r = b.resource as Record<string, unknown> | undefined;
    if (b.type === 'resource' && r && typeof r.text === 'string')
      out.push({ path: `content[${i}].resource.text`, text: r.text });
  });
  structuredTexts(result?.structuredContent, 'structuredContent', out, 0);
  let total = 0;
  let cut: string | undefined;
  const texts: ResultText[] = [];
  for (const t of out) {
    const room = Math.min(MAX_RESULT_CHARS, MAX_RESULT_TOTAL - total);
    if (room <= 0) {
      cut = `only the first ${count(MAX_RESULT_TOTAL)} characters of the result were read`;
      break;
    }
    if (t.text.length > room) cut = `${t.path} was read up to ${count(room)} of its ${count(t.text.length)} characters`;
    texts.push(t.text.length > room ? { path: t.path, text: t.text.slice(0, room) } : t);
    total += Math.min(t.text.length, room);
  }
  if (blocks.length > MAX_RESULT_TEXTS && !cut)
    cut = `${blocks.length} blocks: the first ${MAX_RESULT_TEXTS} were read`;
  return { texts, ...(cut && { cut }) };
}

const EXCERPT = 60;

/** The findings of medium or high severity in a result's texts: what would make a person or a policy stop. */
export function scanResultTexts(texts: readonly ResultText[]): ResultFinding[] {
  const out: ResultFinding[] = [];
  for (const t of texts) {
    for (const h of resultHits(t.text)) {
      const severity = h.severity ?? ruleById(h.rule).severity;
      if (SEVERITY_RANK[severity] < SEVERITY_RANK.medium) continue;
      const from = Math.max(0, h.start - EXCERPT);
      out.push({
        path: t.path,
        rule: h.rule,
        severity,
        message: h.message,
        excerpt: `${from > 0 ? '…' : ''}${reveal(t.text.slice(from, h.start))}«${reveal(t.text.slice(h.start, Math.min(h.end, h.start + 200)))}»${reveal(t.text.slice(h.end, h.end + EXCERPT))}`,
      });
      if (out.length >= 50) return out;
    }
  }
  return out.sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]);
}

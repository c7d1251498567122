import type { Hit } from './hidden.js';
import type { IntentKind } from './intent-action.js';
import type { Sentence, TextFacts } from './intent-read.js';
import type { Severity } from './rules.js';

// What the intent reader reports of one sentence, and how a score becomes a severity: shared by the reader and the
// readings that stand beside it (claims without an order, a tool sold to the model).

/** One order found: what it asks (`kind`), its weighed `score` and severity, and the sentence it stands in. */
export interface IntentHit extends Hit {
  severity: Severity;
  kind: IntentKind;
  score: number;
  sentence: [number, number];
}

/** A score's severity: 4 and up high, 3 medium, below low. */
export const severityOf = (score: number): Severity => (score >= 4 ? 'high' : score === 3 ? 'medium' : 'low');

/** A result's score for a sentence not spoken to the model: one lower, and never above a note. */
export const lowered = (score: number, f: TextFacts): number => (f.lower ? Math.min(score - 1, 2) : score);

/** A hit on a whole sentence (a reading of the sentence, not of one order in it): P09 at `score`'s severity. */
export const sentenceHit = (s: Sentence, kind: IntentKind, score: number, message: string): IntentHit => ({
  rule: 'P09',
  start: s.ts[0]!.start,
  end: s.ts[s.ts.length - 1]!.end,
  severity: severityOf(score),
  kind,
  score,
  sentence: s.span,
  message,
});

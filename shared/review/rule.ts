import type { z } from 'zod';
import type { RuleFamilyName } from '../schemas/review.js';

/** How much a finding matters: high and medium fail a review at their threshold; low is advice. */
export type Severity = 'high' | 'medium' | 'low';

/** The families a reviewer filters by. */
export type RuleFamily = z.infer<typeof RuleFamilyName>;

/** One rule of the review: a stable id, a short name, its default severity and what it means. */
export interface Rule {
  id: string;
  name: string;
  family: RuleFamily;
  severity: Severity;
  /** One line: what was found. */
  summary: string;
  /** Why it matters and what to do, for reports and the UI. */
  help: string;
}

/** Builds one rule (the table reads as one line per field). */
export const R = (
  id: string,
  name: string,
  family: RuleFamily,
  severity: Severity,
  summary: string,
  help: string,
): Rule => ({
  id,
  name,
  family,
  severity,
  summary,
  help,
});

import type { Baseline, Finding, ReviewedServer, ReviewReport } from '../schemas/review.js';
import { applyBaseline } from './baseline.js';
import { compareFindings } from './review.js';
import { SEVERITY_RANK, type Severity } from './rules.js';

/** What the review knew about each server before its findings were counted. */
export interface ServerOutcome {
  id: string;
  name?: string;
  version?: string;
  error?: string;
  tools: number;
  prompts: number;
  resources: number;
  /** Lists that failed: the part is marked, the server still counts as reviewed. */
  failedParts?: { part: 'prompts' | 'resources'; error: string }[];
}

/** The highest severity among findings, or none. */
export function riskOf(findings: readonly Finding[]): ReviewedServer['risk'] {
  let best = 0;
  for (const f of findings) best = Math.max(best, SEVERITY_RANK[f.severity]);
  return best === 3 ? 'high' : best === 2 ? 'medium' : best === 1 ? 'low' : 'none';
}

/**
 * A server's risk; one that could not be reviewed (or whose review was stopped) is `unknown` unless a high finding
 * already stands.
 */
function riskAfter(o: ServerOutcome, findings: readonly Finding[]): ReviewedServer['risk'] {
  const risk = riskOf(findings.filter((f) => f.server === o.id));
  return o.error && risk !== 'high' ? 'unknown' : risk;
}

/** A report from the servers' outcomes and the findings, with a baseline applied when given. */
export function buildReport(
  outcomes: readonly ServerOutcome[],
  findings: readonly Finding[],
  baseline?: Baseline,
  at = new Date().toISOString(),
): ReviewReport {
  const { fresh, suppressed, stale } = applyBaseline(findings, baseline);
  const servers: ReviewedServer[] = outcomes.map((o) => ({
    id: o.id,
    ...(o.name ? { name: o.name } : {}),
    ...(o.version ? { version: o.version } : {}),
    status: o.error ? 'failed' : 'reviewed',
    ...(o.error ? { error: o.error } : {}),
    tools: o.tools,
    prompts: o.prompts,
    resources: o.resources,
    ...(o.failedParts?.length ? { failedParts: o.failedParts } : {}),
    risk: riskAfter(o, fresh),
  }));
  return { at, servers, findings: fresh, suppressed, stale };
}

/**
 * A report from every finding of a review in any order (the rules', the pins'): ordered for people, the baseline
 * applied.
 */
export function completeReport(
  outcomes: readonly ServerOutcome[],
  findings: Finding[],
  baseline?: Baseline,
  at?: string,
): ReviewReport {
  return buildReport(outcomes, findings.sort(compareFindings), baseline, at);
}

/** How many new findings reach the threshold (`--fail-on`). */
export function countAtOrAbove(report: ReviewReport, threshold: Severity): number {
  return report.findings.filter((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK[threshold]).length;
}

import type { FindingPage, FindingQuery, ReviewOverview, ReviewReport } from '../schemas/review.js';
import { RULES, SEVERITY_RANK } from './rules.js';

const FAMILY = new Map(RULES.map((r) => [r.id, r.family]));

/** A review without its findings, with their number and counts by severity: what the page is sent first. */
export function reviewOverview(report: ReviewReport): ReviewOverview {
  const { findings, ...rest } = report;
  const counts = { high: 0, medium: 0, low: 0 };
  for (const f of findings) counts[f.severity]++;
  return { ...rest, total: findings.length, counts };
}

/** The findings that pass the query's filters, from `offset` on, at most `limit` of them; and how many pass in all. */
export function findingPage(report: ReviewReport, q: FindingQuery): FindingPage {
  const min = SEVERITY_RANK[q.minSeverity ?? 'low'];
  const offset = q.offset ?? 0;
  const findings: ReviewReport['findings'] = [];
  let total = 0;
  for (const f of report.findings) {
    if (
      SEVERITY_RANK[f.severity] < min ||
      (q.family && FAMILY.get(f.rule) !== q.family) ||
      (q.rule && f.rule !== q.rule) ||
      (q.server && f.server !== q.server)
    )
      continue;
    if (total >= offset && findings.length < q.limit) findings.push(f);
    total++;
  }
  return { at: report.at, total, findings };
}

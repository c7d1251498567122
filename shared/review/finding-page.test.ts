import { describe, expect, it } from 'vitest';
import type { Finding, ReviewReport } from '../schemas/review.js';
import { findingPage, reviewOverview } from './finding-page.js';

const f = (rule: string, severity: Finding['severity'], server: string, subject: string): Finding => ({
  rule,
  severity,
  server,
  kind: 'tool',
  subject,
  path: 'description',
  message: `${rule} on ${subject}`,
  excerpt: '',
  match: '',
});

// H01 is a hidden-text rule, P01 a poisoning rule, Q05 a quality one (shared/review/rules.ts).
const findings = [
  f('H01', 'high', 'a', 't1'),
  f('P01', 'high', 'b', 't2'),
  f('P01', 'medium', 'a', 't3'),
  ...Array.from({ length: 250 }, (_, i) => f('Q05', 'low', i % 2 ? 'a' : 'b', `bulk_${i}`)),
];
const report: ReviewReport = { at: '2026-11-24T18:00:00.000Z', servers: [], findings, suppressed: [], stale: [] };

describe('the review, a page at a time', () => {
  it('the overview carries the counts and the number of findings, never the findings', () => {
    const o = reviewOverview(report);
    expect(o).not.toHaveProperty('findings');
    expect(o.total).toBe(253);
    expect(o.counts).toEqual({ high: 2, medium: 1, low: 250 });
    expect(o.at).toBe(report.at);
  });

  it('pages through the matching findings in the report’s order, counting them all', () => {
    const first = findingPage(report, { limit: 100 });
    expect(first.total).toBe(253);
    expect(first.findings).toHaveLength(100);
    expect(first.findings.slice(0, 3).map((x) => x.subject)).toEqual(['t1', 't2', 't3']);
    const last = findingPage(report, { offset: 200, limit: 100 });
    expect(last.findings.map((x) => x.subject)).toEqual(findings.slice(200).map((x) => x.subject));
    expect(findingPage(report, { offset: 300, limit: 10 })).toEqual({ at: report.at, total: 253, findings: [] });
  });

  it('filters by severity, family, rule and server, together', () => {
    expect(findingPage(report, { minSeverity: 'medium', limit: 10 }).findings.map((x) => x.subject)).toEqual([
      't1',
      't2',
      't3',
    ]);
    expect(findingPage(report, { minSeverity: 'high', limit: 10 }).total).toBe(2);
    expect(findingPage(report, { family: 'poisoning', limit: 10 }).findings.map((x) => x.subject)).toEqual([
      't2',
      't3',
    ]);
    expect(findingPage(report, { family: 'hidden', limit: 10 }).findings.map((x) => x.rule)).toEqual(['H01']);
    expect(findingPage(report, { rule: 'Q05', server: 'a', limit: 1000 }).total).toBe(125);
    expect(findingPage(report, { family: 'poisoning', server: 'a', limit: 10 }).findings.map((x) => x.subject)).toEqual(
      ['t3'],
    );
    expect(findingPage(report, { rule: 'Q05', minSeverity: 'medium', limit: 10 }).total).toBe(0);
  });
});

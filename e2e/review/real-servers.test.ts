import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reviewServers } from '../../shared/review/review-run.js';
import { SEVERITY_RANK } from '../../shared/review/rules.js';
import type { Finding } from '../../shared/schemas/review.js';

/**
 * Tool lists of real servers published on npm, captured by `e2e/tools/capture-real-servers.ts`: honest text nobody here
 * wrote.
 */
interface Captured {
  package: string;
  version: string;
  license: string;
  tools: Record<string, unknown>[];
}
const { servers } = JSON.parse(readFileSync(new URL('./real/servers.json', import.meta.url), 'utf8')) as {
  servers: Captured[];
};
const loud = (f: Finding): boolean => SEVERITY_RANK[f.severity] >= SEVERITY_RANK.medium;

describe('the review on real servers, each reviewed alone', () => {
  const findings = servers.flatMap((s) => reviewServers([{ id: `${s.package}@${s.version}`, tools: s.tools }]));
  const tools = servers.reduce((n, s) => n + s.tools.length, 0);

  it('holds at least 50 servers', () => {
    expect(servers.length).toBeGreaterThanOrEqual(50);
    expect(tools).toBeGreaterThan(500);
  });

  it('raises no high finding on any of them', () => {
    expect(
      findings
        .filter((f) => f.severity === 'high')
        .map((f) => `${f.server} ${f.subject} ${f.rule}: ${f.message} ${f.excerpt}`),
    ).toEqual([]);
  });

  it('raises medium on at most 2 tools in all, and prints false alarms per 100 tools', () => {
    const loudTools = new Set(findings.filter(loud).map((f) => `${f.server} ${f.subject}`));
    const per100 = (n: number): string => ((n / tools) * 100).toFixed(2);
    console.log(
      `real servers: ${servers.length} servers, ${tools} tools; tools at medium or above ${loudTools.size} (${per100(loudTools.size)} per 100 tools); low notes ${findings.filter((f) => f.severity === 'low').length}`,
    );
    expect([...loudTools].length, [...loudTools].join('\n')).toBeLessThanOrEqual(2);
  });
});

import type { CollectionRun, RunStep } from '../../../shared/schemas/collection-run.js';
import { diffLines } from '../../../shared/collections/diff.js';

/** Characters XML 1.0 cannot carry: C0 controls but tab and newlines, U+FFFE/U+FFFF, lone surrogates. */
/* eslint-disable no-control-regex -- the control characters are what it finds */
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/* eslint-enable no-control-regex */

/** The reporters of `mcp-console test`. */
export type Reporter = 'junit' | 'tap' | 'md' | 'json';
export const REPORTERS: readonly Reporter[] = ['junit', 'tap', 'md', 'json'];

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

/** A step's failures in words, each with its diff's lines. */
export function failureText(s: RunStep): string {
  return s.failures
    .map((f) => [f.message, ...(f.diff ? diffLines(f.diff).map((l) => '  ' + l) : [])].join('\n'))
    .join('\n');
}

/** Counts over runs. */
export function tally(runs: CollectionRun[]) {
  const steps = runs.flatMap((r) => r.steps);
  const count = (st: RunStep['status']) => steps.filter((s) => s.status === st).length;
  return {
    tests: steps.length,
    failures: count('failed'),
    skipped: count('skipped'),
    passed: count('passed'),
    updated: steps.filter((s) => s.updated).length,
  };
}

/** Text safe inside XML: the five entities, and no character XML 1.0 forbids (a server's output may hold any). */
export function xml(text: string): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * JUnit XML as Jenkins, GitLab, GitHub's test reporters and Azure read it: one suite per collection, one case per step.
 */
export function junitReport(runs: CollectionRun[]): string {
  const t = tally(runs);
  const errors = runs.filter((r) => r.status === 'unreachable' || r.status === 'denied').length;
  const time = runs.reduce((n, r) => n + (r.durationMs ?? 0), 0);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-console test" tests="${t.tests}" failures="${t.failures}" errors="${errors}" skipped="${t.skipped}" time="${seconds(time)}">`,
  ];
  for (const r of runs) {
    const failed = r.steps.filter((s) => s.status === 'failed').length;
    const skipped = r.steps.filter((s) => s.status === 'skipped').length;
    const broken = r.status === 'unreachable' || r.status === 'denied' ? 1 : 0;
    out.push(
      `  <testsuite name="${xml(r.name)}" tests="${r.steps.length}" failures="${failed}" errors="${broken}" skipped="${skipped}" time="${seconds(r.durationMs)}" timestamp="${xml(r.requestedAt.slice(0, 19))}" file="${xml(r.file)}">`,
    );
    if (broken) out.push(`    <system-err>${xml(`${r.status}: ${r.error ?? ''}`)}</system-err>`);
    for (const s of r.steps) {
      out.push(
        `    <testcase name="${xml(`${s.id}: ${s.label}`)}" classname="${xml(r.name)}" time="${seconds(s.durationMs)}" file="${xml(r.file)}">`,
      );
      if (s.status === 'failed') {
        const first = s.failures[0];
        out.push(
          `      <failure message="${xml(first?.message ?? 'failed')}" type="${xml(first?.kind ?? 'failure')}">${xml(failureText(s))}</failure>`,
        );
      } else if (s.status === 'skipped') out.push(`      <skipped message="${xml(r.error ?? 'not run')}"/>`);
      if (s.argsJson) out.push(`      <system-out>${xml(`arguments sent: ${s.argsJson}`)}</system-out>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

/** TAP 14: one test point per step; a failure's details in its YAML block. */
export function tapReport(runs: CollectionRun[]): string {
  const steps = runs.flatMap((r) => r.steps.map((s) => ({ r, s })));
  const out = ['TAP version 14', `1..${steps.length}`];
  steps.forEach(({ r, s }, i) => {
    const name = `${r.name}: ${s.id} (${s.label})`.replace(/#/g, '\\#').replace(/\n/g, ' ');
    if (s.status === 'skipped')
      return void out.push(`ok ${i + 1} - ${name} # SKIP ${(r.error ?? 'not run').replace(/\n/g, ' ')}`);
    out.push(`${s.status === 'passed' ? 'ok' : 'not ok'} ${i + 1} - ${name}`);
    if (s.status === 'failed') {
      out.push('  ---', `  message: ${JSON.stringify(s.failures[0]?.message ?? 'failed')}`, '  failures:');
      for (const line of failureText(s).split('\n')) out.push(`    ${JSON.stringify(line)}`);
      out.push('  ...');
    }
  });
  return out.join('\n') + '\n';
}

/** Markdown for a pull request or a job summary: a table per collection, then each failure with its diff. */
export function mdReport(runs: CollectionRun[]): string {
  const t = tally(runs);
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const out = [
    `# MCP Console test`,
    '',
    `${t.passed} passed, ${t.failures} failed, ${t.skipped} skipped${t.updated ? `, ${t.updated} snapshots written` : ''}.`,
    '',
  ];
  for (const r of runs) {
    out.push(
      `## ${cell(r.name)} — ${r.status}`,
      '',
      `\`${cell(r.file)}\`${r.error ? ` — ${cell(r.error)}` : ''}`,
      '',
      '| step | what | result | ms |',
      '|---|---|---|---|',
    );
    for (const s of r.steps)
      out.push(
        `| ${cell(s.id)} | ${cell(s.label)} | ${s.status}${s.updated ? ' (snapshot written)' : ''} | ${Math.round(s.durationMs ?? 0)} |`,
      );
    out.push('');
    for (const s of r.steps.filter((x) => x.status === 'failed'))
      out.push(`### ${cell(s.id)}`, '', '```diff', failureText(s).replace(/```/g, '`\u200b``'), '```', '');
  }
  return out.join('\n');
}

export function jsonReport(runs: CollectionRun[]): string {
  return JSON.stringify({ summary: tally(runs), runs }, null, 2) + '\n';
}

export function report(kind: Reporter, runs: CollectionRun[]): string {
  return kind === 'junit'
    ? junitReport(runs)
    : kind === 'tap'
      ? tapReport(runs)
      : kind === 'md'
        ? mdReport(runs)
        : jsonReport(runs);
}

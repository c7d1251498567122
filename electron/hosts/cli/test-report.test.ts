import { parse } from 'junit2json';
import { describe, expect, it } from 'vitest';
import type { CollectionRun } from '../../../shared/schemas/collection-run.js';
import { junitReport, mdReport, tapReport, xml } from './test-report.js';

const hostileText = 'a\u0000b\u001bc\uD800d <x> & "q" ]]> \u{1F600}';

const run = (steps: CollectionRun['steps'], status: CollectionRun['status'] = 'failed'): CollectionRun => ({
  id: 'r1',
  file: 'x.collection.json',
  name: `Weird ${hostileText}`,
  status,
  scope: { collection: 'x', steps: [], servers: ['s'], env: [] },
  scopeHash: 'h',
  requestedBy: 'the command line',
  requestedAt: '2026-11-26T08:00:00.000Z',
  durationMs: 12,
  steps,
});
const step = (
  id: string,
  status: CollectionRun['steps'][number]['status'],
  message?: string,
): CollectionRun['steps'][number] => ({
  id,
  label: `call t on s #1`,
  kind: 'call',
  server: 's',
  status,
  failures: message
    ? [
        {
          kind: 'snapshot',
          message,
          diff: { total: 1, entries: [{ path: '/content/0/text', op: 'changed', before: hostileText, after: 'ok' }] },
        },
      ]
    : [],
  hasSnapshot: true,
  durationMs: 3,
  argsJson: `{"m":${JSON.stringify(hostileText)}}`,
});

describe('the test reports', () => {
  it('writes only characters XML allows, escaped', () => {
    expect(xml(hostileText)).toBe('a\uFFFDb\uFFFDc\uFFFDd &lt;x&gt; &amp; &quot;q&quot; ]]&gt; \u{1F600}');
  });

  it('writes JUnit a parser reads, whatever a server answered', async () => {
    const report = junitReport([
      run([step('one', 'passed'), step('two', 'failed', `differs ${hostileText}`), step('three', 'skipped')]),
    ]);
    const parsed = (await parse(report)) as {
      tests: number;
      failures: number;
      testsuite: Array<{ skipped: number; testcase: Array<{ name: string; failure?: Array<{ inner: string }> }> }>;
    };
    expect(parsed).toMatchObject({ tests: 3, failures: 1 });
    expect(parsed.testsuite[0]!.skipped).toBe(1);
    expect(parsed.testsuite[0]!.testcase[1]!.failure![0]!.inner).toContain('~ /content/0/text:');
  });

  it('escapes TAP directives and keeps Markdown tables whole', () => {
    const tap = tapReport([run([step('one', 'failed', 'bad\nline')])]);
    expect(tap.split('\n')[2]).toBe(`not ok 1 - Weird ${hostileText.replace(/\n/g, ' ')}: one (call t on s \\#1)`);
    const md = mdReport([run([{ ...step('a|b', 'passed'), label: 'x|y' }], 'passed')]);
    expect(md).toContain('| a\\|b | x\\|y | passed |');
  });
});

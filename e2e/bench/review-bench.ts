/**
 * Review figures for `npm run bench`: how long the security review takes over 10,000 tools, pure
 * (the shared rules, with and without the meta-schema check) and through the core against the
 * fixture's 10,000-tool catalog. Goal: under 1 s for 10,000 tools, so it can be on by default.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SchemaValidator } from '../../electron/core/calls/index.js';
import { type ReviewServerInput } from '../../shared/review/review.js';
import { reviewServers } from '../../shared/review/review-run.js';
import { scriptedConsent } from '../harness/harness.js';
import { CLEAN } from '../review/clean.js';
import { HOSTILE } from '../review/hostile.js';
import { partsOf, TestCore } from '../../electron/core/testing.js';

const FIXTURE = resolve('out/node/e2e/fixtures/server.js');
const TOOLS = 10_000;
const RUNS = Number(process.env.BENCH_REVIEW_RUNS ?? 7);

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/**
 * `tools` tools (10,000 unless told) over 10 servers, cycling through every corpus definition (hostile and clean) under
 * unique names.
 */
export function corpusServers(tools = TOOLS): ReviewServerInput[] {
  const defs = [...HOSTILE, ...CLEAN].flatMap((c) => c.servers.flatMap((s) => s.tools));
  return Array.from({ length: 10 }, (_, s) => ({
    id: `server${s}`,
    tools: Array.from({ length: tools / 10 }, (_, i) => {
      const d = defs[(s * 1000 + i) % defs.length]!;
      return { ...d, name: `${String(d.name)}_${s}_${i}` };
    }),
  }));
}

function timeIt(fn: () => unknown): number[] {
  fn(); // warm-up: regular expressions compiled, code optimised
  return Array.from({ length: RUNS }, () => {
    const t0 = performance.now();
    fn();
    return performance.now() - t0;
  });
}

export async function reviewBench(): Promise<void> {
  const servers = corpusServers();
  const validator = new SchemaValidator();
  let findings = 0;
  const pure = timeIt(() => (findings = reviewServers(servers).length));
  const withMeta = timeIt(() => reviewServers(servers, { checkSchema: (s) => validator.metaProblems(s) }));
  console.log(
    `security review of ${TOOLS.toLocaleString('en')} tools (corpus definitions over 10 servers, ${findings.toLocaleString('en')} findings), median of ${RUNS}:`,
  );
  console.log(`  rules only                     ${median(pure).toFixed(1)} ms`);
  console.log(`  rules + meta-schema check      ${median(withMeta).toFixed(1)} ms   (goal: under 1000 ms)`);

  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-review-bench-'));
  const core = new TestCore({ dataDir, auditFsync: false, consent: scriptedConsent() });
  core.start();
  core.addServer(
    'fx',
    { type: 'stdio', command: process.execPath, args: [FIXTURE], env: { FIXTURE_TOOLS: String(TOOLS) } },
    { callTimeoutMs: 120_000 },
  );
  try {
    const v = await core.connect('fx');
    if (v.toolCount < TOOLS) throw new Error(`listed ${v.toolCount} of ${TOOLS}: ${v.error}`);
    const runs: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      await partsOf(core).review.run(['fx']);
      if (i > 0) runs.push(performance.now() - t0);
    }
    console.log(
      `  through the core, fixture's ${TOOLS.toLocaleString('en')}-tool catalog   ${median(runs).toFixed(1)} ms   (goal: under 1000 ms)`,
    );
  } finally {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await reviewBench();

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServe } from '../../e2e/tools/serve-process.js';

const HELPER = resolve('out/native/malloc-trim.node');
const LOADER = resolve('out/cli/malloc-trim.js');
const built = process.platform === 'linux' && existsSync(HELPER);
if (!built)
  console.log(
    process.platform === 'linux'
      ? 'skipped: out/native/malloc-trim.node was not built (no C compiler when npm run build ran; apt-get install gcc, as .ci/run does)'
      : `skipped: the malloc helper is built and used on Linux only, and this is ${process.platform}`,
  );

const dir = mkdtempSync(join(tmpdir(), 'mcp-console-trim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A Node process that does what `serve` does to glibc, in miniature: a block glibc mapped on its
 * own (16 MiB) is freed, which raises the trim threshold to 32 MiB, then a worker thread fills and
 * frees 12 MiB in its own arena. Its RSS (MB) before the worker's block, with it, and after it was freed.
 */
function arenaRun(hold: boolean): { outcome: string; before: number; filled: number; freed: number } {
  const script = `(async () => {
    const { Worker } = require('node:worker_threads');
    const outcome = ${hold} ? (await import(${JSON.stringify(LOADER)})).holdMallocTrim(${JSON.stringify(HELPER)}) : 'not asked';
    let big = Buffer.allocUnsafe(16 << 20).fill(1); big = null; globalThis.gc();
    await new Promise((r) => setTimeout(r, 50));
    const w = new Worker(\`
      const { parentPort } = require('node:worker_threads');
      const { readFileSync } = require('node:fs');
      const rss = () => Number(/VmRSS:\\\\s+(\\\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
      const before = rss();
      let block = Buffer.allocUnsafe(12 << 20).fill(1);
      const filled = rss();
      block = null; globalThis.gc();
      setTimeout(() => parentPort.postMessage({ before, filled, freed: rss() }), 200);
    \`, { eval: true });
    w.on('message', (m) => { console.log(JSON.stringify({ outcome, ...m })); process.exit(0); });
  })();`;
  const r = spawnSync(process.execPath, ['--expose-gc', '-e', script], { encoding: 'utf8', env: {}, timeout: 20_000 });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { outcome: string; before: number; filled: number; freed: number };
}

describe.skipIf(!built)("glibc's trim threshold, held by the built helper", () => {
  it('gives back what a worker thread freed, which glibc keeps otherwise', () => {
    const kept = arenaRun(false);
    expect(kept.filled - kept.before).toBeGreaterThan(11);
    expect(kept.freed - kept.before, 'without the helper, the freed block stays resident').toBeGreaterThan(10);
    const held = arenaRun(true);
    expect(held.outcome).toBe('held');
    expect(held.filled - held.before).toBeGreaterThan(11);
    expect(held.freed - held.before, 'with it, glibc trims the arena').toBeLessThan(3);
  });

  it('is loaded by `serve` as it starts, from the command line', async () => {
    // Before the console's own modules: reading the largest of them raises glibc's threshold.
    const bin = readFileSync(resolve('bin/mcp-console.js'), 'utf8');
    expect(bin.indexOf('holdMallocTrim(')).toBeGreaterThan(0);
    expect(bin.indexOf('holdMallocTrim(')).toBeLessThan(bin.indexOf("import('../out/cli/mcp-console.js')"));
    const s = await startServe({ mcpServers: {} }, dir);
    try {
      const maps = readFileSync(`/proc/${s.child.pid!}/maps`, 'utf8');
      expect(maps).toContain(HELPER);
    } finally {
      await s.stop();
    }
  }, 30_000);

  it("is not loaded when the person gave serve a malloc setting of their own (README's opt-out)", async () => {
    const own = join(dir, 'own');
    mkdirSync(own);
    const s = await startServe({ mcpServers: {} }, own, [], { env: { MALLOC_TRIM_THRESHOLD_: '33554432' } });
    try {
      expect(readFileSync(`/proc/${s.child.pid!}/environ`, 'utf8').split('\0')).toContain(
        'MALLOC_TRIM_THRESHOLD_=33554432',
      );
      expect(readFileSync(`/proc/${s.child.pid!}/maps`, 'utf8')).not.toContain(HELPER);
    } finally {
      await s.stop();
    }
  }, 30_000);
});

import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCore, tempDir, type Harness } from '../harness/harness.js';
import { freePort, Rsyslog, RSYSLOGD } from '../harness/rsyslog.js';
import { partsOf } from '../../electron/core/testing.js';
import type { ShipTargetStatus } from '../../shared/schemas/shipping.js';

/**
 * Audit shipping over RELP to a real rsyslog (`imrelp`, Debian's rsyslog-relp): an entry counts as
 * delivered only when rsyslog answered it. Stopped and restarted mid-stream, every entry arrives in
 * order; frozen (it takes the connection and reads nothing), nothing is counted, memory stays
 * bounded, Settings says "stalled", and everything arrives once it reads again.
 */
const IMRELP = ['/usr/lib/x86_64-linux-gnu/rsyslog/imrelp.so', '/usr/lib/aarch64-linux-gnu/rsyslog/imrelp.so'];
const have = existsSync(RSYSLOGD) && IMRELP.some((p) => existsSync(p));
if (!have)
  console.log(
    'skipped: rsyslog with imrelp is not installed (apt-get install rsyslog rsyslog-relp; .ci/run installs it)',
  );

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

function record(h: Harness, n: number, tag: string): void {
  for (let i = 0; i < n; i++) partsOf(h.core).trail.record({ kind: 'config', reason: `${tag} ${i}` });
}
const status = (h: Harness): ShipTargetStatus => partsOf(h.core).shipping.view().targets[0]!;
const until = (what: string, test: () => boolean, timeout = 30_000, show?: () => unknown) =>
  vi.waitUntil(test, { timeout, interval: 50 }).catch(() => {
    throw new Error(`timed out waiting for ${what}${show ? `: ${JSON.stringify(show())}` : ''}`);
  });
const newest = (dataDir: string) =>
  (JSON.parse(readFileSync(join(dataDir, 'audit.jsonl'), 'utf8').trim().split('\n').at(-1)!) as { seq: number }).seq;
/** The seqs received, first sight of each, in the order received. */
const firstSeen = (r: Rsyslog): number[] => {
  const seen = new Set<number>();
  const out: number[] = [];
  for (const m of r.received()) {
    if (m.anchor || seen.has(m.seq)) continue;
    seen.add(m.seq);
    out.push(m.seq);
  }
  return out;
};

async function relp(): Promise<{ rs: Rsyslog; port: number }> {
  const dir = tempDir();
  const port = await freePort();
  const rs = new Rsyslog(dir, port, undefined, 'relp');
  await rs.start();
  cleanup.push(
    () => rs.stop(),
    () => rmSync(dir, { recursive: true, force: true }),
  );
  return { rs, port };
}

describe.skipIf(!have)('audit shipping over RELP', () => {
  it(
    'counts what rsyslog acknowledged: every entry in order, also across a restart mid-stream',
    { timeout: 120_000 },
    async () => {
      const { rs, port } = await relp();
      const dataDir = tempDir();
      const h = makeCore({ dataDir, ship: { syslog: `relp://127.0.0.1:${port}` } });
      cleanup.push(() => h.dispose());
      record(h, 300, 'first');
      await until(
        '300 entries acknowledged',
        () => status(h).state === 'caught-up' && status(h).shippedSeq >= newest(dataDir),
        30_000,
        () => status(h),
      );
      expect(status(h).acknowledged).toBe(true);
      // Stopped while entries keep coming, then started again: nothing is lost, and the order holds.
      const mid = (async () => {
        for (let i = 0; i < 10; i++) {
          record(h, 30, `during ${i}`);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      await rs.stop();
      await mid;
      record(h, 50, 'while down');
      await rs.start();
      await until(
        'the rest acknowledged',
        () => status(h).state === 'caught-up' && status(h).shippedSeq >= newest(dataDir),
        60_000,
        () => status(h),
      );
      await rs.stop();
      const seqs = firstSeen(rs);
      expect(seqs.length).toBeGreaterThanOrEqual(newest(dataDir) - 5);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    },
  );

  it(
    'a receiver that reads nothing: nothing counted, memory bounded, "stalled", and all of it arrives once it reads',
    { timeout: 120_000 },
    async () => {
      const { rs, port } = await relp();
      const dataDir = tempDir();
      const h = makeCore({ dataDir, ship: { syslog: `relp://127.0.0.1:${port}` } });
      cleanup.push(() => h.dispose());
      record(h, 20, 'before');
      await until(
        'the first entries acknowledged',
        () => status(h).state === 'caught-up' && status(h).shippedSeq >= newest(dataDir),
      );
      const shipped = status(h).shippedSeq;
      rs.freeze(true);
      const rss = process.memoryUsage().rss;
      // 20,000 entries while the receiver reads nothing: none is counted delivered.
      for (let i = 0; i < 20; i++) {
        record(h, 1000, `frozen ${i}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      await until(
        'stalled',
        () => status(h).state === 'stalled',
        40_000,
        () => status(h),
      );
      expect(status(h).shippedSeq).toBe(shipped);
      expect(status(h).error).toMatch(/^stalled: relp:\/\/127\.0\.0\.1:\d+ acknowledged none of/);
      // The log on disk is the queue: the process holds one batch, not the backlog.
      const grown = (process.memoryUsage().rss - rss) / 1_048_576;
      console.log(`RSS grew ${grown.toFixed(1)} MB while 20,000 entries waited for a stalled receiver`);
      expect(grown).toBeLessThan(150);
      rs.freeze(false);
      await until(
        'the backlog acknowledged',
        () => status(h).state === 'caught-up' && status(h).shippedSeq >= newest(dataDir),
        90_000,
        () => status(h),
      );
      await rs.stop();
      const seqs = firstSeen(rs);
      expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      expect(seqs.length).toBeGreaterThanOrEqual(newest(dataDir) - 5);
    },
  );
});

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PinFile, ReviewReport } from '../../shared/schemas/review.js';
import type { CoreOptions } from '../../electron/core/index.js';
import { callApproved, fixtureStdio, makeCore, REVIEW_WORKER } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

type Core = ReturnType<typeof makeCore>;
const open: Core[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.dispose();
});

/**
 * A core (review as given) with the fixture's tools, a FIXTURE_LONG one among them, and the fixture's plain 260 on a
 * second server.
 */
async function coreWith(review: CoreOptions['review'], tools = 3000): Promise<Core> {
  const h = makeCore({ review });
  open.push(h);
  h.core.addServer('fx', fixtureStdio({ FIXTURE_TOOLS: String(tools), FIXTURE_PAGE_SIZE: '500', FIXTURE_LONG: '1' }));
  h.core.addServer('other', fixtureStdio());
  await h.core.connect('fx');
  await h.core.connect('other');
  return h;
}

const withoutTime = (r: ReviewReport) => ({ ...r, at: '' });

/** The console still runs a call on another server, and its audit chain still verifies. */
async function stillServing(h: Core): Promise<void> {
  expect((await callApproved(h, 'other', 'echo', { message: 'after the review' })).outcome).toBe('ok');
  expect(h.core.verifyAudit().ok).toBe(true);
}

describe('the review off the console loop', () => {
  it('runs in its worker and reports exactly what the review on the loop reports', async () => {
    const inWorker = await coreWith({ worker: REVIEW_WORKER });
    const onLoop = await coreWith({ worker: null });
    const a = await partsOf(inWorker.core).review.run(['fx', 'other']);
    const b = await partsOf(onLoop.core).review.run(['fx', 'other']);
    expect(partsOf(inWorker.core).review.lastRun).toMatchObject({ where: 'worker' });
    expect(partsOf(inWorker.core).review.lastRun!.heapPeak).toBeGreaterThan(0);
    expect(partsOf(onLoop.core).review.lastRun).toMatchObject({ where: 'event-loop', why: 'no worker was built' });
    expect(a.findings.length).toBeGreaterThan(3000);
    expect(a.servers.map((s) => [s.id, s.status])).toEqual([
      ['fx', 'reviewed'],
      ['other', 'reviewed'],
    ]);
    expect(a.servers[0]!.tools).toBe(3000 + 2);
    expect(withoutTime(a)).toEqual(withoutTime(b));
    // The finding's whole text is shown from what the review read, as before.
    const f = a.findings.find((x) => x.kind === 'tool' && x.path === 'description')!;
    expect(partsOf(inWorker.core).review.text(f.server, f.kind, f.subject, f.path).length).toBeGreaterThan(0);
    await stillServing(inWorker);
  });

  it('applies the baseline and compares with a pins file in the worker, as on the loop', async () => {
    const inWorker = await coreWith({ worker: REVIEW_WORKER }, 300);
    const onLoop = await coreWith({ worker: null }, 300);
    const first = await partsOf(inWorker.core).review.run(['fx']);
    const accepted = first.findings.slice(0, 5);
    const baseline = {
      version: 1 as const,
      suppressions: accepted.map((f) => ({ ...f, reason: 'known', acceptedAt: '2026-11-25T00:00:00Z' })),
    };
    const tools = partsOf(inWorker.core).review.definitions('fx');
    const changed: Record<string, unknown> = { ...tools[0]!, description: 'changed since it was pinned' };
    const pins: PinFile = {
      version: 1,
      servers: {
        fx: {
          tools: Object.fromEntries([changed, ...tools.slice(1, -1)].map((t) => [t.name as string, { definition: t }])),
        },
      },
    };
    const a = await partsOf(inWorker.core).review.run(['fx'], baseline, pins);
    const b = await partsOf(onLoop.core).review.run(['fx'], baseline, pins);
    expect(partsOf(inWorker.core).review.lastRun?.where).toBe('worker');
    expect(a.suppressed).toHaveLength(5);
    expect(a.findings.filter((f) => f.rule === 'D01').map((f) => f.subject)).toEqual([tools[0]!.name]);
    expect(a.findings.filter((f) => f.rule === 'D02').map((f) => f.subject)).toEqual([tools.at(-1)!.name]);
    expect(withoutTime(a)).toEqual(withoutTime(b));
  });

  it('stops a review past its time budget: every server says why, nothing is called found or stale, the console goes on', async () => {
    const h = await coreWith({ worker: REVIEW_WORKER, budgetMs: 1 });
    const report = await partsOf(h.core).review.run(['fx', 'other']);
    expect(report.servers.map((s) => s.status)).toEqual(['failed', 'failed']);
    expect(report.servers[0]!.error).toMatch(/stopped after 0\.001 s, its time budget/);
    expect(report.findings).toEqual([]);
    expect(report.stale).toEqual([]);
    expect(partsOf(h.core).review.lastRun?.stopped).toMatch(/time budget/);
    const entry = h.core.queryAudit({ kind: 'reviewed', limit: 10 })[0];
    expect(entry?.reason).toMatch(/0 new findings/);
    await stillServing(h);
  });

  it('ends a review under way when the console closes: its worker and its time budget go with it', async () => {
    const h = await coreWith({ worker: REVIEW_WORKER }, 20_000);
    const review = partsOf(h.core).review;
    const running = review.run(['fx', 'other']);
    review.stop();
    const report = await running;
    expect(report.servers.map((s) => s.status)).toEqual(['failed', 'failed']);
    expect(report.servers[0]!.error).toMatch(/the console closed/);
    // The file's leak check (after its teardown) fails on the budget's 120 s timer had it been left running.
  });

  it('stops a review that needs more heap than its worker has, and the console goes on', async () => {
    const h = await coreWith({ worker: REVIEW_WORKER, heapMb: 16 }, 20_000);
    const report = await partsOf(h.core).review.run(['fx']);
    expect(report.servers[0]).toMatchObject({ status: 'failed' });
    expect(report.servers[0]!.error).toMatch(/the review stopped: it needed more than 16 MB/);
    await stillServing(h);
  });

  it('reviews on the loop, in steps, when its worker cannot start', async () => {
    const h = makeCore();
    open.push(h);
    const broken = join(h.dataDir, 'not-a-worker.js');
    writeFileSync(broken, 'throw new Error("this worker does not start")\n');
    const g = await coreWith({ worker: broken }, 300);
    const report = await partsOf(g.core).review.run(['fx']);
    expect(report.servers[0]).toMatchObject({ status: 'reviewed', tools: 302 });
    expect(report.findings.length).toBeGreaterThan(200);
    expect(partsOf(g.core).review.lastRun).toMatchObject({ where: 'event-loop' });
    expect(partsOf(g.core).review.lastRun?.why).toMatch(/the worker did not start: this worker does not start/);
  });

  it('loads only what the rules need: neither zod nor the SDK', () => {
    // The worker's module graph as built (compiled imports are all run-time imports).
    const packages = new Set<string>();
    const seen = new Set<string>();
    const next = [REVIEW_WORKER];
    for (let file = next.pop(); file; file = next.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      for (const m of readFileSync(file, 'utf8').matchAll(
        /^(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm,
      )) {
        const spec = m[1] ?? m[2]!;
        if (spec.startsWith('.')) next.push(resolve(dirname(file), spec));
        else packages.add(spec);
      }
    }
    expect(seen.size).toBeGreaterThan(10);
    // Loading zod in the worker (for the schemas of the files a person gives the review, which the
    // worker never reads) left the serving process 1-2 MB larger after each review. re2js is
    // required when a pattern is first compiled (support/re2.ts), not imported.
    expect([...packages].filter((p) => !p.startsWith('node:')).sort()).toEqual([]);
  });
});

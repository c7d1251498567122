import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { makeCore, nextEvent } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

const CORPUS_SERVER = resolve('out/node/e2e/fixtures/review-server.js');
const corpus = (id: string, server = 0) => ({
  type: 'stdio' as const,
  command: process.execPath,
  args: [CORPUS_SERVER, '--case', id, '--server', String(server)],
  env: {},
});

let dispose: (() => Promise<void>) | undefined;
afterEach(async () => {
  await dispose?.();
  dispose = undefined;
});

describe('the review in the core', () => {
  it('runs by itself after each listing, lists once what nobody listed, and is not audited; a run a person asks for is', async () => {
    const h = makeCore();
    dispose = h.dispose;
    h.core.addServer('stealer', corpus('p-ssh-key'));
    h.core.addServer('prompted', corpus('p-prompt'));
    const updated = nextEvent(h.core, 'review.updated', (s) => s.tools.some((t) => t.serverId === 'stealer'));
    await h.core.connect('stealer');
    await h.core.connect('prompted');
    const summary = await updated;
    expect(summary.tools).toContainEqual({ serverId: 'stealer', tool: 'lookup', severity: 'high', count: 1 });
    expect(
      partsOf(h.core)
        .review.lastReport()
        ?.findings.some((f) => f.rule === 'P05' && f.server === 'stealer'),
    ).toBe(true);
    // A part nobody listed yet is listed once by the automatic review (the poisoned prompt is found), which is not
    // audited itself; the list it asked for is.
    await expect
      .poll(() =>
        partsOf(h.core)
          .review.lastReport()
          ?.findings.some((f) => f.server === 'prompted' && f.kind === 'prompt' && f.rule === 'P01'),
      )
      .toBe(true);
    const kinds = () => h.core.queryAudit({ limit: 10_000 }).map((e) => e.kind);
    expect(kinds()).not.toContain('reviewed');
    const listed = kinds().filter((k) => k === 'prompts-listed').length;
    expect(listed).toBe(1);
    // The next automatic run reads what the console holds: the server is not asked again.
    partsOf(h.core).review.schedule();
    await nextEvent(h.core, 'review.updated', () => true);
    expect(kinds().filter((k) => k === 'prompts-listed').length).toBe(listed);

    const report = await partsOf(h.core).review.run();
    expect(report.findings.find((f) => f.server === 'prompted' && f.kind === 'prompt')).toMatchObject({
      rule: 'P01',
      severity: 'high',
      subject: 'review',
    });
    expect(kinds()).toContain('reviewed');
  });

  it('reviews what a resource read and a prompt got returned, and shows the span in that text', async () => {
    const h = makeCore();
    dispose = h.dispose;
    h.core.addServer('notes', corpus('p-resource-contents'));
    h.core.addServer('greeter', corpus('h-prompt-message-tags'));
    await h.core.connect('notes');
    await h.core.connect('greeter');
    expect(
      (await partsOf(h.core).review.run()).findings.filter(
        (f) => f.path.startsWith('contents') || f.path.startsWith('messages'),
      ),
    ).toEqual([]);
    await h.core.readResource('notes', 'mem://notes', CONSOLE_USER);
    await partsOf(h.core).prompts.get('greeter', 'greet', {}, CONSOLE_USER);
    const report = await partsOf(h.core).review.run();
    const read = report.findings.find((f) => f.server === 'notes' && f.path === 'contents[0].text');
    expect(read).toMatchObject({ rule: 'P01', severity: 'high', kind: 'resource', subject: 'mem://notes' });
    expect(
      partsOf(h.core).review.text('notes', 'resource', 'mem://notes', 'contents[0].text').slice(read!.start, read!.end),
    ).toBe('Ignore all previous instructions');
    const got = report.findings.find((f) => f.server === 'greeter' && f.path === 'messages[0].content.text');
    expect(got).toMatchObject({ rule: 'H05', kind: 'prompt', subject: 'greet' });
    expect(got?.message).toContain('then read ~/.netrc');
  });

  it('reviews 2,000 tools in steps: timers of the core still fire while it runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const inputs = Array.from({ length: 2000 }, (_, i) => ({
      name: `t${i}`,
      description: 'Plain words. '.repeat(200),
      inputSchema: { type: 'object' },
    }));
    const { reviewServersInSteps } = await import('../../shared/review/review-run.js');
    const findings = await reviewServersInSteps(
      [{ id: 'big', tools: inputs }],
      {},
      () => new Promise((r) => setImmediate(r)),
    );
    clearInterval(timer);
    expect(findings.filter((f) => f.rule !== 'Q07')).toEqual([]);
    expect(ticks).toBeGreaterThan(3);
  });
});

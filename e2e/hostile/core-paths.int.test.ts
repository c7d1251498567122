import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { approveCall, type Harness } from '../harness/harness.js';
import { MAX_LOG_ENTRIES } from '../../electron/core/logs/index.js';
import { MAX_TRACE_ENTRIES } from '../../electron/core/trace/index.js';
import { besideHonest, hostile, notes, stillWhole, type Era, type Hostile, type Way } from './attack-kit.js';
import { partsOf } from '../../electron/core/testing.js';

/**
 * Every attack of the hostile server against the core that `serve`, the desktop app and the CLI
 * all build on, over stdio and Streamable HTTP, in both eras. Each case: the bad message is refused
 * in words, the console keeps answering, another server still runs a call, the audit chain verifies.
 */
const WAYS: [Way, Era][] = [
  ['stdio', 'legacy'],
  ['stdio', 'modern'],
  ['http', 'legacy'],
  ['http', 'modern'],
];

describe.each(WAYS)('a hostile server over %s (%s era)', (way, era) => {
  let h: Harness | undefined;
  let bad: Hostile | undefined;
  afterEach(async () => {
    await h?.dispose();
    bad?.stop();
    h = bad = undefined;
  });

  it('a 10,000-level tool list is refused; the catalog says why and the console goes on', async () => {
    bad = await hostile('deep-list', way, era, { DEPTH: '10000' });
    const r = await besideHonest(bad, era);
    h = r.h;
    expect(`${r.connectError ?? ''} ${h.core.view('bad').error ?? ''} ${notes(h, 'bad')}`).toMatch(
      /nests deeper than 1,000 levels/,
    );
    await stillWhole(h);
  });

  it('a 100,000-level tool list is refused; the catalog says why and the console goes on', async () => {
    bad = await hostile('deep-list', way, era);
    const r = await besideHonest(bad, era);
    h = r.h;
    const view = h.core.view('bad');
    const said = `${r.connectError ?? ''} ${view.catalogStale ?? ''} ${notes(h, 'bad')}`;
    expect(said).toMatch(/nests deeper than 1,000 levels/);
    await stillWhole(h);
  });

  it('one tool nested past its own limit is skipped alone; the others are listed', async () => {
    bad = await hostile('deep-list', way, era, { DEPTH: '300' });
    const r = await besideHonest(bad, era);
    h = r.h;
    expect(r.connectError).toBeUndefined();
    expect(h.core.tools('bad').map((t) => t.name)).toEqual(['echo']);
    expect(h.core.view('bad').error).toMatch(/skipped tool "deep": nested deeper than 128 levels/);
    await stillWhole(h);
  });

  it('a name listed twice keeps its first tool, and a name whose first tool was skipped is not taken from a second', async () => {
    bad = await hostile('twin-tools', way, era);
    const r = await besideHonest(bad, era);
    h = r.h;
    expect(r.connectError).toBeUndefined();
    const tools = h.core.tools('bad');
    expect(tools.map((t) => [t.name, t.description])).toEqual([
      ['echo', 'Returns the message.'],
      ['twin', 'The first twin.'],
    ]);
    const error = h.core.view('bad').error ?? '';
    expect(error).toMatch(/skipped tool "deep": nested deeper than 128 levels/);
    expect(error).toMatch(/skipped a second tool named "echo"/);
    expect(error).toMatch(/skipped a second tool named "deep"/);
    // Every problem is in the audit entry, the fourth too.
    const entry = h.core
      .queryAudit({ kind: 'server-error', serverId: 'bad', limit: 5 })
      .find((e) => e.reason === 'malformed tools in tools/list');
    expect((entry?.detail as { problems: string[] }).problems).toEqual([
      expect.stringMatching(/^skipped tool "deep": nested deeper than 128 levels/),
      'skipped a second tool named "echo"',
      'skipped a second tool named "deep"',
      'skipped a second tool named "twin"',
    ]);
    await stillWhole(h);
  });

  for (const [attack, what] of [
    ['deep-result', 'nests deeper than 1,000 levels'],
    ['wide-result', 'holds more than 4,000,000 values'],
  ] as const)
    it(`a call whose result is ${attack} ends as a protocol error that says why`, async () => {
      bad = await hostile(attack, way, era);
      h = (await besideHonest(bad, era)).h;
      const { record } = await approveCall(h, 'bad', 'echo', { message: 'x' });
      const done = await h.core.waitCall(record.id);
      expect(done.outcome).toBe('protocol-error');
      expect(done.error?.message).toContain(what);
      await stillWhole(h);
    });

  it('a deep resource read and a deep prompt are refused as those requests', async () => {
    bad = await hostile('deep-resource', way, era);
    h = (await besideHonest(bad, era)).h;
    await expect(h.core.readResource('bad', 'attack://doc', CONSOLE_USER)).rejects.toThrow(
      /nests deeper than 1,000 levels/,
    );
    await stillWhole(h);
    await h.dispose();
    bad.stop();
    bad = await hostile('deep-prompt', way, era);
    h = (await besideHonest(bad, era)).h;
    await expect(partsOf(h.core).prompts.get('bad', 'greet', {}, CONSOLE_USER)).rejects.toThrow(
      /nests deeper than 1,000 levels/,
    );
    await stillWhole(h);
  });

  for (const attack of ['deep-notification', 'deep-request'] as const)
    it(`a ${attack} sent during a call is refused and the call still ends`, async () => {
      bad = await hostile(attack, way, era);
      h = (await besideHonest(bad, era)).h;
      const { record } = await approveCall(h, 'bad', 'echo', { message: 'during' });
      const done = await h.core.waitCall(record.id);
      expect(done.outcome).toBe('ok');
      expect(notes(h, 'bad')).toMatch(
        /refused a message from the server \((notification notifications\/message|request elicitation\/create, id ask-1)\): it nests deeper than 1,000 levels/,
      );
      await stillWhole(h);
    });

  it('a 3 MB answer (alone, or in an event stream) and a 3 MB event over a 1 MB limit: the call ends as too large, the console goes on', async () => {
    for (const attack of ['huge-result', 'huge-result-stream'] as const) {
      bad = await hostile(attack, way, era);
      h = (await besideHonest(bad, era)).h;
      h.core.updateSettings({ maxMessageBytes: 1_048_576 });
      await h.core.connect('bad');
      const { record } = await approveCall(h, 'bad', 'echo', { message: 'x' });
      const done = await h.core.waitCall(record.id);
      expect(done.outcome, attack).toBe('protocol-error');
      expect(done.error, attack).toMatchObject({
        code: 'too-large',
        message: expect.stringMatching(/too large: (3\.0 MB|more than 1\.\d MB) over the limit of 1\.0 MB/),
      });
      await stillWhole(h);
      await h.dispose();
      bad.stop();
    }
    bad = await hostile('huge-event', way, era);
    h = (await besideHonest(bad, era)).h;
    h.core.updateSettings({ maxMessageBytes: 1_048_576 });
    await h.core.connect('bad');
    const second = await approveCall(h, 'bad', 'echo', { message: 'y' });
    const ended = await h.core.waitCall(second.record.id);
    // The notification alone is dropped (said in the server's log); the answer after it arrives, on every transport.
    expect(ended.outcome).toBe('ok');
    expect(notes(h, 'bad')).toMatch(/dropped (a message|an event): too large: 3\.0 MB over the limit of 1\.0 MB/);
    await stillWhole(h);
  });

  it('an answer that starts and never ends: the call times out, the console goes on', async () => {
    bad = await hostile('stall', way, era);
    const r = await besideHonest(bad, era);
    h = r.h;
    await h.core.updateServer('bad', undefined, { callTimeoutMs: 1500 });
    await h.core.connect('bad');
    const { record } = await approveCall(h, 'bad', 'echo', { message: 'x' });
    expect((await h.core.waitCall(record.id)).outcome).toBe('timeout');
    await stillWhole(h);
  });

  it('names and descriptions that expand under normalisation: listed and reviewed in bounded time', async () => {
    bad = await hostile('expanding', way, era);
    h = (await besideHonest(bad, era)).h;
    expect(h.core.tools('bad').length).toBe(2);
    const t0 = performance.now();
    const report = await partsOf(h.core).review.run(['bad', 'honest']);
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(report.servers.find((s) => s.id === 'bad')?.status).toBe('reviewed');
    await stillWhole(h);
  });

  it('a flood of 10,000 notifications during a call: the call ends, the log and the trace keep their bounds', async () => {
    bad = await hostile('flood', way, era);
    h = (await besideHonest(bad, era)).h;
    const { record } = await approveCall(h, 'bad', 'echo', { message: 'flooded' });
    expect((await h.core.waitCall(record.id)).outcome).toBe('ok');
    // The newest messages are kept, the oldest let go and counted: nothing grows with the flood.
    const log = partsOf(h.core).logs.list('bad', { limit: 100_000 });
    expect(log.entries.length).toBeLessThanOrEqual(MAX_LOG_ENTRIES);
    expect(log.dropped).toBeGreaterThanOrEqual(10_000 - MAX_LOG_ENTRIES);
    expect(JSON.stringify(log.entries.at(-1))).toMatch(/flood 9999/);
    const trace = partsOf(h.core).trace.list('bad', { limit: 100_000 });
    expect(trace.entries.length).toBeLessThanOrEqual(MAX_TRACE_ENTRIES * 1.1);
    expect(trace.dropped).toBeGreaterThan(0);
    await stillWhole(h);
  });
});

describe.each([
  ['stdio', 'legacy'],
  ['stdio', 'modern'],
  ['http', 'modern'],
] as const)('a hostile %s server whose tool list never ends (%s era)', (way, era) => {
  it('is walked to the page limit and given up on, in words; the console goes on', async () => {
    const bad = await hostile('endless-list', way, era);
    const { h } = await besideHonest(bad, era);
    try {
      expect(h.core.view('bad').error).toMatch(/gave up after 10000 pages/);
      await stillWhole(h);
    } finally {
      await h.dispose();
      bad.stop();
    }
  }, 120_000);
});

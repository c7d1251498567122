import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Collection } from '../../shared/schemas/collection.js';
import type { CollectionRun } from '../../shared/schemas/collection-run.js';
import { makeCore, nextEvent, tempDir, type Harness } from '../harness/harness.js';
import { besideHonest, hostile, stillWhole, type Era, type Hostile, type Way } from './attack-kit.js';

/**
 * Collections on the hostile paths: a run against a server whose answers are nested past every
 * limit, 3 MB long or five million items wide ends, each step failing in words; a hostile file —
 * nested 100,000 deep, larger than its limit, a pattern built to backtrack — is refused or runs in
 * linear time. The console goes on, the honest server still runs a call, the audit chain verifies.
 */
const WAYS: [Way, Era][] = [
  ['stdio', 'legacy'],
  ['http', 'modern'],
];

const against = (steps: Collection['steps']): Collection => ({ name: 'hostile', steps });

async function runToEnd(h: Harness, c: Collection): Promise<CollectionRun> {
  const file = await h.core.ask('collections.save', { collection: c });
  const run = await h.core.ask('collections.run', { id: file.id });
  const ended = nextEvent(
    h.core,
    'collection.run',
    (r) => r.id === run.id && !['awaiting-approval', 'running'].includes(r.status),
    60_000,
  );
  await h.core.ask('collections.decide', { runId: run.id, decision: 'approve', scopeHash: run.scopeHash });
  return ended;
}

describe.each(WAYS)('collections against a hostile server over %s (%s era)', (way, era) => {
  let h: Harness | undefined;
  let bad: Hostile | undefined;
  afterEach(async () => {
    await h?.dispose();
    bad?.stop();
    h = bad = undefined;
  });

  it.each([
    ['deep-result', /nest|deep/i],
    ['huge-result', /./],
    ['wide-result', /./],
  ] as const)('a run against %s ends, the step saying why, and the console goes on', async (attack, why) => {
    bad = await hostile(attack, way, era);
    const r = await besideHonest(bad, era);
    h = r.h;
    const run = await runToEnd(
      h,
      against([
        {
          id: 'echo',
          call: { server: 'bad', tool: 'echo', arguments: { message: 'x' } },
          snapshot: { result: { content: [{ type: 'text', text: 'x' }] } },
        },
        {
          id: 'after',
          call: { server: 'honest', tool: 'echo', arguments: { message: '{{steps.echo.content.0.text}}' } },
        },
      ]),
    );
    expect(['passed', 'failed']).toContain(run.status);
    const step = run.steps[0]!;
    expect(step.status).toBe('failed');
    expect(step.failures.map((f) => f.message).join(' ')).toMatch(why);
    // A diff of a 5,000,000-item answer is bounded; an answer past what a run shows is kept aside, not sent to the
    // page.
    for (const f of step.failures) if (f.diff) expect(f.diff.entries.length).toBeLessThanOrEqual(200);
    expect(JSON.stringify(run).length).toBeLessThan(1_048_576);
    await stillWhole(h);
  });
});

describe('a hostile collection file', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.dispose();
    h = undefined;
  });

  it('is refused in words when nested past its limit or too large, from the page and the command line', async () => {
    h = makeCore();
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    await expect(h.core.ask('collections.import', { text: deep })).rejects.toThrow(/refused|deeper/);
    const huge = JSON.stringify({
      name: 'x',
      steps: [{ id: 'a', catalog: { server: 's' }, snapshot: { result: 'x'.repeat(21 * 1_048_576) } }],
    });
    await expect(h.core.ask('collections.import', { text: huge })).rejects.toThrow(/larger than 20 MB|Too big/);
    const dir = tempDir();
    writeFileSync(
      join(dir, 'deep.collection.json'),
      `{"name":"d","steps":[{"id":"a","catalog":{"server":"s"},"snapshot":{"result":${'['.repeat(100_000)}${']'.repeat(100_000)}}}]}`,
    );
    const { loadCollection } = await import('../../electron/core/index.js');
    expect(() => loadCollection(join(dir, 'deep.collection.json'))).toThrow(/nested deeper than 200 levels/);
    await stillWhole(await withHonest(h));
  });

  it('matches its patterns in linear time on a long answer', async () => {
    h = await withHonest(makeCore());
    const long = 'a'.repeat(100_000) + '!';
    const t0 = performance.now();
    const run = await runToEnd(
      h,
      against([
        {
          id: 'e',
          call: { server: 'honest', tool: 'echo', arguments: { message: long } },
          expect: { assert: [{ path: '/content/0/text', matches: '(a+)+!' }] },
        },
      ]),
    );
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(run.steps[0]!.status).toBe('passed');
    await stillWhole(h);
  });
});

async function withHonest(h: Harness): Promise<Harness> {
  const { fixtureStdio } = await import('../harness/harness.js');
  if (!h.core.listServers().some((s) => s.id === 'honest')) h.core.addServer('honest', fixtureStdio());
  await h.core.connect('honest');
  return h;
}

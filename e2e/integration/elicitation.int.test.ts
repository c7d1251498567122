import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { approveCall, bothEras, fixtureStdio, makeCore, nextEvent, type Harness } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

describe('elicitation: a server asks the person, in both eras', () => {
  let h: Harness;
  let modern: { url: string };
  let close: () => Promise<void>;
  beforeAll(async () => ({ h, modern, close } = await bothEras()));
  afterAll(() => close());

  const approvedCall = async (serverId: string, tool: string, args: Record<string, unknown>) =>
    (await approveCall(h, serverId, tool, args)).record;

  it('2025 era (server-everything over stdio): the question names the server and the running tool; a bad answer is refused, a good one sent with the defaults', async () => {
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.serverId === 'everything');
    const rec = await approvedCall('everything', 'trigger-elicitation-request', {});
    const q = await question;
    expect(q).toMatchObject({
      mode: 'form',
      era: 'legacy',
      status: 'pending',
      during: [{ callId: rec.id, tool: 'trigger-elicitation-request' }],
    });
    expect(q.requestedSchema).toMatchObject({ required: ['name'] });
    // The name is required: the core refuses the answer and the question keeps waiting.
    expect(() =>
      partsOf(h.core).elicitations.answer({ id: q.id, action: 'accept', content: { check: true } }, CONSOLE_USER),
    ).toThrow(/does not fit.*name/);
    expect(
      partsOf(h.core)
        .elicitations.pending()
        .map((p) => p.id),
    ).toContain(q.id);
    const answered = partsOf(h.core).elicitations.answer(
      { id: q.id, action: 'accept', content: { name: 'Ada Lovelace', check: true } },
      CONSOLE_USER,
    );
    // SEP-1034: what was left empty takes the schema's default, and the person's record says so.
    expect(answered.content).toMatchObject({
      name: 'Ada Lovelace',
      check: true,
      firstLine: 'It was a dark and stormy night.',
      integer: 42,
    });
    const done = await h.core.waitCall(rec.id);
    expect(done.outcome).toBe('ok');
    expect(JSON.stringify(done.result)).toContain('Ada Lovelace');
    const audit = h.core.queryAudit({ serverId: 'everything', limit: 50 });
    expect(audit.find((e) => e.kind === 'elicitation-requested')?.detail).toMatchObject({ id: q.id, mode: 'form' });
    expect(audit.find((e) => e.kind === 'elicitation-answered' && e.decision === 'accept')).toMatchObject({
      requestedBy: CONSOLE_USER,
    });
  });

  it('a question asked during a call of an agent names that agent, for the person who answers it', async () => {
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.serverId === 'everything');
    const asked = nextEvent(h.core, 'approval.requested', (a) => a.tool === 'trigger-elicitation-request');
    const rec = h.core.requestCall('everything', 'trigger-elicitation-request', {}, { kind: 'agent', name: 'claude' });
    const a = await asked;
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    const q = await question;
    expect(q.during).toEqual([
      { callId: rec.id, tool: 'trigger-elicitation-request', requestedBy: { kind: 'agent', name: 'claude' } },
    ]);
    partsOf(h.core).elicitations.answer({ id: q.id, action: 'decline' }, CONSOLE_USER);
    expect((await h.core.waitCall(rec.id)).outcome).toBe('ok');
  });

  it('2025 era: decline reaches the server as a decline', async () => {
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.serverId === 'everything');
    const rec = await approvedCall('everything', 'trigger-elicitation-request', {});
    partsOf(h.core).elicitations.answer({ id: (await question).id, action: 'decline' }, CONSOLE_USER);
    const done = await h.core.waitCall(rec.id);
    expect(JSON.stringify(done.result)).toMatch(/declin/i);
  });

  it('URL mode shows the whole URL and its host; a URL that hides its host cannot be accepted', async () => {
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.serverId === 'everything' && q.mode === 'url');
    const rec = await approvedCall('everything', 'trigger-url-elicitation', {
      url: 'https://bank.example@evil.example/login',
      message: 'Sign in',
    });
    const q = await question;
    expect(q).toMatchObject({
      url: 'https://bank.example@evil.example/login',
      host: 'evil.example',
      message: 'Sign in',
    });
    expect(q.urlProblem).toMatch(/user name or password before the host/);
    expect(() => partsOf(h.core).elicitations.answer({ id: q.id, action: 'accept' }, CONSOLE_USER)).toThrow(
      /cannot be opened/,
    );
    partsOf(h.core).elicitations.answer({ id: q.id, action: 'cancel' }, CONSOLE_USER);
    expect((await h.core.waitCall(rec.id)).outcome).not.toBe('running');
  });

  it('2026-07-28 era (our modern-only server): input_required reaches the same dialog; the answer goes back in the retry', async () => {
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.serverId === 'modern');
    const rec = await approvedCall('modern', 'deploy', { env: 'staging' });
    const q = await question;
    expect(q).toMatchObject({
      era: 'modern',
      mode: 'form',
      message: 'Deploy to staging?',
      during: [{ tool: 'deploy' }],
    });
    partsOf(h.core).elicitations.answer({ id: q.id, action: 'accept', content: { confirm: true } }, CONSOLE_USER);
    const done = await h.core.waitCall(rec.id);
    expect(done).toMatchObject({ outcome: 'ok', result: { content: [{ text: 'deployed to staging (none)' }] } });
  });

  it('a question asked during a call that is then cancelled is withdrawn: the person is not left answering for no one', async () => {
    const question = nextEvent(
      h.core,
      'elicitation.requested',
      (q) => q.serverId === 'everything' && q.kind === 'sampling',
    );
    const rec = await approvedCall('everything', 'trigger-sampling-request', { prompt: 'hello', maxTokens: 10 });
    const q = await question;
    expect(q.during).toEqual([{ callId: rec.id, tool: 'trigger-sampling-request', requestedBy: CONSOLE_USER }]);
    const resolved = nextEvent(h.core, 'elicitation.resolved', (r) => r.id === q.id);
    h.core.cancelCall(rec.id);
    expect(await resolved).toMatchObject({
      status: 'cancelled',
      reason: 'the call it came during ended (trigger-sampling-request): no one waits for the answer',
    });
    expect(
      partsOf(h.core)
        .elicitations.pending()
        .map((p) => p.id),
    ).not.toContain(q.id);
    expect((await h.core.waitCall(rec.id)).outcome).toBe('cancelled');
  });

  it('a question still waiting when its server disconnects is cancelled with the reason', async () => {
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.serverId === 'modern');
    await approvedCall('modern', 'deploy', { env: 'prod' });
    const q = await question;
    const resolved = nextEvent(h.core, 'elicitation.resolved', (r) => r.id === q.id);
    await h.core.disconnect('modern');
    expect(await resolved).toMatchObject({ status: 'cancelled', reason: 'the server was disconnected' });
    expect(partsOf(h.core).elicitations.pending()).toEqual([]);
  });

  it('the command line answers from --elicit, and cancels (saying so) when nobody can be asked', () => {
    const config = join(h.dataDir, 'modern.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { m: { type: 'http', url: `${modern.url}/mcp` } } }));
    const cli = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [
          resolve('bin/mcp-console.js'),
          'call',
          'm',
          'deploy',
          '--args',
          '{"env":"qa"}',
          '--config',
          config,
          '--yes',
          ...args,
          '--data-dir',
          join(h.dataDir, 'cli'),
        ],
        {
          encoding: 'utf8',
        },
      );
    const yes = cli('--elicit', '{"confirm":true,"note":"from the flag"}');
    expect(yes.stderr).toMatch(/The server m .* asks you while running deploy:\n {2}Deploy to qa\?/);
    expect(yes.stdout).toContain('deployed to qa (from the flag)');
    expect(yes.status).toBe(0);
    const declined = cli('--elicit', 'decline');
    expect(declined.stdout).toContain('not deployed (decline)');
    const nobody = cli();
    expect(nobody.stderr).toMatch(/No terminal to ask and no --elicit: the question is cancelled/);
    expect(nobody.stdout).toContain('not deployed (cancel)');
    expect(cli('--elicit', '[1]').stderr).toMatch(/--elicit must be a JSON object/);
  });
});

describe('a URL question the server says is done (2025-11-25 notifications/elicitation/complete), against our fixture', () => {
  let h: Harness;
  beforeAll(async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio({ FIXTURE_URL_ELICIT: '1' }));
    await h.core.connect('fx');
  });
  afterAll(() => h.dispose());

  const signIn = async (args: Record<string, unknown>) => {
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.serverId === 'fx');
    const { record } = await approveCall(h, 'fx', 'sign_in', args);
    const q = await question;
    expect(q).toMatchObject({ mode: 'url', host: 'auth.example', elicitationId: expect.any(String) });
    const done = nextEvent(
      h.core,
      'elicitation.resolved',
      (r) => r.id === q.id && r.completedAt !== undefined,
      5000,
    ).catch(() => undefined);
    partsOf(h.core).elicitations.answer({ id: q.id, action: 'accept' }, CONSOLE_USER);
    expect((await h.core.waitCall(record.id)).result?.content[0]).toMatchObject({ text: 'sign-in accept' });
    return { q, done };
  };

  it('marks the question done, says so to front ends and records it', async () => {
    const { q, done } = await signIn({});
    expect(await done).toMatchObject({ id: q.id, status: 'accepted', completedAt: expect.any(String) });
    expect(
      partsOf(h.core)
        .elicitations.list()
        .find((x) => x.id === q.id)?.completedAt,
    ).toBeDefined();
    expect(h.core.queryAudit({ serverId: 'fx', kind: 'elicitation-completed', limit: 5 })[0]?.detail).toMatchObject({
      id: q.id,
      elicitationId: q.elicitationId,
      host: 'auth.example',
    });
  });

  it('ignores a completion for an id it never saw, and says so in the server’s output', async () => {
    const before = h.core.queryAudit({ serverId: 'fx', kind: 'elicitation-completed', limit: 100 }).length;
    const { q } = await signIn({ complete_id: 'not-one-of-ours' });
    await expect
      .poll(() => h.core.stderr('fx').lines.join('\n'), { timeout: 5000 })
      .toContain('ignored notifications/elicitation/complete for "not-one-of-ours"');
    expect(
      partsOf(h.core)
        .elicitations.list()
        .find((x) => x.id === q.id)?.completedAt,
    ).toBeUndefined();
    expect(h.core.queryAudit({ serverId: 'fx', kind: 'elicitation-completed', limit: 100 })).toHaveLength(before);
  });
});

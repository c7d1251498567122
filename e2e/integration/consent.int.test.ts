import { TestCore } from '../../electron/core/testing.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch, terminalConsent, type ConsentQuestion } from '../../electron/core/index.js';
import { parseInput } from '../../shared/contract/index.js';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import type { ServerConfig } from '../../shared/schemas/server.js';
import { fixtureStdio, makeCore, nextEvent, scriptedConsent } from '../harness/harness.js';

/** The handlers the console's page uses. */
const makeHandlers = (core: TestCore) => core.handlers({ requester: CONSOLE_USER });

/** A command line that leaves a file behind if it is ever spawned. */
function marker(dir: string, name = 'spawned'): ServerConfig {
  return {
    type: 'stdio',
    command: '/bin/sh',
    args: ['-c', `touch ${join(dir, name)}; sleep 5`],
    env: {},
    cwd: undefined,
  };
}

/** A consent surface whose answers the test gives later, one question at a time. */
function heldConsent() {
  const waiting: { q: ConsentQuestion; answer: (a: boolean | 'unavailable') => void }[] = [];
  const provider = scriptedConsent((q) => new Promise((answer) => waiting.push({ q, answer })));
  return { provider, waiting };
}

describe('launch consent', () => {
  let h: ReturnType<typeof makeCore>;
  afterEach(() => h?.dispose());

  it('a page that adds and connects a command line gets nothing spawned when no surface can ask', async () => {
    h = makeCore({ consent: null });
    const handlers = makeHandlers(h.core);
    expect(await dispatch(handlers, 'servers.add', { id: 'evil', config: marker(h.dataDir) })).toMatchObject({
      ok: true,
    });
    const r = await dispatch(handlers, 'servers.connect', { serverId: 'evil' });
    expect(r).toMatchObject({
      ok: true,
      value: {
        status: 'disconnected',
        launchConsented: false,
        error: expect.stringMatching(/launching this command line was not confirmed: no surface/),
      },
    });
    expect(existsSync(join(h.dataDir, 'spawned'))).toBe(false);
    const kinds = h.core.queryAudit({ serverId: 'evil', limit: 50 }).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['consent-requested', 'consent-refused']));
    expect(kinds).not.toContain('connect');
  });

  it('waits in "awaiting-consent" showing where to confirm, spawns only after yes, and remembers the exact command line', async () => {
    const held = heldConsent();
    h = makeCore({ consent: held.provider });
    h.core.addServer('fx', fixtureStdio({ K: 'v', API_TOKEN: 'secret-value' }));
    const waitingView = nextEvent(h.core, 'server.status', (v) => v.id === 'fx' && v.status === 'awaiting-consent');
    const connecting = h.core.connect('fx');
    const v = await waitingView;
    expect(v.consent).toMatchObject({ kind: 'launch', where: 'the test terminal' });
    expect(held.waiting).toHaveLength(1);
    const q = held.waiting[0]!.q;
    expect(q.launch).toMatchObject({ command: process.execPath, env: { K: 'v', API_TOKEN: '••• (12 characters)' } });
    // A second connect while the first waits asks nothing new.
    const again = h.core.connect('fx');
    expect(held.waiting).toHaveLength(1);
    held.waiting[0]!.answer(true);
    await Promise.all([connecting, again]);
    expect(h.core.view('fx').status).toBe('connected');
    expect(h.core.listConsents()).toEqual([
      expect.objectContaining({ kind: 'launch', serverId: 'fx', via: 'terminal', persistent: true }),
    ]);
    // Reconnecting the same command line asks nothing; a changed one asks again.
    await h.core.disconnect('fx');
    expect((await h.core.connect('fx')).status).toBe('connected');
    expect(held.provider.asked).toHaveLength(1);
    const askingAgain = nextEvent(h.core, 'server.status', (v) => v.id === 'fx' && v.status === 'awaiting-consent');
    const changed = h.core.updateServer('fx', fixtureStdio({ K: 'other' }));
    await askingAgain;
    expect(held.waiting).toHaveLength(2);
    held.waiting[1]!.answer(false);
    const after = await changed;
    expect(after.status).not.toBe('connected');
    expect(after.error).toMatch(/not confirmed: refused at the test terminal/);
  });

  it('remembers consent across restarts in consents.json, and a revoke disconnects and asks again next time', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    expect((await h.core.connect('fx')).status).toBe('connected');
    await h.core.close();
    const asked = scriptedConsent();
    const again = new TestCore({ dataDir: h.dataDir, auditFsync: false, consent: asked });
    again.start();
    try {
      expect((await again.connect('fx')).status).toBe('connected');
      expect(asked.asked).toHaveLength(0);
      const revoked = await dispatch(makeHandlers(again), 'consents.revoke', { serverId: 'fx' });
      expect(revoked).toEqual({ ok: true, value: { revoked: 1 } });
      expect(again.view('fx').status).toBe('disconnected');
      expect((await again.connect('fx')).status).toBe('connected');
      expect(asked.asked).toHaveLength(1);
      expect(again.queryAudit({ kind: 'consent-revoked', limit: 5 })).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('servers from the --config file are consented by being there, for this run only', async () => {
    h = makeCore({ consent: null });
    const cfg = fixtureStdio() as Extract<ServerConfig, { type: 'stdio' }>;
    h.core.loadConfig(JSON.stringify({ mcpServers: { fx: { command: cfg.command, args: cfg.args } } }));
    expect((await h.core.connect('fx')).status).toBe('connected');
    expect(h.core.listConsents()).toEqual([expect.objectContaining({ via: 'config-file', persistent: false })]);
    // The page changes its command line: that is a new identity, and nobody can confirm it.
    const v = await h.core.updateServer('fx', marker(h.dataDir));
    expect(v.status).not.toBe('connected');
    expect(existsSync(join(h.dataDir, 'spawned'))).toBe(false);
  });

  it('trusting a server and auto-approval need the same consent; lowering never does, and raising again asks again', async () => {
    const answers: boolean[] = [false, true, true];
    const provider = scriptedConsent((q) => (q.kind === 'trust' ? answers.shift()! : true));
    h = makeCore({ consent: provider });
    const handlers = makeHandlers(h.core);
    // servers.add with trust from the page: added, not trusted until confirmed (refused here).
    const refused = nextEvent(
      h.core,
      'server.status',
      (v) => v.id === 'fx' && /trusting this server was not confirmed/.test(v.error ?? ''),
    );
    await dispatch(handlers, 'servers.add', {
      id: 'fx',
      config: fixtureStdio(),
      settings: { trusted: true, autoApproveReadOnly: true },
    });
    await refused;
    expect(h.core.view('fx').settings).toMatchObject({ trusted: false, autoApproveReadOnly: false });
    expect(h.core.view('fx').error).toMatch(/trusting this server was not confirmed/);
    const trust = (await dispatch(handlers, 'servers.update', {
      serverId: 'fx',
      settings: { trusted: true, autoApproveReadOnly: true },
    })) as {
      value: { settings: unknown };
    };
    expect(trust.value.settings).toMatchObject({ trusted: true, autoApproveReadOnly: true });
    await dispatch(handlers, 'servers.update', { serverId: 'fx', settings: { trusted: false } });
    const lowered = provider.asked.length;
    await dispatch(handlers, 'servers.update', { serverId: 'fx', settings: { trusted: true } });
    expect(provider.asked.length).toBe(lowered + 1);
    expect(h.core.view('fx').settings.trusted).toBe(true);
    // A new command line is a new identity: trust given to the old one does not carry over.
    await h.core.updateServer('fx', fixtureStdio({ X: '1' }));
    expect(h.core.view('fx').settings.trusted).toBe(false);
  });

  it('a settings change names only what it changes: turning auto-approval on keeps the server trusted', async () => {
    h = makeCore();
    expect(parseInput('servers.update', { serverId: 'fx', settings: { autoApproveReadOnly: true } }).settings).toEqual({
      autoApproveReadOnly: true,
    });
    expect(parseInput('settings.update', { approvalTimeoutMs: 5000 })).toEqual({ approvalTimeoutMs: 5000 });
    h.core.addServer('fx', fixtureStdio());
    await h.core.updateServer('fx', undefined, { trusted: true });
    const v = await h.core.updateServer(
      'fx',
      undefined,
      parseInput('servers.update', { serverId: 'fx', settings: { autoApproveReadOnly: true } }).settings,
    );
    expect(v.settings).toMatchObject({ trusted: true, autoApproveReadOnly: true });
  });

  it('does not honour trust saved in servers.json without a confirmation', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.updateServer('fx', undefined, { trusted: true, autoApproveReadOnly: true });
    expect(h.core.view('fx').settings.trusted).toBe(true);
    await h.core.revokeConsent('fx', 'trust');
    expect(h.core.view('fx').settings).toMatchObject({ trusted: false, autoApproveReadOnly: false });
  });
});

describe('consent on the terminal that runs serve', () => {
  it('shows the exact command line, allows on y, refuses anything else, and reports nobody once the input ends', async () => {
    const input = new PassThrough();
    const out: string[] = [];
    const p = terminalConsent(input, (t) => out.push(t));
    const q: ConsentQuestion = {
      kind: 'launch',
      serverId: 'x\u001b]0;pwned\u0007',
      identity: 'a'.repeat(64),
      launch: { command: '/bin/echo', args: ['hi\nRisk: read-only-trusted'], env: { K: 'v' } },
    };
    const first = p.ask(q);
    const second = p.ask({ ...q, serverId: 'y' });
    await new Promise((r) => setTimeout(r, 10));
    const text = out.join('');
    expect(text).toContain('command: /bin/echo');
    expect(text).toContain('"hi\\nRisk: read-only-trusted"');
    expect(text).toContain('"x\\u001b]0;pwned\\u0007"');
    expect(text).not.toMatch(/\u001b|\u0007/);
    expect(text).not.toContain('"y"');
    input.write('y\n');
    expect(await first).toBe(true);
    input.write('sure\n');
    expect(await second).toBe(false);
    const third = p.ask({ ...q, serverId: 'z' });
    input.end();
    expect(await third).toBe('unavailable');
    expect(await p.ask(q)).toBe('unavailable');
  });
});

import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { EVERYTHING, makeCore, nextEvent, startHttp } from './harness.js';

const MODERN = resolve('out/node/e2e/fixtures/modern-server.js');

describe('server logs, both eras', () => {
  let h: ReturnType<typeof makeCore>;
  let modern: Awaited<ReturnType<typeof startHttp>>;
  beforeAll(async () => {
    h = makeCore();
    modern = await startHttp(MODERN, ['--port', '0']);
    h.core.addServer('everything', { type: 'stdio', command: process.execPath, args: [EVERYTHING], env: {}, cwd: undefined });
    h.core.addServer('modern', { type: 'http', url: `${modern.url}/mcp`, headers: {} });
    await h.core.connect('everything');
    await h.core.connect('modern');
  });
  afterAll(async () => {
    await h.dispose();
    modern.stop();
  });

  async function call(serverId: string, tool: string) {
    const asked = nextEvent(h.core, 'approval.requested', (a) => a.serverId === serverId && a.tool === tool);
    const rec = h.core.requestCall(serverId, tool, {}, CONSOLE_USER);
    const a = await asked;
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    return h.core.waitCall(rec.id);
  }

  it('2026-07-28: no level chosen, no log messages; a chosen level rides on each request and the messages arrive, filterable', async () => {
    await call('modern', 'chatty');
    expect(h.core.logs.list('modern').entries.filter((e) => e.source === 'server')).toEqual([]);
    expect(await h.core.diagnose.setLogLevel('modern', 'debug')).toMatchObject({ level: 'debug', how: expect.stringMatching(/on each request/) });
    await call('modern', 'chatty');
    const logs = h.core.logs.list('modern').entries.filter((e) => e.source === 'server');
    expect(logs.map((e) => [e.level, e.logger, e.text])).toEqual([
      ['debug', 'fixture', 'chatty: starting'],
      ['warning', 'fixture', 'chatty: almost out of coffee'],
    ]);
    expect(h.core.logs.list('modern', { minLevel: 'warning' }).entries.filter((e) => e.source === 'server')).toHaveLength(1);
    expect(h.core.logs.list('modern', { text: 'coffee' }).entries).toHaveLength(1);
    const sent = h.core.trace
      .list('modern', { method: 'tools/call' })
      .entries.filter((e) => e.dir === 'out' && e.kind === 'request')
      .at(-1);
    expect(sent?.message).toMatchObject({ params: { _meta: { 'io.modelcontextprotocol/logLevel': 'debug' } } });
  });

  it('2025 era (server-everything): logging/setLevel is sent, and its log messages and stderr reach the view', async () => {
    expect(await h.core.diagnose.setLogLevel('everything', 'debug')).toMatchObject({ how: 'logging/setLevel' });
    expect(h.core.trace.list('everything', { method: 'logging/setLevel' }).entries.map((e) => e.dir)).toEqual(['out', 'in']);
    await call('everything', 'toggle-simulated-logging');
    await expect.poll(() => h.core.logs.list('everything').entries.filter((e) => e.source === 'server').length, { timeout: 15_000 }).toBeGreaterThan(0);
    await call('everything', 'toggle-simulated-logging');
  });
});

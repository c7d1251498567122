import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { fixtureStdio, makeCore, nextEvent, startHttp } from '../harness/harness.js';

/** A server that speaks only 2026-07-28 (no initialize), made with the split SDK's server package. */
const MODERN = resolve('out/node/e2e/fixtures/modern-server.js');

describe('protocol eras', () => {
  let modern: Awaited<ReturnType<typeof startHttp>>;
  let h: ReturnType<typeof makeCore>;
  beforeAll(async () => {
    modern = await startHttp(MODERN, ['--port', '0']);
    h = makeCore();
  });
  afterAll(async () => {
    await h.dispose();
    modern.stop();
  });

  it('auto (the default) finds a modern-only server, shows its era and version, lists and calls through the gate', async () => {
    const v0 = h.core.addServer('modern', { type: 'http', url: `${modern.url}/mcp`, headers: {} });
    expect(v0.settings.era).toBe('auto');
    const v = await h.core.connect('modern');
    expect(v).toMatchObject({
      status: 'connected',
      era: 'modern',
      protocolVersion: '2026-07-28',
      serverInfo: { name: 'modern-fixture' },
    });
    expect(h.core.tools('modern').map((t) => t.name)).toEqual([
      'echo',
      'add',
      'regional',
      'bad_header',
      'chatty',
      'grow',
      'add_note',
      'flaky_read',
      'flaky_write',
      'touch',
      'deploy',
      'batch',
      'batch_log',
    ]);
    const asked = nextEvent(h.core, 'approval.requested', (a) => a.serverId === 'modern');
    const rec = h.core.requestCall('modern', 'add', { a: 2, b: 40 }, CONSOLE_USER);
    const a = await asked;
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    const done = await h.core.waitCall(rec.id);
    expect(done).toMatchObject({ outcome: 'ok', result: { content: [{ type: 'text', text: '42' }] } });
    const connect = h.core.queryAudit({ serverId: 'modern', kind: 'connect', limit: 5 }).at(-1);
    expect(connect?.detail).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
  });

  it('x-mcp-header: the argument travels in its Mcp-Param header too (the SDK server rejects a call without it); an invalid declaration leaves the tool out', async () => {
    await h.core.connect('modern');
    const call = async (tool: string, args: Record<string, unknown>) => {
      const asked = nextEvent(h.core, 'approval.requested', (a) => a.serverId === 'modern' && a.tool === tool);
      const rec = h.core.requestCall('modern', tool, args, CONSOLE_USER);
      const a = await asked;
      h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
      return { approval: a, done: await h.core.waitCall(rec.id) };
    };
    // Non-ASCII and spaces: sent Base64-encoded, which the server decodes and compares with the body.
    const regional = await call('regional', { region: 'eu west ü' });
    expect(regional.approval.headers).toEqual({
      'Mcp-Param-Region': `=?base64?${Buffer.from('eu west ü').toString('base64')}?=`,
    });
    expect(regional.done).toMatchObject({ outcome: 'ok', result: { content: [{ text: 'served from eu west ü' }] } });
    expect((await call('echo', { message: 'no headers' })).approval.headers).toBeUndefined();
    const bad = h.core.tools('modern').find((t) => t.name === 'bad_header');
    expect(bad?.excluded).toMatch(/invalid x-mcp-header: property tags: .*reached through "properties" alone/);
    expect(() => h.core.requestCall('modern', 'bad_header', { tags: [] }, CONSOLE_USER)).toThrow(
      /left out: invalid x-mcp-header.*nothing was sent/,
    );
  });

  it('modern pins 2026-07-28 and gets it', async () => {
    await h.core.updateServer('modern', undefined, { era: 'modern' });
    expect(await h.core.connect('modern')).toMatchObject({ status: 'connected', era: 'modern' });
  });

  it('legacy against a modern-only server fails with the reason in words, and what to change', async () => {
    await h.core.updateServer('modern', undefined, { era: 'legacy' });
    const v = await h.core.connect('modern');
    expect(v.status).toBe('error');
    expect(v.error).toMatch(
      /speaks only the 2026-07-28 era .*refused the 2025 initialize handshake; set this server's era to auto or modern/,
    );
  });

  it('auto speaks the 2025 era to a 2025 server (our stdio fixture), and modern refuses it in words', async () => {
    h.core.addServer('old', fixtureStdio());
    expect(await h.core.connect('old')).toMatchObject({
      status: 'connected',
      era: 'legacy',
      protocolVersion: '2025-11-25',
    });
    expect(h.core.tools('old').length).toBeGreaterThan(200);
    await h.core.updateServer('old', undefined, { era: 'modern' });
    const v = await h.core.connect('old');
    expect(v.status).toBe('error');
    expect(v.error).toMatch(/does not offer the 2026-07-28 era .*set this server's era to auto or legacy/);
  });

  it('auto starts a 2025 server again in the 2025 era when it exits on server/discover', async () => {
    // A server that dies on any request before initialize (some SDKs do), answering the 2025 handshake otherwise.
    const script = `require('readline').createInterface({input:process.stdin}).on('line',(l)=>{const m=JSON.parse(l);const o=(r)=>process.stdout.write(JSON.stringify({jsonrpc:'2.0',id:m.id,...r})+'\\n');if(m.method==='server/discover')process.exit(7);if(m.method==='initialize')o({result:{protocolVersion:'2025-06-18',capabilities:{tools:{}},serverInfo:{name:'strict',version:'1'}}});else if(m.method==='tools/list')o({result:{tools:[]}});});`;
    h.core.addServer('strict', {
      type: 'stdio',
      command: process.execPath,
      args: ['-e', script],
      env: {},
      cwd: undefined,
    });
    const v = await h.core.connect('strict');
    expect(v).toMatchObject({ status: 'connected', era: 'legacy', protocolVersion: '2025-06-18' });
    expect(h.core.stderr('strict').lines.join('\n')).toMatch(
      /exited on server\/discover \(exit code 7\); starting it again and speaking the 2025 era/,
    );
  });

  it('the command line takes --era for one run: auto (no flag) lists a modern-only server, legacy says why it cannot', () => {
    const config = join(h.dataDir, 'modern.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { m: { type: 'http', url: `${modern.url}/mcp` } } }));
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [resolve('bin/mcp-console.js'), ...args, '--data-dir', join(h.dataDir, 'cli')], {
        encoding: 'utf8',
      });
    const listed = cli('tools', 'm', '--config', config, '--json');
    expect(listed.status).toBe(0);
    expect(
      (JSON.parse(listed.stdout) as { name: string; excluded?: string }[]).map((t) => [t.name, Boolean(t.excluded)]),
    ).toEqual([
      ['echo', false],
      ['add', false],
      ['regional', false],
      ['bad_header', true],
      ['chatty', false],
      ['grow', false],
      ['add_note', false],
      ['flaky_read', false],
      ['flaky_write', false],
      ['touch', false],
      ['deploy', false],
      ['batch', false],
      ['batch_log', false],
    ]);
    const legacy = cli('tools', 'm', '--config', config, '--era', 'legacy');
    expect(legacy.status).toBe(2);
    expect(legacy.stdout).toBe('');
    expect(legacy.stderr).toMatch(/speaks only the 2026-07-28 era/);
    const bogus = cli('tools', 'm', '--config', config, '--era', 'newest');
    expect(bogus.status).toBe(2);
    expect(bogus.stderr).toMatch(/--era must be auto, modern or legacy/);
  });
});

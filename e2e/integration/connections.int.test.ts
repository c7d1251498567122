import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../../shared/schemas/server.js';
import { callApproved, FIXTURE, fixtureStdio, freePort, makeCore, nextEvent, startHttp } from '../harness/harness.js';

describe('connections', () => {
  let h: ReturnType<typeof makeCore>;
  const stops: (() => void)[] = [];
  afterEach(async () => {
    await h?.dispose();
    stops.splice(0).forEach((s) => s());
  });

  it('connects over stdio and reports server info, protocol version, capabilities and instructions', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    const statuses: string[] = [];
    h.core.onEvent((n, p) => n === 'server.status' && statuses.push((p as { status: string }).status));
    const v = await h.core.connect('fx');
    expect(v).toMatchObject({
      status: 'connected',
      transport: 'stdio',
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'mcp-console-fixture', version: '1.0.0' },
    });
    expect(v.capabilities).toHaveProperty('tools');
    expect(v.instructions).toContain('Fixture server.');
    expect(statuses).toContain('connecting');
    expect(statuses.at(-1)).toBe('connected');
  });

  it('gives a stdio server only the minimal environment plus its config env, in its cwd', async () => {
    h = makeCore();
    process.env.MCP_CONSOLE_TEST_SECRET = 'leak-me';
    try {
      h.core.addServer('fx', { ...fixtureStdio({ FIXTURE_ECHO_ENV: '1', GIVEN: 'yes' }), cwd: '/tmp' } as ServerConfig);
      await h.core.connect('fx');
      const r = await callApproved(h, 'fx', 'env_dump');
      const dump = JSON.parse(String(r.result!.content[0]!.text)) as { env: Record<string, string>; cwd: string };
      expect(dump.env.GIVEN).toBe('yes');
      expect(dump.env.MCP_CONSOLE_TEST_SECRET).toBeUndefined();
      expect(Object.keys(dump.env).sort()).toEqual(expect.arrayContaining(['PATH', 'GIVEN']));
      expect(
        Object.keys(dump.env).filter(
          (k) => !['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'GIVEN', 'FIXTURE_ECHO_ENV'].includes(k),
        ),
      ).toEqual([]);
      expect(dump.cwd).toBe('/tmp');
    } finally {
      delete process.env.MCP_CONSOLE_TEST_SECRET;
    }
  });

  it('moves a crashed server to error with its exit code and last stderr lines, and keeps the others', async () => {
    h = makeCore();
    h.core.addServer('a', fixtureStdio());
    h.core.addServer('b', fixtureStdio());
    await Promise.all([h.core.connect('a'), h.core.connect('b')]);
    const errored = nextEvent(h.core, 'server.status', (v) => v.id === 'a' && v.status === 'error');
    const rec = h.core.requestCall('a', 'exit_process', {}, CONSOLE_USER);
    const pending = h.core.approval(rec.approvalId!)!;
    h.core.decide({ approvalId: pending.id, decision: 'approve', argsHash: pending.argsHash, scope: 'once' }, 'user');
    const v = await errored;
    expect(v.exitCode).toBe(3);
    expect(v.error).toMatch(/exit code 3/);
    expect(v.lastStderr?.join('\n')).toContain('fixture: exiting on request');
    const done = await h.core.waitCall(rec.id);
    expect(done.outcome).toBe('protocol-error');
    expect(h.core.tools('a')).toEqual([]);
    expect(h.core.view('b').status).toBe('connected');
    expect((await callApproved(h, 'b', 'echo', { message: 'still here' })).outcome).toBe('ok');
    expect(h.core.queryAudit({ kind: 'server-error', limit: 5 })[0]).toMatchObject({
      serverId: 'a',
      reason: expect.stringMatching(/exit code 3/),
    });
  });

  it('reports a non-JSON line on stdout without dropping the connection', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    const r = await callApproved(h, 'fx', 'print_noise');
    expect(r.outcome).toBe('ok');
    expect(h.core.stderr('fx').lines.join('\n')).toContain('non-JSON line on stdout: this line is not JSON-RPC');
    expect(h.core.view('fx').status).toBe('connected');
  });

  it('says clearly when the command does not exist', async () => {
    h = makeCore();
    h.core.addServer('nope', { type: 'stdio', command: 'definitely-not-a-command-xyz', args: [], env: {} });
    const v = await h.core.connect('nope');
    expect(v.status).toBe('error');
    expect(v.error).toMatch(/command not found: definitely-not-a-command-xyz/);
    expect(h.core.queryAudit({ kind: 'connect-failed', limit: 1 })).toHaveLength(1);
  });

  it('gives up after the connect timeout with a clear error', async () => {
    h = makeCore();
    h.core.addServer(
      'mute',
      { type: 'stdio', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], env: {} },
      { connectTimeoutMs: 300 },
    );
    const v = await h.core.connect('mute');
    expect(v.status).toBe('error');
    expect(v.error).toMatch(/did not complete initialization within 0.3 s/);
  });

  it('a silent server: the console says it stopped it after server/discover, tries the 2025 era, and blames no crash', async () => {
    h = makeCore();
    h.core.addServer(
      'mute',
      { type: 'stdio', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], env: {} },
      { connectTimeoutMs: 9000 },
    );
    const v = await h.core.connect('mute');
    expect(v.status).toBe('error');
    expect(v.error).toMatch(
      /^the server did not complete initialization within 9 s \(connect timeout\)(; the console stopped the server)?$/,
    );
    expect(v.exitCode).toBeUndefined();
    expect(v.signal).toBeUndefined();
    const notes = h.core.stderr('mute').lines.filter((l) => l.startsWith('[console]'));
    expect(notes).toContain(
      '[console] the server did not answer server/discover within 5 s, so the console stopped it; starting it again and speaking the 2025 era',
    );
  }, 30_000);

  it('reports a server that exits before initializing, with its stderr', async () => {
    h = makeCore();
    h.core.addServer('dies', {
      type: 'stdio',
      command: process.execPath,
      args: ['-e', 'console.error("bad config: no token"); process.exit(7)'],
      env: {},
    });
    const v = await h.core.connect('dies');
    expect(v.status).toBe('error');
    expect(v.exitCode).toBe(7);
    expect(h.core.stderr('dies').lines).toContain('bad config: no token');
  });

  it('connects over Streamable HTTP with custom headers, and is refused without them', async () => {
    const srv = await startHttp(FIXTURE, ['--transport', 'http'], { FIXTURE_REQUIRE_HEADER: 'X-Token: s3cret' });
    stops.push(srv.stop);
    h = makeCore();
    h.core.addServer('web', { type: 'http', url: `${srv.url}/mcp`, headers: { 'X-Token': 's3cret' } });
    const v = await h.core.connect('web');
    expect(v).toMatchObject({ status: 'connected', transport: 'http' });
    expect((await callApproved(h, 'web', 'echo', { message: 'over http' })).result?.content[0]).toMatchObject({
      text: '{"message":"over http"}',
    });
    h.core.addServer('nohdr', { type: 'http', url: `${srv.url}/mcp`, headers: {} });
    const bad = await h.core.connect('nohdr');
    expect(bad.status).toBe('error');
    // An explicit "http" server is never retried as SSE; the refusal is explained with its challenge.
    expect(bad.error).toMatch(
      /^401 Unauthorized \(invalid_token\): missing or wrong X-Token — WWW-Authenticate: Bearer error="invalid_token"/,
    );
    expect(h.core.stderr('nohdr').lines.join('\n')).not.toMatch(/SSE/);
    // Nor is an untyped one: 401 means "sign in", not "this is an SSE server".
    h.core.addServer('nohdr-auto', { type: 'auto', url: `${srv.url}/mcp`, headers: {} });
    expect((await h.core.connect('nohdr-auto')).error).toMatch(/^401 Unauthorized \(invalid_token\)/);
    expect(h.core.stderr('nohdr-auto').lines.join('\n')).not.toMatch(/SSE/);
  });

  it('ends a Streamable HTTP session with DELETE on disconnect', async () => {
    const srv = await startHttp(FIXTURE, ['--transport', 'http']);
    stops.push(srv.stop);
    h = makeCore();
    h.core.addServer('web', { type: 'http', url: `${srv.url}/mcp`, headers: {} });
    await h.core.connect('web');
    const stats = async () => ((await (await fetch(`${srv.url}/stats`)).json()) as { deletes: number }).deletes;
    expect(await stats()).toBe(0);
    await h.core.disconnect('web');
    expect(await stats()).toBe(1);
  });

  it('says plainly that a protocol version was refused, not that the server crashed', async () => {
    h = makeCore();
    const script = `process.stdin.on('data', (d) => { for (const l of String(d).split('\\n').filter(Boolean)) { const m = JSON.parse(l); if (m.method === 'initialize') process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: '1999-01-01', capabilities: {}, serverInfo: { name: 'old', version: '0' } } }) + '\\n'); } });`;
    h.core.addServer('old', { type: 'stdio', command: process.execPath, args: ['-e', script], env: {} });
    const v = await h.core.connect('old');
    expect(v.status).toBe('error');
    expect(v.error).toMatch(
      /^the server answered with protocol version 1999-01-01, which this console does not speak \(it speaks .*2025-11-25/,
    );
    expect(v.error).not.toMatch(/exited/);
  });

  it('says "connection refused at URL" when nothing listens there', async () => {
    h = makeCore();
    const port = await freePort();
    h.core.addServer('gone', { type: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: {} });
    expect((await h.core.connect('gone')).error).toBe(`connection refused at http://127.0.0.1:${port}/mcp`);
  });

  it('connects to a legacy SSE server when told, and falls back to it from an untyped URL', async () => {
    const srv = await startHttp(FIXTURE, ['--transport', 'sse']);
    stops.push(srv.stop);
    h = makeCore();
    h.core.addServer('legacy', { type: 'sse', url: `${srv.url}/sse`, headers: {} });
    expect(await h.core.connect('legacy')).toMatchObject({ status: 'connected', transport: 'sse' });
    h.core.addServer('auto', { type: 'auto', url: `${srv.url}/sse`, headers: {} });
    const v = await h.core.connect('auto');
    expect(v).toMatchObject({ status: 'connected', transport: 'sse' });
    expect(h.core.stderr('auto').lines.join('\n')).toMatch(
      /Streamable HTTP was refused \(HTTP 40[45]\); trying legacy SSE/,
    );
    expect((await callApproved(h, 'auto', 'echo', { message: 'sse' })).outcome).toBe('ok');
  });

  it('disconnects and reconnects on demand', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    expect((await h.core.disconnect('fx')).status).toBe('disconnected');
    expect(h.core.tools('fx')).toEqual([]);
    expect(() => h.core.requestCall('fx', 'echo', {}, CONSOLE_USER)).toThrow(/not connected/);
    expect((await h.core.connect('fx')).status).toBe('connected');
    expect(h.core.tools('fx').length).toBe(261);
  });
});

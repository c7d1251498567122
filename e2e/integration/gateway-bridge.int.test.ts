import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { FIXTURE } from '../harness/harness.js';

const BIN = resolve('bin/mcp-console.js');
const dir = mkdtempSync(join(tmpdir(), 'mcp-console-bridge-'));
const dataDir = join(dir, 'data');
const config = join(dir, 'servers.json');
writeFileSync(
  config,
  JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE], env: { FIXTURE_TOOLS: '12' } } } }),
);

function cli(...args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args, '--data-dir', dataDir], { encoding: 'utf8', timeout: 30_000 });
}

function text(r: { content?: unknown }): string {
  return ((r.content as Array<{ text?: string }>) ?? []).map((b) => b.text ?? '').join('');
}

// Which of the gateway's parts serve loads, and when (a module hook notes each one it resolves): the
// SDK's server package is bundled into the chunks of the agent endpoint and the bridge (agent-*).
const loads = join(dir, 'loads.txt');
const hook = join(dir, 'note-loads.mjs');
writeFileSync(loads, '');
writeFileSync(
  hook,
  `import { register } from 'node:module';\nregister('data:text/javascript,' + encodeURIComponent(${JSON.stringify(
    `import { appendFileSync } from 'node:fs';\nexport async function resolve(s, c, next) { if (/^@modelcontextprotocol\\/|[\\\\/]agent-[a-z]+-/.test(s)) appendFileSync(${JSON.stringify(loads)}, s + '\\n'); return next(s, c); }`,
  )}));\n`,
);
const sdkLoads = () => new Set(readFileSync(loads, 'utf8').split('\n').filter(Boolean));

/** `mcp-console serve` as a person runs it; resolves with its two lines' addresses. */
function serve(): Promise<{ child: ChildProcess; page: string; agents: string }> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['--import', hook, BIN, 'serve', '--config', config, '--data-dir', dataDir, '--port', '0'],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const page = /MCP Console ready at (\S+)/.exec(out)?.[1];
      const agents = /MCP Console agent endpoint at (http:\/\/127\.0\.0\.1:\d+\/\S+)/.exec(out)?.[1];
      if (page && agents) done({ child, page, agents });
    });
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}: ${out}`)));
  });
}

/** The person, through browser mode's WebSocket: approves every call that waits (and records what was asked). */
function person(pageUrl: string): Promise<{ asked: Array<{ requestedBy: unknown; tool: string }>; close(): void }> {
  const u = new URL(pageUrl);
  const token = new URLSearchParams(u.hash.slice(1)).get('token')!;
  const ws = new WebSocket(`ws://${u.host}/ws?token=${token}`, { origin: `http://${u.host}` });
  const asked: Array<{ requestedBy: unknown; tool: string }> = [];
  let id = 0;
  ws.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as {
      event?: string;
      payload?: { id: string; argsHash: string; requestedBy: unknown; tool: string };
    };
    if (msg.event !== 'approval.requested' || !msg.payload) return;
    asked.push(msg.payload);
    ws.send(
      JSON.stringify({
        id: ++id,
        method: 'approvals.decide',
        params: { approvalId: msg.payload.id, decision: 'approve', argsHash: msg.payload.argsHash },
      }),
    );
  });
  return new Promise((done) => ws.once('open', () => done({ asked, close: () => ws.close() })));
}

describe('agents through the bridge and the CLI, against a running `serve`', () => {
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  let agent: Client;
  let stderr = '';
  let token = '';
  beforeAll(async () => {
    const added = cli('agents', 'add', 'bot', '--servers', 'fx', '--config', config, '--json');
    expect(added.status, added.stderr).toBe(0);
    const made = JSON.parse(added.stdout) as { name: string; token: string; servers: string[] };
    expect(made).toMatchObject({ name: 'bot', servers: ['fx'] });
    token = made.token;
    // Stored hashed: the token is nowhere in the data directory.
    expect(readFileSync(join(dataDir, 'agents.json'), 'utf8')).not.toContain(token);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'bridge', '--agent', 'bot', '--data-dir', dataDir],
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    agent = new Client({ name: 'host', version: '1' });
    await agent.connect(transport);
  });
  afterAll(async () => {
    await agent?.close().catch(() => {});
    server?.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  });

  it('with no console running, the bridge says so: a tool error to the agent, a line on stderr', async () => {
    const r = await agent.callTool({ name: 'fx.echo', arguments: { message: 'x' } });
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/MCP Console is not running/);
    expect(stderr).toMatch(/MCP Console is not running/);
    const listed = cli('agents', 'list', '--json');
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ name: 'bot', servers: ['fx'] })]);
  });

  it('once the console runs, the same bridge finds it by itself (the host is told its tools changed); calls wait for the person', async () => {
    const changed = new Promise<void>((r) =>
      agent.setNotificationHandler('notifications/tools/list_changed', () => r()),
    );
    server = await serve();
    // The SDK's server is not loaded until an agent comes (no SDK package is loaded as one: the
    // client, the server and their core are in the command line's bundle).
    expect([...sdkLoads()].filter((m) => m.startsWith('@modelcontextprotocol/'))).toEqual([]);
    expect([...sdkLoads()].filter((m) => /agent-(?:server|stdio)-/.test(m))).toEqual([]);
    // The channel is a socket in a folder only this user may enter.
    expect(statSync(join(dataDir, 'run')).mode & 0o077).toBe(0);
    // A second console on the same data directory does not take the first one's agents.
    const second = spawnSync(
      process.execPath,
      [BIN, 'serve', '--config', config, '--data-dir', dataDir, '--port', '0'],
      { encoding: 'utf8', timeout: 20_000 },
    );
    expect(second.status).toBe(2);
    expect(second.stderr).toMatch(/another MCP Console \(process \d+\) already serves agents/);
    // Nor does the command line write into its audit log: it works through the console, which records the call.
    const call = spawnSync(
      process.execPath,
      [BIN, 'call', 'fx', 'echo', '--args', '{"message":"x"}', '--yes', '--config', config, '--data-dir', dataDir],
      {
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(call.stderr).toMatch(/through MCP Console \(process \d+\)/);
    expect(call.stderr).not.toMatch(/is writing the audit log/);
    expect(call.status).toBe(0);
    const p = await person(server.page);
    // The host asked for nothing since the console started: the bridge found it and said so.
    await changed;
    const { tools } = await agent.listTools();
    expect(tools.map((t) => t.name)).toContain('fx.echo');
    const r = await agent.callTool({ name: 'fx.echo', arguments: { message: 'through the bridge' } });
    expect(text(r)).toContain('through the bridge');
    expect(p.asked).toEqual([expect.objectContaining({ tool: 'echo', requestedBy: { kind: 'agent', name: 'bot' } })]);
    expect([...sdkLoads()].filter((m) => /agent-stdio-/.test(m))).not.toEqual([]);
    // Text that is not ASCII, long enough to come in many chunks, arrives whole both ways.
    const wide = 'é😀ü'.repeat(50_000);
    expect(text(await agent.callTool({ name: 'fx.echo', arguments: { message: wide } }))).toContain(wide);
    p.close();
  });

  it('serve stopped and started again: the bridge ends what was in flight, then comes back by itself', async () => {
    const old = server!;
    const gone = new Promise((r) => old.child.once('exit', r));
    old.child.kill('SIGTERM');
    await gone;
    const down = await agent.callTool({ name: 'fx.echo', arguments: { message: 'nobody there' } });
    expect(down.isError).toBe(true);
    expect(text(down)).toMatch(/MCP Console (closed the connection|is not running)/);
    const changed = new Promise<void>((r) =>
      agent.setNotificationHandler('notifications/tools/list_changed', () => r()),
    );
    server = await serve();
    // Nothing is asked of the host: it hears its tools changed, and lists them again.
    await changed;
    // The restarted console connects its config's servers as it starts: the agent's list fills as fx's tools arrive
    // (each arrival is told as a change), so the list is read until it has them.
    await expect
      .poll(async () => (await agent.listTools()).tools.map((t) => t.name), { timeout: 15_000 })
      .toContain('fx.echo');
  });

  it('`agents revoke` from another terminal takes effect at once: the bridge and the HTTP token are refused', async () => {
    const http = new Client({ name: 'http-agent', version: '1' });
    await http.connect(
      new StreamableHTTPClientTransport(new URL(server!.agents), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    expect((await http.listTools()).tools.length).toBeGreaterThan(0);
    const revoked = cli('agents', 'revoke', 'bot');
    expect(revoked.status, revoked.stderr).toBe(0);
    await expect
      .poll(async () => (await agent.callTool({ name: 'fx.echo', arguments: { message: 'y' } })).isError, {
        timeout: 5000,
      })
      .toBe(true);
    const r = await agent.callTool({ name: 'fx.echo', arguments: { message: 'y' } });
    expect(text(r)).toMatch(/revoked|closed the connection/);
    await expect(http.listTools()).rejects.toThrow(/unknown or was revoked/);
    await http.close().catch(() => {});
    // The running console, the one writer of its audit log, recorded the revoke; the chain is intact.
    server!.child.kill('SIGTERM');
    await new Promise((r) => server!.child.once('exit', r));
    server = undefined;
    const log = readFileSync(join(dataDir, 'audit.jsonl'), 'utf8');
    expect(log).toMatch(/"kind":"agent-revoked"/);
    const verify = cli('audit', 'verify');
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
  });
});

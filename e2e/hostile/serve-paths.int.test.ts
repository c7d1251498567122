import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { ATTACKS, deepText } from '../fixtures/attack-server.js';
import { FIXTURE } from '../harness/harness.js';
import { ATTACK_SERVER } from './attack-kit.js';

/**
 * The other ways in, through a real `mcp-console serve` as a person runs it: the page's WebSocket,
 * the agent endpoint over HTTP, the bridge, with hostile servers connected beside an honest one.
 * Every case ends with the same check: serve answers, the honest server runs a call, the chain verifies.
 */
const BIN = resolve('bin/mcp-console.js');
const dir = mkdtempSync(join(tmpdir(), 'mcp-console-hostile-'));
const dataDir = join(dir, 'data');
const config = join(dir, 'servers.json');
/**
 * Every mode of the hostile server but those with a server of their own above or a path of their own
 * (a stall waits out a call timeout, the auth modes are a sign-in): a mode added later runs here too.
 */
const OWN = new Set(['deep-list', 'deep-result', 'huge-description', 'flood', 'stall', 'auth-deep', 'auth-huge']);
const MODES = ATTACKS.filter((m) => !OWN.has(m));
const attack = (mode: string) => ({ command: process.execPath, args: [ATTACK_SERVER], env: { ATTACK: mode } });
writeFileSync(
  config,
  JSON.stringify({
    mcpServers: {
      honest: { command: process.execPath, args: [FIXTURE] },
      list: attack('deep-list'),
      result: attack('deep-result'),
      huge: attack('huge-description'),
      flood: attack('flood'),
      // One server per remaining mode: each goes through the page and through an agent below.
      ...Object.fromEntries(MODES.map((m) => [m, attack(m)])),
    },
  }),
);

const cli = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args, '--data-dir', dataDir], { encoding: 'utf8', timeout: 60_000 });

/** The page, over browser mode's WebSocket: requests by id; approves every call that waits. */
class Page {
  private id = 0;
  private waiting = new Map<
    number,
    (reply: { ok: boolean; value?: unknown; error?: { code: string; message: string } }) => void
  >();
  constructor(readonly ws: WebSocket) {
    let parts: Buffer[] = [];
    ws.on('message', (data: Buffer, isBinary) => {
      // A long message comes as binary parts of its text, the first byte of each saying "more" (1) or "last" (0).
      if (isBinary) {
        parts.push(data.subarray(1));
        if (data[0] === 1) return;
        data = Buffer.concat(parts);
        parts = [];
      }
      const msg = JSON.parse(data.toString()) as {
        id?: number | null;
        reply?: never;
        event?: string;
        payload?: { id: string; argsHash: string };
      };
      if (msg.event === 'approval.requested' && msg.payload)
        void this.ask('approvals.decide', {
          approvalId: msg.payload.id,
          decision: 'approve',
          argsHash: msg.payload.argsHash,
        });
      if (msg.reply && typeof msg.id === 'number') this.waiting.get(msg.id)?.(msg.reply);
    });
  }
  static open(url: string): Promise<Page> {
    const u = new URL(url);
    const token = new URLSearchParams(u.hash.slice(1)).get('token')!;
    const ws = new WebSocket(`ws://${u.host}/ws?token=${token}`, {
      origin: `http://${u.host}`,
      maxPayload: 256 * 1024 * 1024,
    });
    return new Promise((done) => ws.once('open', () => done(new Page(ws))));
  }
  ask(
    method: string,
    params: unknown = {},
  ): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
    return this.askText(method, JSON.stringify(params));
  }
  /** A request whose params are given as JSON text (deeper than this process's own JSON.stringify could write). */
  askText(
    method: string,
    params: string,
  ): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
    const id = ++this.id;
    return new Promise((done) => {
      this.waiting.set(id, done);
      this.ws.send(`{"id":${id},"method":${JSON.stringify(method)},"params":${params}}`);
    });
  }
}

function serve(): Promise<{ child: ChildProcess; page: string; agents: string; out: () => string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--config', config, '--data-dir', dataDir, '--port', '0'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    const read = (c: Buffer) => {
      out += c.toString();
      const page = /MCP Console ready at (\S+)/.exec(out)?.[1];
      const agents = /MCP Console agent endpoint at (http:\/\/127\.0\.0\.1:\d+\/\S+)/.exec(out)?.[1];
      if (page && agents) done({ child, page, agents, out: () => out });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}: ${out}`)));
  });
}

/** A raw HTTP POST (no client library: a hostile agent sends what it likes). */
function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

describe('hostile peers against a running serve', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  let page: Page;
  let token = '';

  beforeAll(async () => {
    const added = cli('agents', 'add', 'bot', '--servers', 'honest,result', '--config', config, '--json');
    expect(added.status, added.stderr).toBe(0);
    token = (JSON.parse(added.stdout) as { token: string }).token;
    server = await serve();
    page = await Page.open(server.page);
  }, 60_000);

  afterAll(async () => {
    page?.ws.close();
    server?.child.kill('SIGTERM');
    if (server) await new Promise((r) => server.child.once('exit', r));
    const verify = cli('audit', 'verify');
    rmSync(dir, { recursive: true, force: true });
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
  });

  /** serve still answers the page, and the honest server still runs a call the page approves. */
  async function stillWhole(): Promise<void> {
    expect(server.child.exitCode).toBeNull();
    const call = await page.ask('calls.request', { serverId: 'honest', tool: 'echo', args: { message: 'still here' } });
    expect(call.ok, call.error?.message).toBe(true);
    const done = await page.ask('calls.wait', { callId: (call.value as { id: string }).id });
    expect((done.value as { outcome: string }).outcome).toBe('ok');
  }

  it('the page connects hostile servers: each refusal is said in words, and serve goes on', async () => {
    expect((await page.ask('servers.connect', { serverId: 'honest' })).ok).toBe(true);
    const list = await page.ask('servers.connect', { serverId: 'list' });
    const said = JSON.stringify(list) + JSON.stringify(await page.ask('servers.stderr', { serverId: 'list' }));
    expect(said).toMatch(/nests deeper than 1,000 levels/);
    for (const id of ['result', 'huge', 'flood'])
      expect((await page.ask('servers.connect', { serverId: id })).ok).toBe(true);
    const call = await page.ask('calls.request', { serverId: 'result', tool: 'echo', args: { message: 'x' } });
    const done = await page.ask('calls.wait', { callId: (call.value as { id: string }).id });
    expect(done.value).toMatchObject({
      outcome: 'protocol-error',
      error: { code: 'refused', message: expect.stringMatching(/nests deeper/) },
    });
    await stillWhole();
  });

  it('a review of a megabyte of text built to backtrack ends, and says where it stopped reading', async () => {
    const t0 = Date.now();
    const reviewed = page.ask('review.run', { serverIds: ['huge'] });
    // Meanwhile the console answers the page.
    const meanwhile = await page.ask('servers.list');
    expect(meanwhile.ok).toBe(true);
    const r = await reviewed;
    expect(r.ok, r.error?.message).toBe(true);
    expect(Date.now() - t0).toBeLessThan(20_000);
    const findings = await page.ask('review.findings', { rule: 'H12', offset: 0, limit: 10 });
    expect(JSON.stringify(findings.value)).toMatch(/the pattern rules read the first 65,536/);
    await stillWhole();
  });

  it('a page frame 100,000 levels deep, a 100,000-character request name and deep arguments are refused as those messages', async () => {
    const deep = await page.askText('servers.list', deepText(100_000));
    expect(deep.error?.message).toMatch(/refused: the message nests deeper than 1,000 levels/);
    const named = await page.ask('x'.repeat(100_000));
    expect(named.error?.message).toMatch(/expected \{"id", "method", "params"\}/);
    expect(JSON.stringify(named).length).toBeLessThan(400);
    const deepArgs = await page.askText(
      'calls.request',
      `{"serverId":"honest","tool":"echo","args":{"message":"m","x":${deepText(5000)}}}`,
    );
    expect(deepArgs.error?.message).toMatch(/refused: the message nests deeper than 1,000 levels/);
    await stillWhole();
  });

  it('an agent over HTTP: a deep request is refused with a JSON-RPC error, a 20 KB header with 431, a refused result reaches the agent as an error', async () => {
    const deep = await post(
      server.agents,
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"honest.echo","arguments":${deepText(100_000)}}}`,
      {
        authorization: `Bearer ${token}`,
      },
    );
    expect(deep.status).toBe(400);
    expect(deep.text).toMatch(/refused by MCP Console: the request nests deeper than 1,000 levels/);
    const header = await post(server.agents, '{}', { authorization: `Bearer ${'x'.repeat(20_000)}` });
    expect(header.status).toBe(431);
    const agent = new Client({ name: 'hostile-host', version: '1' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(server.agents), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const r = await agent.callTool({ name: 'result.echo', arguments: { message: 'x' } });
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.content)).toMatch(/nests deeper than 1,000 levels/);
    const ok = await agent.callTool({ name: 'honest.echo', arguments: { message: 'fine' } });
    expect(JSON.stringify(ok.content)).toContain('fine');
    await agent.close();
    await stillWhole();
  });

  it('the bridge: a deep line from the host is answered with an error, and the bridge goes on', async () => {
    // The bridge as the Claude Desktop snippet launches it, copied from what the page was given (no mcp-console on the
    // PATH needed).
    const info = (await page.ask('agents.gateway')).value as { bridgeCommand: string[] };
    expect(info.bridgeCommand.slice(0, 2)).toEqual([process.execPath, BIN]);
    const [command, ...args] = [...info.bridgeCommand, 'bot'];
    const bridge = spawn(command!, args, { stdio: ['pipe', 'pipe', 'pipe'], env: { PATH: '/nonexistent' } });
    let out = '';
    bridge.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    bridge.stdin!.write(`{"jsonrpc":"2.0","id":7,"method":"tools/list","params":${deepText(100_000)}}\n`);
    bridge.stdin!.write(
      '{"jsonrpc":"2.0","id":8,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"h","version":"1"}}}\n',
    );
    await expect.poll(() => out, { timeout: 15_000 }).toMatch(/"id":8/);
    expect(out).toMatch(
      /"id":7,"error":\{"code":-32600,"message":"refused by MCP Console: the message nests deeper than 1,000 levels"/,
    );
    expect(bridge.exitCode).toBeNull();
    bridge.stdin!.end();
    await new Promise((r) => bridge.once('exit', r));
    await stillWhole();
  });

  it('slow-loris: a client that sends a header byte now and then is answered 408 and closed; both listeners serve others meanwhile', async () => {
    const slow = (url: string) =>
      new Promise<{ reply: string; ms: number }>((done) => {
        const u = new URL(url);
        const t0 = Date.now();
        const s = connect(Number(u.port), u.hostname);
        let reply = '';
        s.on('data', (c: Buffer) => (reply += c.toString()));
        s.on('error', () => {});
        s.on('close', () => (clearInterval(drip), done({ reply, ms: Date.now() - t0 })));
        s.write(`GET / HTTP/1.1\r\nHost: ${u.host}\r\n`);
        const drip = setInterval(() => s.writable && s.write('X-A: b\r\n'), 500);
      });
    const [page, agents] = [slow(server.page), slow(server.agents)];
    // Meanwhile both listeners answer others.
    await stillWhole();
    expect((await post(server.agents, '{}', {})).status).toBe(401);
    for (const r of await Promise.all([page, agents])) {
      expect(r.reply).toMatch(/^HTTP\/1\.1 408/);
      expect(r.ms).toBeLessThan(15_000);
    }
  }, 30_000);

  it('every other mode, through the page and through an agent: each refusal is an answer, never the end of serve', async () => {
    const added = cli('agents', 'add', 'all', '--servers', ['honest', ...MODES].join(','), '--json');
    expect(added.status, added.stderr).toBe(0);
    const allToken = (JSON.parse(added.stdout) as { token: string }).token;
    const agent = new Client({ name: 'hostile-host', version: '1' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(server.agents), {
        requestInit: { headers: { Authorization: `Bearer ${allToken}` } },
      }),
    );
    for (const mode of MODES) {
      const connected = await page.ask('servers.connect', { serverId: mode });
      if (connected.ok && (connected.value as { status: string }).status === 'connected') {
        const call = await page.ask('calls.request', { serverId: mode, tool: 'echo', args: { message: mode } });
        if (call.ok) await page.ask('calls.wait', { callId: (call.value as { id: string }).id });
        await page.ask('resources.read', { serverId: mode, uri: 'attack://doc' });
        await page.ask('prompts.get', { serverId: mode, name: 'greet', args: {} });
        // The agent's call is approved by the page like any other; whatever the server sent, the agent gets an answer.
        const r = await agent
          .callTool({ name: `${mode}.echo`, arguments: { message: mode } })
          .catch((e: Error) => ({ isError: true, content: [{ type: 'text', text: e.message }] }));
        expect(r, mode).toHaveProperty('content');
      }
      expect(server.child.exitCode, mode).toBeNull();
    }
    await agent.close();
    await stillWhole();
  }, 120_000);
});

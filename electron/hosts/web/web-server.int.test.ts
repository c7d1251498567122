import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { fixtureStdio, makeCore } from '../../../e2e/harness/harness.js';
import { CSP } from '../../../shared/csp.js';
import { CONSOLE_USER } from '../../../shared/schemas/requester.js';
import { BINARY_FRAME_CHARS, WS_PART_BYTES } from '../../../shared/ws-frames.js';
import { MAX_MESSAGE_BYTES, startWebServer, type WebServer } from './web-server.js';
import { frames } from './page-wire.js';

function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a WebSocket; resolves with it open, or rejects with the HTTP status of the refusal. */
function open(port: number, token: string | null, headers: Record<string, string> = {}): Promise<WebSocket> {
  const q = token === null ? '' : `?token=${encodeURIComponent(token)}`;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws${q}`, {
    headers: { Origin: `http://127.0.0.1:${port}`, ...headers },
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function rpc(
  ws: WebSocket,
  id: number,
  method: string,
  params: unknown = {},
): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
  return new Promise((resolve) => {
    const onMsg = (d: Buffer) => {
      const m = JSON.parse(d.toString());
      if (m.id === id) {
        ws.off('message', onMsg);
        resolve(m.reply);
      }
    };
    ws.on('message', onMsg);
    ws.send(JSON.stringify({ id, method, params }));
  });
}

describe('browser mode server', () => {
  const h = makeCore();
  let s: WebServer;
  beforeAll(async () => {
    const dir = join(h.dataDir, 'static');
    mkdirSync(dir);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>MCP Console</title>');
    s = await startWebServer(h.core, { staticDir: dir });
  });
  afterAll(async () => {
    await s.close();
    await h.dispose();
  });

  it('listens on 127.0.0.1 with a 256-bit token in the URL fragment', () => {
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(s.token, 'base64url')).toHaveLength(32);
  });

  it('serves the static page with a strict CSP and no CORS headers', async () => {
    const r = await get(s.port, '/', { Host: `127.0.0.1:${s.port}` });
    expect(r.status).toBe(200);
    // The console's own policy, and the one origin MCP App views load from (another port) as its only frame source.
    const csp = String(r.headers['content-security-policy']);
    expect(csp.startsWith(`${CSP}; frame-src http://127.0.0.1:`)).toBe(true);
    const views = /; frame-src http:\/\/127\.0\.0\.1:(\d+)$/.exec(csp);
    expect(Number(views?.[1])).toBeGreaterThan(0);
    expect(Number(views?.[1])).not.toBe(s.port);
    expect(CSP).not.toMatch(/unsafe-eval|https?:/);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect((await get(s.port, '/../../etc/passwd', { Host: `127.0.0.1:${s.port}` })).status).toBe(404);
  });

  it('refuses a foreign Host or Origin on HTTP (DNS rebinding)', async () => {
    expect((await get(s.port, '/', { Host: 'evil.test' })).status).toBe(403);
    expect((await get(s.port, '/', { Host: `127.0.0.1:${s.port}`, Origin: 'http://evil.test' })).status).toBe(403);
  });

  it('has no state-changing request over HTTP', async () => {
    expect((await get(s.port, '/', { Host: `127.0.0.1:${s.port}` }, 'POST')).status).toBe(405);
    expect((await get(s.port, '/servers.add?id=x', { Host: `127.0.0.1:${s.port}` })).status).toBe(404);
  });

  it('refuses a WebSocket without the right token, or from a foreign origin or host', async () => {
    await expect(open(s.port, null)).rejects.toThrow(/refused 403/);
    await expect(open(s.port, 'x'.repeat(43))).rejects.toThrow(/refused 403/);
    await expect(open(s.port, s.token, { Origin: 'http://evil.test' })).rejects.toThrow(/refused 403/);
    await expect(open(s.port, s.token, { Host: 'evil.test' })).rejects.toThrow(/refused 403/);
    const ws = await open(s.port, s.token);
    ws.close();
  });

  it('trades the printed token for a session cookie no script can read, and takes the page’s socket by it', async () => {
    const own = { Host: `127.0.0.1:${s.port}`, Origin: `http://127.0.0.1:${s.port}` };
    // Only a page of this console, holding the token, gets a session.
    expect((await get(s.port, '/session', { ...own, 'X-Console-Token': 'x'.repeat(43) }, 'POST')).status).toBe(403);
    expect((await get(s.port, '/session', { Host: own.Host, 'X-Console-Token': s.token }, 'POST')).status).toBe(403);
    expect(
      (
        await get(
          s.port,
          '/session',
          { Host: own.Host, Origin: 'http://evil.test', 'X-Console-Token': s.token },
          'POST',
        )
      ).status,
    ).toBe(403);
    const r = await get(s.port, '/session', { ...own, 'X-Console-Token': s.token }, 'POST');
    expect(r.status).toBe(204);
    const cookie = String((r.headers['set-cookie'] as string[])[0]);
    expect(cookie).toMatch(new RegExp(`^mcp-console-${s.port}=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=/$`));
    // The session is not the token: a page that leaks its cookie's name leaks nothing printed.
    expect(cookie).not.toContain(s.token);
    const pair = cookie.split(';')[0]!;
    const ws = await open(s.port, null, { Cookie: `other=1; ${pair}` });
    expect((await rpc(ws, 1, 'servers.list')).ok).toBe(true);
    ws.close();
    await expect(open(s.port, null, { Cookie: `${pair.split('=')[0]}=${'y'.repeat(43)}` })).rejects.toThrow(
      /refused 403/,
    );
    await expect(open(s.port, null, { Cookie: pair, Origin: 'http://evil.test' })).rejects.toThrow(/refused 403/);
  });

  it('answers requests, refuses malformed messages and command lines, and pushes events', async () => {
    const ws = await open(s.port, s.token);
    try {
      const bad = await new Promise<{ reply: { error: { code: string } } }>((resolve) => {
        ws.once('message', (d) => resolve(JSON.parse(d.toString())));
        ws.send('{not json');
      });
      expect(bad.reply.error.code).toBe('bad-message');
      expect(await rpc(ws, 1, 'servers.spawn', { command: 'sh', args: ['-c', 'touch /tmp/pwned'] })).toMatchObject({
        ok: false,
        error: { code: 'unknown-request' },
      });
      expect(await rpc(ws, 2, 'servers.connect', { command: 'sh' })).toMatchObject({
        ok: false,
        error: { code: 'invalid-input' },
      });
      expect(h.core.listServers()).toEqual([]);
      const events: string[] = [];
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString());
        if (m.event) events.push(m.event);
      });
      const cfg = fixtureStdio();
      expect(await rpc(ws, 3, 'servers.add', { id: 'fx', config: cfg })).toMatchObject({
        ok: true,
        value: { id: 'fx' },
      });
      expect(await rpc(ws, 4, 'servers.connect', { serverId: 'fx' })).toMatchObject({
        ok: true,
        value: { status: 'connected' },
      });
      expect(events).toEqual(expect.arrayContaining(['server.status', 'catalog.changed']));
      const tools = await rpc(ws, 5, 'tools.list', {});
      expect((tools.value as unknown[]).length).toBe(261);
    } finally {
      ws.close();
    }
  });

  it('sends a reply after the events its request raised, and the events in the order they were raised', async () => {
    const ws = await open(s.port, s.token);
    try {
      expect(await rpc(ws, 10, 'servers.add', { id: 'fx-order', config: fixtureStdio() })).toMatchObject({ ok: true });
      expect(await rpc(ws, 11, 'servers.connect', { serverId: 'fx-order' })).toMatchObject({ ok: true });
      const seen: string[] = [];
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString());
        seen.push(m.event ?? `reply ${m.id}`);
      });
      const asked = await rpc(ws, 12, 'calls.request', {
        serverId: 'fx-order',
        tool: 'echo',
        args: { message: 'in order' },
      });
      expect(asked.ok).toBe(true);
      // The request raised, in this order: its audit entry, the call's update, the approval asked for; then came the
      // reply.
      const before = seen.slice(0, seen.indexOf('reply 12'));
      expect([
        ...new Set(before.filter((e) => ['audit.appended', 'call.updated', 'approval.requested'].includes(e))),
      ]).toEqual(['audit.appended', 'call.updated', 'approval.requested']);
      expect(await rpc(ws, 13, 'calls.cancel', { callId: (asked.value as { id: string }).id })).toMatchObject({
        ok: true,
      });
    } finally {
      ws.close();
    }
  });

  it('gathers the events the core raises by itself for a frame and sends them together', async () => {
    const ws = await open(s.port, s.token);
    try {
      expect(await rpc(ws, 20, 'servers.add', { id: 'fx-window', config: fixtureStdio() })).toMatchObject({ ok: true });
      expect(await rpc(ws, 21, 'servers.connect', { serverId: 'fx-window' })).toMatchObject({ ok: true });
      const seen: Array<{ event: string; at: number }> = [];
      let last = performance.now();
      ws.on('message', (d) => {
        last = performance.now();
        const m = JSON.parse(d.toString());
        if (m.event) seen.push({ event: m.event, at: last });
      });
      // What the connection raised after its answer (stderr lines, its audit entries) is sent first:
      // the call's events then open a window of their own.
      while (performance.now() - last < 50) await new Promise((r) => setTimeout(r, 10));
      seen.length = 0;
      // Not a page's request: nothing sends the events early; they wait for the window to close.
      const t0 = performance.now();
      const asked = h.core.requestCall('fx-window', 'echo', { message: 'windowed' }, CONSOLE_USER);
      await vi.waitFor(() => expect(seen.map((e) => e.event)).toContain('approval.requested'), {
        timeout: 5000,
        interval: 2,
      });
      const burst = seen.filter((e) => ['audit.appended', 'call.updated', 'approval.requested'].includes(e.event));
      expect(burst[0]!.at - t0).toBeGreaterThanOrEqual(10);
      expect(burst.at(-1)!.at - burst[0]!.at).toBeLessThan(5);
      expect(await rpc(ws, 22, 'calls.cancel', { callId: asked.id })).toMatchObject({ ok: true });
    } finally {
      ws.close();
    }
  });
});

/**
 * Opens a WebSocket by hand (so that frames a real client never sends can be written); resolves with the raw socket
 * after the 101.
 */
function rawSocket(port: number, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const sock = connect(port, '127.0.0.1', () => {
      sock.write(
        `GET /ws?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
          `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    let head = Buffer.alloc(0);
    const onData = (d: Buffer) => {
      head = Buffer.concat([head, d]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      sock.off('data', onData);
      if (!head.subarray(0, 12).toString().includes('101')) return reject(new Error(head.toString()));
      resolve(sock);
    };
    sock.on('data', onData);
    sock.on('error', reject);
  });
}

/** One client frame: FIN set, the opcode given, masked unless told otherwise; `declared` overrides the length field. */
function frame(opcode: number, payload: Buffer, opts: { mask?: boolean; declared?: number } = {}): Buffer {
  const mask = opts.mask ?? true;
  const len = opts.declared ?? payload.length;
  const head: number[] = [0x80 | opcode];
  const m = mask ? 0x80 : 0;
  if (len < 126) head.push(m | len);
  else if (len < 65536) head.push(m | 126, len >> 8, len & 0xff);
  else {
    head.push(m | 127);
    const b = Buffer.alloc(8);
    b.writeBigUInt64BE(BigInt(len));
    head.push(...b);
  }
  if (!mask) return Buffer.concat([Buffer.from(head), payload]);
  const key = randomBytes(4);
  const body = Buffer.from(payload);
  for (let i = 0; i < body.length; i++) body[i]! ^= key[i % 4]!;
  return Buffer.concat([Buffer.from(head), key, body]);
}

/** Writes the bytes and resolves with the close code the server sends back, once the socket ends. */
function closeCodeAfter(sock: Socket, bytes: Buffer): Promise<number | null> {
  return new Promise((resolve) => {
    let got = Buffer.alloc(0);
    sock.on('data', (d) => (got = Buffer.concat([got, d])));
    sock.on('error', () => {});
    sock.on('close', () => {
      // A close frame from the server: 0x88, length, then the 2-byte code.
      const i = got.indexOf(0x88);
      resolve(i >= 0 && got.length >= i + 4 ? got.readUInt16BE(i + 2) : null);
    });
    sock.write(bytes);
  });
}

describe('browser mode under hostile frames', () => {
  const h = makeCore();
  let s: WebServer;
  const logged: string[] = [];
  beforeAll(async () => {
    const dir = join(h.dataDir, 'static');
    mkdirSync(dir);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>MCP Console</title>');
    s = await startWebServer(h.core, { staticDir: dir, log: (l) => logged.push(l) });
    h.core.addServer('fx', fixtureStdio(), { trusted: false });
  });
  afterAll(async () => {
    await s.close();
    await h.dispose();
  });

  const cases: [string, () => Buffer, number][] = [
    [
      'a frame that declares more than the size limit',
      () => frame(0x1, Buffer.alloc(16), { declared: MAX_MESSAGE_BYTES + 1 }),
      1009,
    ],
    ['a real 17 MB message', () => frame(0x1, Buffer.alloc(17 * 1024 * 1024, 0x61)), 1009],
    ['invalid UTF-8 in a text frame', () => frame(0x1, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), 1007],
    ['an unmasked client frame', () => frame(0x1, Buffer.from('{}'), { mask: false }), 1002],
    ['a reserved opcode', () => frame(0x3, Buffer.from('x')), 1002],
  ];

  it.each(cases)(
    '%s closes that one socket with the right code; the console, its servers and other pages go on',
    async (_name, bytes, code) => {
      const other = await open(s.port, s.token);
      try {
        const connected = await rpc(other, 1, 'servers.connect', { serverId: 'fx' });
        expect(connected).toMatchObject({ ok: true, value: { status: 'connected' } });
        const sock = await rawSocket(s.port, s.token);
        const before = logged.length;
        expect(await closeCodeAfter(sock, bytes())).toBe(code);
        expect(logged.slice(before).join('\n')).toMatch(/closed a page connection after a bad frame/);
        // The other page still makes a call through the gate, and the server is still the same process.
        const asked = await rpc(other, 2, 'calls.request', {
          serverId: 'fx',
          tool: 'echo',
          args: { message: 'still here' },
        });
        expect(asked.ok).toBe(true);
        const rec = asked.value as { id: string; approvalId: string; argsHash: string };
        expect(
          await rpc(other, 3, 'approvals.decide', {
            approvalId: rec.approvalId,
            decision: 'approve',
            argsHash: rec.argsHash,
            scope: 'once',
          }),
        ).toMatchObject({ ok: true });
        const done = await rpc(other, 4, 'calls.wait', { callId: rec.id });
        expect(done).toMatchObject({ ok: true, value: { outcome: 'ok' } });
        expect(h.core.view('fx').status).toBe('connected');
      } finally {
        other.close();
      }
    },
  );

  it('sends a long message as binary parts of its UTF-8 JSON (each marked more or last), and a short one as text', async () => {
    h.core.addServer('many', fixtureStdio({ FIXTURE_TOOLS: '6000' }));
    await h.core.connect('many');
    const ws = await open(s.port, s.token);
    try {
      const texts: string[] = [];
      const parts: Buffer[] = [];
      ws.on('message', (d: Buffer, isBinary: boolean) => (isBinary ? parts.push(d) : texts.push(d.toString('utf8'))));
      await rpc(ws, 42, 'settings.get');
      ws.send(JSON.stringify({ id: 41, method: 'tools.list', params: { serverId: 'many' } }));
      await expect.poll(() => parts.at(-1)?.[0], { timeout: 5000 }).toBe(0);
      expect(parts.length).toBeGreaterThan(1);
      expect(parts.slice(0, -1).every((p) => p[0] === 1 && p.length === WS_PART_BYTES + 1)).toBe(true);
      const whole = JSON.parse(Buffer.concat(parts.map((p) => p.subarray(1))).toString('utf8')) as {
        id: number;
        reply: { value: unknown[] };
      };
      expect(whole.id).toBe(41);
      expect(whole.reply.value.length).toBeGreaterThan(6000);
      expect(texts.some((t) => (JSON.parse(t) as { id?: number }).id === 42)).toBe(true);
      expect(frames('x'.repeat(BINARY_FRAME_CHARS - 1))).toEqual(['x'.repeat(BINARY_FRAME_CHARS - 1)]);
    } finally {
      ws.close();
    }
  });
});

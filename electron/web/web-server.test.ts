import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { fixtureStdio, makeCore } from '../../e2e/integration/harness.js';
import { CSP } from '../../shared/csp.js';
import { startWebServer, type WebServer } from './web-server.js';

function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
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
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws${q}`, { headers: { Origin: `http://127.0.0.1:${port}`, ...headers } });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function rpc(ws: WebSocket, id: number, method: string, params: unknown = {}): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
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

  it('listens on 127.0.0.1 with a 256-bit token in the URL fragment (H1)', () => {
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(s.token, 'base64url')).toHaveLength(32);
  });

  it('serves the static page with a strict CSP and no CORS headers', async () => {
    const r = await get(s.port, '/', { Host: `127.0.0.1:${s.port}` });
    expect(r.status).toBe(200);
    expect(r.headers['content-security-policy']).toBe(CSP);
    expect(CSP).not.toMatch(/unsafe-eval|https?:/);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect((await get(s.port, '/../../etc/passwd', { Host: `127.0.0.1:${s.port}` })).status).toBe(404);
  });

  it('refuses a foreign Host or Origin on HTTP (H2, DNS rebinding)', async () => {
    expect((await get(s.port, '/', { Host: 'evil.test' })).status).toBe(403);
    expect((await get(s.port, '/', { Host: `127.0.0.1:${s.port}`, Origin: 'http://evil.test' })).status).toBe(403);
  });

  it('has no state-changing request over HTTP (H3)', async () => {
    expect((await get(s.port, '/', { Host: `127.0.0.1:${s.port}` }, 'POST')).status).toBe(405);
    expect((await get(s.port, '/servers.add?id=x', { Host: `127.0.0.1:${s.port}` })).status).toBe(404);
  });

  it('refuses a WebSocket without the right token, or from a foreign origin or host (H2)', async () => {
    await expect(open(s.port, null)).rejects.toThrow(/refused 403/);
    await expect(open(s.port, 'x'.repeat(43))).rejects.toThrow(/refused 403/);
    await expect(open(s.port, s.token, { Origin: 'http://evil.test' })).rejects.toThrow(/refused 403/);
    await expect(open(s.port, s.token, { Host: 'evil.test' })).rejects.toThrow(/refused 403/);
    const ws = await open(s.port, s.token);
    ws.close();
  });

  it('answers requests, refuses malformed messages and command lines (H4), and pushes events', async () => {
    const ws = await open(s.port, s.token);
    try {
      const bad = await new Promise<{ reply: { error: { code: string } } }>((resolve) => {
        ws.once('message', (d) => resolve(JSON.parse(d.toString())));
        ws.send('{not json');
      });
      expect(bad.reply.error.code).toBe('bad-message');
      expect(await rpc(ws, 1, 'servers.spawn', { command: 'sh', args: ['-c', 'touch /tmp/pwned'] })).toMatchObject({ ok: false, error: { code: 'unknown-request' } });
      expect(await rpc(ws, 2, 'servers.connect', { command: 'sh' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      expect(h.core.listServers()).toEqual([]);
      const events: string[] = [];
      ws.on('message', (d) => {
        const m = JSON.parse(d.toString());
        if (m.event) events.push(m.event);
      });
      const cfg = fixtureStdio();
      expect(await rpc(ws, 3, 'servers.add', { id: 'fx', config: cfg })).toMatchObject({ ok: true, value: { id: 'fx' } });
      expect(await rpc(ws, 4, 'servers.connect', { serverId: 'fx' })).toMatchObject({ ok: true, value: { status: 'connected' } });
      expect(events).toEqual(expect.arrayContaining(['server.status', 'catalog.changed']));
      const tools = await rpc(ws, 5, 'tools.list', {});
      expect((tools.value as unknown[]).length).toBe(261);
    } finally {
      ws.close();
    }
  });
});

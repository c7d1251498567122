import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/server';
import { readRequest } from './http-adapter.js';
import { SessionTransport } from './session-transport.js';

/** A 2025 session served by SessionTransport under a real SDK Server, spoken to with raw HTTP. */
let http: HttpServer;
let url: string;
let transport: SessionTransport;
let server: Server;
let release: () => void;
let closedSessions: string[];

beforeEach(async () => {
  closedSessions = [];
  server = new Server({ name: 't', version: '1' }, { capabilities: { tools: { listChanged: true } } });
  server.setRequestHandler('tools/list', async () => ({ tools: [] }));
  server.setRequestHandler('tools/call', async (req, ctx) => {
    const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
    if (req.params.name === 'progress') {
      await ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken: 7, progress: 1, message: 'half' },
      });
      return text('done');
    }
    if (req.params.name === 'wait') await new Promise<void>((r) => (release = r));
    return text(`hi ${req.params.name}`);
  });
  transport = new SessionTransport({ upgradeAfterMs: 150, onsessionclosed: (id) => void closedSessions.push(id) });
  await server.connect(transport);
  http = createServer((req, res) => {
    void readRequest(req).then((body) => transport.handle(req, res, body?.parsed));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
});

afterEach(async () => {
  await server.close().catch(() => {});
  http.closeAllConnections();
  await new Promise((r) => http.close(r));
});

const BOTH = 'application/json, text/event-stream';
const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { accept: BOTH, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const call = (id: number, name: string, meta?: object) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {}, ...(meta && { _meta: meta }) },
});

async function open(): Promise<string> {
  const r = await post({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('application/json');
  const sid = r.headers.get('mcp-session-id');
  expect(sid).toMatch(/^[0-9a-f-]{36}$/);
  expect(((await r.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe('2025-06-18');
  const done = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': sid! });
  expect(done.status).toBe(202);
  return sid!;
}

/** The messages of an event stream, in order. */
function events(text: string): unknown[] {
  return text
    .split('\n\n')
    .filter((e) => e.includes('data: '))
    .map((e) => JSON.parse(e.slice(e.indexOf('data: ') + 6)) as unknown);
}

describe('a 2025 session over SessionTransport', () => {
  it('answers a call that is ready at once as one JSON object, and a batch as an array in order', async () => {
    const sid = await open();
    const r = await post(call(1, 'a'), { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-06-18' });
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.headers.get('mcp-session-id')).toBe(sid);
    expect(await r.json()).toEqual({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'hi a' }] } });
    const batch = await post([call(2, 'b'), call(3, 'c')], { 'mcp-session-id': sid });
    expect(((await batch.json()) as { id: number }[]).map((m) => m.id)).toEqual([2, 3]);
  });

  it('switches to an event stream when the exchange has something to say first (progress), or keeps the agent waiting', async () => {
    const sid = await open();
    const r = await post(call(1, 'progress', { progressToken: 7 }), { 'mcp-session-id': sid });
    expect(r.headers.get('content-type')).toBe('text/event-stream');
    const [note, answer] = events(await r.text()) as [{ method: string; params: { message: string } }, { id: number }];
    expect(note.method).toBe('notifications/progress');
    expect(note.params.message).toBe('half');
    expect(answer.id).toBe(1);

    const waiting = post(call(2, 'wait'), { 'mcp-session-id': sid });
    const slow = await waiting; // headers arrive after upgradeAfterMs, before the answer
    expect(slow.headers.get('content-type')).toBe('text/event-stream');
    release();
    expect(events(await slow.text())).toEqual([
      { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'hi wait' }] } },
    ]);
  });

  it('refuses what the SDK transport refuses, with the same statuses', async () => {
    const sid = await open();
    expect((await post(call(1, 'a'))).status).toBe(400); // no session header
    expect((await post(call(1, 'a'), { 'mcp-session-id': 'not-it' })).status).toBe(404);
    const version = await post(call(1, 'a'), { 'mcp-session-id': sid, 'mcp-protocol-version': '1999-01-01' });
    expect(version.status).toBe(400);
    expect(await version.text()).toMatch(/Unsupported protocol version: 1999-01-01/);
    expect((await post(call(1, 'a'), { 'mcp-session-id': sid, accept: 'application/json' })).status).toBe(406);
    expect((await post(call(1, 'a'), { 'mcp-session-id': sid, 'content-type': 'text/plain' })).status).toBe(415);
    const garbled = await post('{"jsonrpc": "2.0", "id": 1,', { 'mcp-session-id': sid });
    expect([garbled.status, await garbled.text()]).toEqual([400, expect.stringMatching(/-32700/)]);
    expect((await post({ jsonrpc: '2.0', id: 1 }, { 'mcp-session-id': sid })).status).toBe(400); // not a JSON-RPC message
    expect(
      (
        await post(
          Array.from({ length: 101 }, (_, i) => call(i, 'a')),
          { 'mcp-session-id': sid },
        )
      ).status,
    ).toBe(400);
    const again = await post({ jsonrpc: '2.0', id: 9, method: 'initialize', params: {} }, { 'mcp-session-id': sid });
    expect(again.status).toBe(400);
    const put = await fetch(url, { method: 'PUT', headers: { 'mcp-session-id': sid } });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, POST, DELETE']);
  });

  it("carries the session's own notifications on its one GET stream, and ends on DELETE", async () => {
    const sid = await open();
    const ac = new AbortController();
    const stream = await fetch(url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': sid },
      signal: ac.signal,
    });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect((await fetch(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': sid } })).status).toBe(409);
    expect((await fetch(url, { headers: { accept: 'application/json', 'mcp-session-id': sid } })).status).toBe(406);
    await server.sendToolListChanged();
    const reader = stream.body!.getReader();
    const { value } = await reader.read();
    expect(events(new TextDecoder().decode(value))).toEqual([
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
    ]);
    ac.abort();

    const del = await fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': sid } });
    expect(del.status).toBe(200);
    expect(closedSessions).toEqual([sid]);
    expect((await post(call(1, 'a'), { 'mcp-session-id': sid })).status).toBe(404);
  });

  it('a session closed while a call waits answers that call with an error, not silence', async () => {
    const sid = await open();
    const waiting = post(call(5, 'wait'), { 'mcp-session-id': sid });
    await new Promise((r) => setTimeout(r, 20));
    await server.close();
    const r = await waiting;
    expect(await r.json()).toEqual({
      jsonrpc: '2.0',
      id: 5,
      error: { code: -32000, message: 'MCP Console closed this session' },
    });
  });
});

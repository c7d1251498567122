import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { MAX_TRACE_BYTES, MAX_TRACE_ENTRIES, TraceLog } from './trace-log.js';
import { httpOf, keep, MAX_KEPT_MESSAGE_BYTES, WireTap, type TraceRecord } from './tracer.js';
import { noteWireText, takeWireText, WIRE_TEXT_MIN } from './wire-text.js';

describe('the protocol trace', () => {
  it('pairs a response with its request: method, name, time taken', () => {
    const seen: TraceRecord[] = [];
    const tap = new WireTap((r) => seen.push(r));
    tap.out({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: {} } });
    tap.in({ jsonrpc: '2.0', id: 7, result: { content: [] } });
    expect(seen[1]).toMatchObject({ dir: 'in', kind: 'response', id: 7, method: 'tools/call', name: 'echo' });
    expect(seen[1]?.ms).toBeGreaterThanOrEqual(0);
    expect(seen[1]?.group).toBeUndefined();
  });

  it('labels the console answers to a server request as responses (errors only when they are), with the method', () => {
    const seen: TraceRecord[] = [];
    const tap = new WireTap((r) => seen.push(r));
    tap.in({
      jsonrpc: '2.0',
      id: 'e1',
      method: 'elicitation/create',
      params: { mode: 'form', message: 'm', requestedSchema: { type: 'object' } },
    });
    tap.out({ jsonrpc: '2.0', id: 'e1', result: { action: 'accept', content: {} } });
    tap.in({ jsonrpc: '2.0', id: 's1', method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } });
    tap.out({ jsonrpc: '2.0', id: 's1', error: { code: -1, message: 'declined' } });
    expect(seen.map((r) => [r.dir, r.kind, r.id, r.method])).toEqual([
      ['in', 'request', 'e1', 'elicitation/create'],
      ['out', 'response', 'e1', 'elicitation/create'],
      ['in', 'request', 's1', 'sampling/createMessage'],
      ['out', 'error', 's1', 'sampling/createMessage'],
    ]);
  });

  it('groups the legs of a multi round-trip request (a retry with inputResponses joins its exchange)', () => {
    const seen: TraceRecord[] = [];
    const tap = new WireTap((r) => seen.push(r));
    tap.out({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'deploy', arguments: {} } });
    tap.in({ jsonrpc: '2.0', id: 1, result: { resultType: 'input_required', inputRequests: {}, requestState: 's' } });
    tap.out({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'other', arguments: {} } });
    tap.out({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'deploy', arguments: {}, inputResponses: {}, requestState: 's' },
    });
    tap.in({ jsonrpc: '2.0', id: 3, result: { resultType: 'complete', content: [] } });
    expect(seen.map((r) => [r.id, r.group, r.round])).toEqual([
      [1, undefined, undefined],
      [1, 1, 1],
      [2, undefined, undefined],
      [3, 1, 2],
      [3, 1, 2],
    ]);
  });

  it('keeps a large message as a preview with its size, never whole', () => {
    const seen: TraceRecord[] = [];
    new WireTap((r) => seen.push(r)).in({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { data: 'x'.repeat(MAX_KEPT_MESSAGE_BYTES + 10) },
    });
    expect(seen[0]?.message).toBeUndefined();
    expect(seen[0]?.bytes).toBeGreaterThan(MAX_KEPT_MESSAGE_BYTES);
    expect(seen[0]?.preview?.length).toBeLessThan(2100);
  });

  it('is bounded per server in entries and in bytes, and counts what it let go', () => {
    const log = new TraceLog();
    for (let i = 0; i < MAX_TRACE_ENTRIES + 50; i++)
      log.record('a', { dir: 'out', kind: 'notification', method: 'x', bytes: 10, message: {} });
    // Trimmed in batches: never more than a tenth past the limit, and what went is counted.
    for (let i = 0; i < MAX_TRACE_ENTRIES; i++)
      log.record('a', { dir: 'out', kind: 'notification', method: 'x', bytes: 10, message: {} });
    const { entries, dropped } = log.list('a');
    expect(entries.length).toBeGreaterThanOrEqual(MAX_TRACE_ENTRIES);
    expect(entries.length).toBeLessThanOrEqual(MAX_TRACE_ENTRIES * 1.1);
    expect(dropped + entries.length).toBe(2 * MAX_TRACE_ENTRIES + 50);
    const big = 200 * 1024;
    for (let i = 0; i < 100; i++) log.record('b', { dir: 'in', kind: 'response', bytes: big, message: {} });
    const kept = log.list('b').entries.length;
    expect(kept * big).toBeLessThanOrEqual(MAX_TRACE_BYTES);
    expect(log.list('b').dropped).toBe(100 - kept);
    expect(log.list('a', { since: log.list('a').entries.at(-2)!.seq }).entries).toHaveLength(1);
    expect(log.list('a', { method: 'nope' }).entries).toHaveLength(0);
  });

  it('lists rows without their messages when asked (brief), gives one entry whole by seq, and exports every entry as JSONL', () => {
    const log = new TraceLog();
    for (let i = 0; i < 30; i++)
      log.record('a', {
        dir: 'in',
        kind: 'response',
        id: i,
        method: 'tools/list',
        bytes: 20,
        message: { result: { i } },
      });
    log.record('a', {
      dir: 'in',
      kind: 'notification',
      method: 'notifications/message',
      bytes: 300_000,
      preview: '{"big"',
    });
    log.record('b', { dir: 'out', kind: 'request', id: 1, method: 'ping', bytes: 10, message: { id: 1 } });
    const rows = log.list('a', { brief: true, limit: 10 }).entries;
    expect(rows).toHaveLength(10);
    expect(rows.every((e) => e.message === undefined && e.preview === undefined)).toBe(true);
    expect(rows.map((e) => e.bytes)).toEqual([...Array(9).fill(20), 300_000]);
    // The kept entries are not changed by a brief list.
    expect(log.list('a').entries[0]?.message).toEqual({ result: { i: 0 } });
    const whole = log.list('a').entries;
    for (const e of whole) expect(log.get('a', e.seq)).toBe(e);
    expect(log.get('a', whole.at(-1)!.seq)?.preview).toBe('{"big"');
    expect(log.get('a', log.list('b').entries[0]!.seq)).toBeUndefined();
    expect(log.get('a', 10_000)).toBeUndefined();
    const file = log.jsonl('a');
    expect(file.entries).toBe(31);
    expect(
      file.jsonl
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual(whole);
    expect(log.jsonl('nobody')).toEqual({ jsonl: '', entries: 0 });
  });

  it('records the MCP headers of an HTTP exchange, never credentials, and the URL without its query', () => {
    const h = httpOf(
      'https://mcp.example/mcp?api_key=secret',
      {
        method: 'POST',
        headers: {
          Authorization: 'Bearer secret',
          Cookie: 'a=b',
          'Mcp-Method': 'tools/call',
          'Mcp-Param-Region': 'eu',
          'X-Api-Key': 'k',
        },
      },
      new Response(null, { status: 202, headers: { 'Set-Cookie': 'x=y', 'Mcp-Session-Id': 's1' } }),
      3.21,
    );
    expect(h).toEqual({
      method: 'POST',
      url: 'https://mcp.example/mcp',
      status: 202,
      headers: { 'mcp-method': 'tools/call', 'mcp-param-region': 'eu' },
      responseHeaders: { 'mcp-session-id': 's1' },
      ms: 3.2,
    });
    expect(JSON.stringify(h)).not.toMatch(/secret|Bearer|a=b|x=y/);
  });
  it('holds a large message as the text it arrived as, counted by its length, and gives it back parsed', () => {
    const log = new TraceLog();
    const message = { jsonrpc: '2.0', id: 3, result: { tools: [{ name: 'a', inputSchema: { type: 'object' } }] } };
    const text = JSON.stringify(message);
    log.record('a', { dir: 'in', kind: 'response', id: 3, bytes: text.length, text });
    const [row] = log.list('a', { brief: true }).entries;
    expect(row).not.toHaveProperty('text');
    expect(row).not.toHaveProperty('message');
    expect(log.get('a', row!.seq)).toMatchObject({ seq: row!.seq, message });
    expect(log.get('a', row!.seq)).not.toHaveProperty('text');
    expect(log.list('a').entries[0]?.message).toEqual(message);
    expect(JSON.parse(log.jsonl('a').jsonl)).toMatchObject({ message });
    const followed: unknown[] = [];
    log.subscribe((e) => followed.push(e.message));
    log.record('a', { dir: 'in', kind: 'response', id: 4, bytes: text.length, text });
    expect(followed).toEqual([message]);
  });
  it('counts a message held as text by its packed size toward the bytes a server holds', () => {
    const log = new TraceLog();
    // Text that does not pack (random): six of a quarter of the bound each do not all fit.
    const noise = Array.from({ length: 6 }, () => randomBytes((MAX_TRACE_BYTES / 4) * 0.75).toString('base64'));
    for (const [i, t] of noise.entries())
      log.record('a', {
        dir: 'in',
        kind: 'notification',
        method: `m${i}`,
        bytes: t.length + 2,
        text: JSON.stringify(t),
      });
    const kept = log.list('a').entries;
    expect(kept.length).toBeLessThan(6);
    expect(kept.length).toBeGreaterThan(1);
    // The newest are kept, whole.
    expect(kept.map((e) => e.message)).toEqual(noise.slice(-kept.length));
    expect(log.list('a', { brief: true }).dropped).toBe(6 - kept.length);
    // Text that packs well (a list of tools is such text): twice the bound in the text's own bytes, all kept.
    const page = JSON.stringify({
      tools: Array.from({ length: 4000 }, (_, i) => ({
        name: `tool_${i}`,
        description: `Tool ${i} of a long list.`,
        inputSchema: { type: 'object' },
      })),
    });
    const n = Math.ceil((2 * MAX_TRACE_BYTES) / page.length);
    for (let i = 0; i < n; i++) log.record('b', { dir: 'in', kind: 'response', id: i, bytes: page.length, text: page });
    const pages = log.list('b').entries;
    expect(pages).toHaveLength(n);
    expect(pages[n - 1]?.message).toEqual(JSON.parse(page));
  });
  it('takes the text of a message from its transport once, so the text does not live as long as the message', () => {
    const line = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { data: 'y'.repeat(WIRE_TEXT_MIN) } });
    const m = JSON.parse(line) as Parameters<typeof keep>[0];
    noteWireText(m, line);
    expect(keep(m)).toEqual({ bytes: line.length, text: line });
    expect(takeWireText(m)).toBeUndefined();
    // Seen again without its text, it is kept as the object it is.
    expect(keep(m)).toMatchObject({ message: m });
  });
  it('keeps only the preview of a line too large to keep, not the line', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept = (() => {
      const line = JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { data: 'x'.repeat(40 * 1024 * 1024) },
      });
      const m = JSON.parse(line) as Parameters<typeof keep>[0];
      noteWireText(m, line);
      return keep(m);
    })();
    gc();
    expect(kept.preview).toHaveLength(2001);
    expect(kept.bytes).toBeGreaterThan(40 * 1024 * 1024);
    // A slice of the line would be a view into it, holding its 40 MB for as long as the trace holds the entry.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(8 * 1024 * 1024);
  });
});

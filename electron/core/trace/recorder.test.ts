import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REDACTED, RecordingLine } from '../../../shared/schemas/recording.js';
import type { TraceEntry } from '../../../shared/schemas/trace.js';
import { EventBus } from '../support/index.js';
import { Recorder } from './recorder.js';
import { RecordingDesk } from './recording-desk.js';
import { TraceLog, WHOLE_MAX } from './trace-log.js';
import { keep, MAX_KEPT_MESSAGE_BYTES, WireTap } from './tracer.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-rec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const read = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => RecordingLine.parse(JSON.parse(l)));

let seq = 0;
const entry = (over: Partial<TraceEntry> = {}): TraceEntry => ({
  seq: ++seq,
  at: new Date().toISOString(),
  serverId: 'fx',
  dir: 'out',
  kind: 'request',
  id: seq,
  method: 'tools/call',
  bytes: 10,
  message: {
    jsonrpc: '2.0',
    id: seq,
    method: 'tools/call',
    params: { name: 'echo', arguments: { token: 'abc123456' } },
  },
  ...over,
});

describe('a recording being written', () => {
  it('writes its lines as they come, secrets out and marked, and ends with the servers it saw', async () => {
    const file = join(dir, 'a.jsonl');
    const r = await Recorder.open({ file, by: 'test', servers: (id) => id !== 'other' });
    r.message(entry());
    r.message(entry({ serverId: 'other' }));
    r.message(entry({ dir: 'in', kind: 'response', message: undefined, preview: '{"jsonrpc":"2.0",' }));
    r.event('call.updated', {
      id: 'c1',
      serverId: 'fx',
      tool: 'echo',
      requestedBy: { kind: 'cli' },
      argsHash: 'h',
      state: 'running',
      decidedBy: 'user',
    });
    r.event('call.updated', {
      id: 'c1',
      serverId: 'fx',
      tool: 'echo',
      requestedBy: { kind: 'cli' },
      argsHash: 'h',
      state: 'running',
      decidedBy: 'user',
    });
    r.event('call.updated', {
      id: 'c2',
      serverId: 'other',
      tool: 'echo',
      requestedBy: { kind: 'cli' },
      argsHash: 'h',
      state: 'running',
    });
    const s = await r.end('ended', [
      {
        id: 'fx',
        config: { type: 'stdio', command: '/usr/bin/node', args: ['--key', 'secret'], env: { K: 'v' } },
        era: 'modern',
        transport: 'stdio',
      } as never,
      { id: 'unseen', config: { type: 'http', url: 'https://x.test/mcp?key=1', headers: {} } } as never,
    ]);
    expect(s).toMatchObject({ messages: 2, calls: 1, dropped: 0, reason: 'ended' });
    const lines = read(file);
    expect(lines.map((l) => l.type)).toEqual(['recording', 'message', 'message', 'call', 'server', 'end']);
    expect(lines[1]).toMatchObject({ redacted: ['/params/arguments/token'] });
    expect(JSON.stringify(lines[1])).toContain(REDACTED);
    expect(readFileSync(file, 'utf8')).not.toContain('abc123456');
    expect(lines[2]).toMatchObject({ truncated: '{"jsonrpc":"2.0",' });
    // The server's program by its name only: no arguments, no environment.
    expect(lines[4]).toEqual({
      type: 'server',
      t: expect.any(Number),
      serverId: 'fx',
      transport: 'stdio',
      command: 'node',
      era: 'modern',
    });
  });

  it('refuses a file it cannot make, saying which', async () => {
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    const as = process.getuid?.() === 0 ? join(dir, 'no-such-dir', 'x.jsonl') : join(locked, 'x.jsonl');
    await expect(Recorder.open({ file: as, by: 'test' })).rejects.toThrow(/cannot record to .*x\.jsonl/);
  });

  it('ends by itself at its size limit, and says so', async () => {
    const file = join(dir, 'limit.jsonl');
    const ended: string[] = [];
    const r = await Recorder.open({ file, by: 'test', maxBytes: 2000, onEnded: (s) => ended.push(s.reason) });
    for (let i = 0; i < 50; i++) r.message(entry());
    expect(ended).toEqual(['size limit']);
    expect(r.summary.reason).toBe('size limit');
    await r.end('ended');
    const lines = read(file);
    expect(lines.at(-1)).toMatchObject({ type: 'end', reason: 'size limit' });
    expect(lines.filter((l) => l.type === 'message').length).toBeLessThan(50);
  });

  it('drops lines the disk has not taken past its queue, counts them, and says where in a gap line', async () => {
    const file = join(dir, 'gap.jsonl');
    const r = await Recorder.open({ file, by: 'test' });
    const big = 'x'.repeat(1024 * 1024);
    // Written in one turn of the loop: nothing reaches the disk meanwhile, so the queue fills at 16 MB.
    for (let i = 0; i < 40; i++) r.message(entry({ dir: 'in', kind: 'response', message: { result: big } }));
    const dropped = r.summary.dropped;
    expect(dropped).toBeGreaterThan(15);
    // Until the stream has taken what was queued (not a fixed wait: a busy machine writes 16 MB slower than an idle
    // one; not the file's size either: the bytes reach the disk before the stream's callbacks count them as taken).
    while (r.queued > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(statSync(file).size).toBe(r.summary.bytes);
    r.message(entry());
    const s = await r.end('ended');
    expect(s.dropped).toBe(dropped);
    const lines = read(file);
    expect(lines.find((l) => l.type === 'gap')).toMatchObject({ dropped });
    expect(lines.at(-1)).toMatchObject({ type: 'end', dropped });
  });
});

describe('the trace hands a recording what it keeps only a preview of', () => {
  it('gives its followers a large message whole, never holding it', () => {
    const log = new TraceLog();
    const got: Array<[TraceEntry, unknown]> = [];
    log.subscribe((e, whole) => got.push([e, whole]), { whole: true });
    const previews: unknown[] = [];
    log.subscribe((_e, whole) => previews.push(whole));
    const tap = new WireTap((rec) => log.record('fx', rec));
    const large = { jsonrpc: '2.0' as const, id: 1, result: { text: 'y'.repeat(MAX_KEPT_MESSAGE_BYTES + 10) } };
    tap.out({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'big' } });
    tap.in(large);
    expect(got[1]![0].preview).toBeDefined();
    expect(got[1]![1]).toBe(large);
    // A follower that did not ask for whole messages gets the preview only.
    expect(previews).toEqual([undefined, undefined]);
    // The list keeps the preview only.
    expect(log.list('fx').entries[1]).not.toHaveProperty('whole');
    expect(keep({ jsonrpc: '2.0', id: 2, result: {} })).not.toHaveProperty('whole');
    expect(WHOLE_MAX).toBeGreaterThan(MAX_KEPT_MESSAGE_BYTES);
  });
});

describe("the console's own recording", () => {
  it('starts into the data directory, one at a time, announces each change, and ends when stopped', async () => {
    const trace = new TraceLog();
    const bus = new EventBus();
    const told: unknown[] = [];
    bus.on((name, payload) => name === 'trace.recording' && told.push(payload));
    const desk = new RecordingDesk({ dataDir: dir, trace, bus, servers: () => [] });
    const started = await desk.start({ by: 'page' });
    expect(started).toMatchObject({ recording: true, by: 'page', messages: 0 });
    expect(started.file).toMatch(/recordings\/recording-.*\.jsonl$/);
    await expect(desk.start({ by: 'page' })).rejects.toThrow(/already being written/);
    trace.record('fx', {
      dir: 'out',
      kind: 'notification',
      method: 'notifications/initialized',
      bytes: 5,
      message: {},
    });
    expect(desk.state().messages).toBe(1);
    const stopped = await desk.stop();
    expect(stopped).toMatchObject({ recording: false, messages: 1, reason: 'stopped', file: started.file });
    expect(told).toHaveLength(2);
    expect(read(started.file!).map((l) => l.type)).toEqual(['recording', 'message', 'end']);
  });
});

describe('every server at once (the live timeline)', () => {
  it('gives the entries of every server after a seq, in order, without their messages, the last few', () => {
    const log = new TraceLog();
    for (let i = 0; i < 6; i++)
      log.record(i % 2 ? 'b' : 'a', { dir: 'out', kind: 'notification', method: `m${i}`, bytes: 2, message: { i } });
    const page = log.since(2, 10);
    expect(page.entries.map((e) => [e.seq, e.serverId])).toEqual([
      [3, 'a'],
      [4, 'b'],
      [5, 'a'],
      [6, 'b'],
    ]);
    expect(page.entries.every((e) => e.message === undefined)).toBe(true);
    expect(log.since(0, 2).entries.map((e) => e.seq)).toEqual([5, 6]);
    expect(log.since(6, 10).entries).toEqual([]);
  });
});

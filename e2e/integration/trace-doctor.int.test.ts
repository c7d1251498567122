import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { TraceEntry } from '../../shared/schemas/trace.js';
import { approveCall, bothEras, nextEvent, type Harness } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

describe('protocol trace, ping and the connection doctor', () => {
  let h: Harness;
  let modern: { url: string };
  let close: () => Promise<void>;
  beforeAll(async () => ({ h, modern, close } = await bothEras()));
  afterAll(() => close());

  it('2025 era over stdio: the trace has the probe, the handshake and the listing, each response paired with its request', async () => {
    await h.core.connect('everything');
    const { entries } = partsOf(h.core).trace.list('everything');
    const init = entries.find((e) => e.dir === 'in' && e.method === 'initialize');
    expect(init).toMatchObject({ kind: 'response', message: { result: { protocolVersion: '2025-11-25' } } });
    expect(init?.ms).toBeGreaterThanOrEqual(0);
    expect(entries.find((e) => e.dir === 'out' && e.method === 'server/discover')).toBeDefined();
    expect(entries.find((e) => e.dir === 'out' && e.method === 'notifications/initialized')?.kind).toBe('notification');
    expect(entries.find((e) => e.dir === 'in' && e.method === 'tools/list')?.kind).toBe('response');
    for (const e of entries) expect(TraceEntry.safeParse(e).success).toBe(true);
  });

  it('2026-07-28 over HTTP: the MCP headers of each POST, and a multi round-trip call grouped by rounds', async () => {
    await h.core.connect('modern');
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.serverId === 'modern');
    const { record: rec } = await approveCall(h, 'modern', 'deploy', { env: 'qa' });
    partsOf(h.core).elicitations.answer(
      { id: (await question).id, action: 'accept', content: { confirm: true } },
      CONSOLE_USER,
    );
    await h.core.waitCall(rec.id);
    const calls = partsOf(h.core).trace.list('modern', { method: 'tools/call' }).entries;
    const legs = calls.filter((e) => e.dir === 'out' && e.kind === 'request');
    expect(legs.map((e) => e.round)).toEqual([undefined, 2]);
    const responses = calls.filter((e) => e.kind === 'response');
    expect(
      responses.map((e) => [e.round, (e.message as { result: { resultType: string } }).result.resultType]),
    ).toEqual([
      [1, 'input_required'],
      [2, 'complete'],
    ]);
    expect(new Set(responses.map((e) => e.group))).toEqual(new Set([legs[0]?.id]));
    const post = calls.find((e) => e.kind === 'http');
    expect(post?.http).toMatchObject({
      method: 'POST',
      status: 200,
      headers: { 'mcp-method': 'tools/call', 'mcp-name': 'deploy', 'mcp-protocol-version': '2026-07-28' },
    });
    expect(post?.http?.url).toBe(`${modern.url}/mcp`);
  });

  it('ping is a ping in the 2025 era and server/discover in 2026-07-28; the doctor reports both healthy', async () => {
    expect(await partsOf(h.core).connections.ping('everything')).toMatchObject({ method: 'ping' });
    expect(await partsOf(h.core).connections.ping('modern')).toMatchObject({ method: 'server/discover' });
    const report = await partsOf(h.core).connections.doctor('modern');
    expect(report).toMatchObject({
      status: 'connected',
      transport: 'http',
      era: 'modern',
      protocolVersion: '2026-07-28',
      advice: ['nothing: the server is connected and answers'],
    });
    expect(report.latency?.ms).toBeGreaterThanOrEqual(0);
  });

  it('the command line: trace streams JSONL, ping measures, doctor says what to try when nothing listens (exit 2)', () => {
    const config = join(h.dataDir, 'cli.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          m: { type: 'http', url: `${modern.url}/mcp` },
          gone: { type: 'http', url: 'http://127.0.0.1:1/mcp' },
        },
      }),
    );
    const cli = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [resolve('bin/mcp-console.js'), ...args, '--config', config, '--data-dir', join(h.dataDir, 'cli')],
        { encoding: 'utf8' },
      );
    const trace = cli('trace', 'm', '--seconds', '0.3');
    expect(trace.status).toBe(0);
    const lines = trace.stdout
      .trim()
      .split('\n')
      .map((l) => TraceEntry.parse(JSON.parse(l)));
    expect(lines.map((e) => e.method)).toEqual(expect.arrayContaining(['server/discover', 'tools/list']));
    expect(cli('ping', 'm').stdout).toMatch(/^server\/discover: [\d.]+ ms/);
    const healthy = cli('doctor', 'm', '--json');
    expect(healthy.status).toBe(0);
    expect(JSON.parse(healthy.stdout)).toMatchObject({ era: 'modern', auth: 'no credentials are sent' });
    const gone = cli('doctor', 'gone');
    expect(gone.status).toBe(2);
    expect(gone.stdout).toMatch(/status: +error/);
    expect(gone.stdout).toMatch(/try:\n {2}- /);
  });
});

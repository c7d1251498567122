import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE, MODERN, startHttp, tempDir } from '../../../e2e/harness/harness.js';
import { startServe, type ServeProcess } from '../../../e2e/tools/serve-process.js';
import { lineSplitter } from '../../core/index.js';

/*
 * The command line beside a running console (issue "a person's day, round two", item 1): with `serve` running on the
 * data directory, `call`, `test`, `review`, `tools` and `trace` do their work through it — one audit log, one writer,
 * the calls in its History and queue — and what a command may do there is only what it asked for.
 */

const BIN = resolve('bin/mcp-console.js');
const dir = tempDir();
const data = join(dir, 'data');
const config = join(dir, 'mcp.json');
let serve: ServeProcess;
/** Every command started, so that one a failed test left running is ended with the file. */
const started = new Set<ChildProcess>();

beforeAll(async () => {
  serve = await startServe({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } }, dir, [], {
    connectAtStart: true,
  });
}, 60_000);
afterAll(async () => {
  for (const child of started) child.kill('SIGKILL');
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Ran {
  code: number | null;
  out: string;
  err: string;
}

/** The real command line, with no terminal, on the console's data directory; `child` to interrupt it. */
function cli(...args: string[]): { child: ChildProcess; done: Promise<Ran>; err: () => string } {
  const child = spawn(process.execPath, [BIN, ...args, '--data-dir', data], { stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const done = new Promise<Ran>((r) =>
    child.on('close', (code) => {
      started.delete(child);
      r({ code, out, err });
    }),
  );
  return { child, done, err: () => err };
}
const run = (...args: string[]) => cli(...args).done;

const audit = () =>
  readFileSync(join(data, 'audit.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

async function until<T>(what: string, get: () => T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = get();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the command line beside a running console', () => {
  it('calls through the console: one audit log, written by the console alone, and intact', async () => {
    const before = audit().length;
    const r = await run('call', 'fx', 'echo', '--args', '{"text":"beside"}', '--config', config, '--yes');
    expect(r.err).toMatch(/through MCP Console \(process \d+\)/);
    expect(r.err).not.toContain('is writing the audit log');
    expect(r.code).toBe(0);
    expect(r.out).toContain('beside');
    const pid = Number(/process (\d+)/.exec(r.err)![1]);
    expect(pid).toBe(serve.child.pid);
    // The console wrote the call's entries, in order, in its own chain: requested, approved by --yes, completed.
    const mine = audit()
      .slice(before)
      .filter((e) => e.tool === 'echo');
    expect(mine.map((e) => e.kind)).toEqual(['call-requested', 'approved', 'completed']);
    expect(mine.every((e) => (e.requestedBy as { kind: string }).kind === 'cli')).toBe(true);
    expect(mine[1]!.decidedBy).toBe('cli-flag');
    expect(readFileSync(join(data, 'audit.jsonl.lock'), 'utf8')).toMatch(new RegExp(`^${pid}\\b`));
    const v = await run('audit', 'verify');
    expect(v.code, v.err).toBe(0);
  });

  it('leaves a call without --yes in the console queue, and withdraws it when the command is interrupted', async () => {
    const c = cli('call', 'fx', 'echo', '--args', '{"text":"waits"}', '--config', config);
    await until('the command waits', () => c.err().includes('Waiting for a decision in MCP Console'));
    const waiting = audit().findLast((e) => e.kind === 'call-requested');
    expect(waiting).toMatchObject({ tool: 'echo', requestedBy: { kind: 'cli' } });
    c.child.kill('SIGINT');
    const ended = await until('the call is withdrawn', () =>
      audit().find((e) => e.callId === waiting!.callId && e.kind !== 'call-requested'),
    );
    expect(ended.kind).toBe('failed');
    expect(ended.decidedBy).toBe('system');
    expect(String(ended.reason)).toMatch(/withdrawn: the command that asked for it ended/);
    await c.done;
  });

  it('runs a collection through the console, and reviews its servers there', async () => {
    const file = join(dir, 'echo.collection.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'Echo beside',
        steps: [
          { id: 'say', call: { server: 'fx', tool: 'echo', arguments: { text: 'run' } }, expect: { outcome: 'ok' } },
          // A variable of the command's environment (the console, started before it was set, has none).
          {
            id: 'env',
            call: { server: 'fx', tool: 'echo', arguments: { text: '{{env.BESIDE_WORD}}' } },
            expect: { outcome: 'ok', assert: [{ path: '/content/0/text', matches: 'from-the-command' }] },
          },
        ],
      }),
    );
    process.env.BESIDE_WORD = 'from-the-command';
    const t = await run('test', file, '--config', config, '--yes');
    expect(t.err).toMatch(/through MCP Console/);
    expect(t.code, t.err).toBe(0);
    expect(t.out + t.err).toContain('2 passed, 0 failed');
    const runs = audit().filter((e) => String(e.kind).startsWith('collection-run'));
    expect(runs.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['collection-run-requested', 'collection-run-decided']),
    );

    const r = await run('review', '--config', config, '--format', 'json');
    expect(r.err).toMatch(/through MCP Console/);
    expect([0, 1]).toContain(r.code);
    const report = JSON.parse(r.out) as { servers: { id: string; status: string; tools: number }[] };
    expect(report.servers).toEqual([expect.objectContaining({ id: 'fx', status: 'reviewed', tools: 261 })]);
    expect(audit().at(-1)!.kind).toBe('reviewed');
  }, 90_000);

  it('follows the console trace of one server, and lists its tools from the console', async () => {
    const trace = cli('trace', 'fx', '--config', config, '--seconds', '6');
    await until('the trace follows', () => trace.err().includes('through MCP Console'));
    const tools = await run('tools', 'fx', '--config', config, '--json');
    expect(tools.code).toBe(0);
    expect((JSON.parse(tools.out) as unknown[]).length).toBe(261);
    await run('call', 'fx', 'echo', '--args', '{"text":"traced"}', '--config', config, '--yes');
    const t = await trace.done;
    const entries = t.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { serverId: string; method?: string; name?: string });
    expect(entries.every((e) => e.serverId === 'fx')).toBe(true);
    expect(entries.some((e) => e.method === 'tools/call' && e.name === 'echo')).toBe(true);
  }, 30_000);

  it('records, with --record, what the console hands the command of its own servers and its calls', async () => {
    const file = join(dir, 'through.jsonl');
    const r = await run(
      'call',
      'fx',
      'echo',
      '--args',
      '{"text":"recorded","password":"hunter2-hunter2"}',
      '--config',
      config,
      '--yes',
      '--record',
      file,
    );
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/through MCP Console/);
    expect(r.err).toMatch(/recorded \d+ messages and 3 call states to /);
    const text = readFileSync(file, 'utf8');
    const lines = text
      .trim()
      .split('\n')
      .map(
        (l) => JSON.parse(l) as { type: string; serverId?: string; name?: string; state?: string; decidedBy?: string },
      );
    expect(lines[0]).toMatchObject({ type: 'recording', by: 'call' });
    expect(lines.filter((l) => l.type === 'message').every((l) => l.serverId === 'fx')).toBe(true);
    expect(lines.some((l) => l.type === 'message' && l.name === 'echo')).toBe(true);
    expect(lines.filter((l) => l.type === 'call').map((l) => [l.state, l.decidedBy])).toEqual([
      ['awaiting-approval', undefined],
      ['running', 'cli-flag'],
      ['done', 'cli-flag'],
    ]);
    expect(lines.find((l) => l.type === 'server')).toMatchObject({ serverId: 'fx', transport: 'stdio' });
    expect(lines.at(-1)).toMatchObject({ type: 'end', reason: 'ended' });
    expect(text).not.toContain('hunter2-hunter2');
  }, 30_000);

  it("adds a config's new server to the console, and refuses one that would replace the console's", async () => {
    const other = join(dir, 'other.json');
    writeFileSync(other, JSON.stringify({ mcpServers: { fx2: { command: process.execPath, args: [FIXTURE] } } }));
    const added = await run('call', 'fx2', 'echo', '--args', '{"text":"new"}', '--config', other, '--yes');
    expect(added.code, added.err).toBe(0);
    expect(added.err).toContain('added to the console for its run: fx2');
    const clash = join(dir, 'clash.json');
    writeFileSync(clash, JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE, '--x'] } } }));
    const refused = await run('call', 'fx', 'echo', '--args', '{"text":"no"}', '--config', clash, '--yes');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('the console already has a server "fx" that runs something else');
  }, 30_000);
});

describe("a server's question during a command's call, through the console", () => {
  it("is the command's to answer with --elicit, and otherwise waits for the person in the console", async () => {
    const modern = await startHttp(MODERN, ['--port', '0']);
    try {
      const cfg = join(dir, 'modern.json');
      writeFileSync(cfg, JSON.stringify({ mcpServers: { m: { type: 'http', url: `${modern.url}/mcp` } } }));
      const deploy = (...more: string[]) => [
        'call',
        'm',
        'deploy',
        '--args',
        '{"env":"qa"}',
        '--config',
        cfg,
        '--yes',
        ...more,
      ];
      const answered = await run(...deploy('--elicit', '{"confirm":true,"note":"from the flag"}'));
      expect(answered.err).toMatch(/through MCP Console/);
      expect(answered.out).toContain('deployed to qa (from the flag)');
      expect(answered.code).toBe(0);
      // No --elicit and no terminal: the question is left to the person in the console, not cancelled here.
      const waits = cli(...deploy());
      await until('the command leaves the question to the console', () =>
        waits.err().includes('No terminal to ask and no --elicit: answer it in MCP Console'),
      );
      expect(waits.err()).not.toContain('the question is cancelled');
      waits.child.kill('SIGINT');
      await waits.done;
    } finally {
      // Waited for: a server still exiting at the file's end would be a leak, and a flaky one.
      const gone = modern.child.exitCode === null ? new Promise((r) => modern.child.once('exit', r)) : null;
      modern.stop();
      await gone;
    }
  }, 60_000);
});

describe("the console's end of the command line's channel", () => {
  /** Opens the channel as a command does and trades one request per line. */
  async function channel() {
    const { socket: path } = JSON.parse(readFileSync(join(data, 'run', 'gateway.json'), 'utf8')) as { socket: string };
    const s = connect(path);
    const lines: Record<string, unknown>[] = [];
    const waiters: (() => void)[] = [];
    s.on(
      'data',
      lineSplitter((l) => {
        lines.push(JSON.parse(l) as Record<string, unknown>);
        for (const w of waiters.splice(0)) w();
      }),
    );
    s.write('{"commandLine":1}\n');
    const next = async (pred: (m: Record<string, unknown>) => boolean) => {
      for (;;) {
        const i = lines.findIndex(pred);
        if (i >= 0) return lines.splice(i, 1)[0]!;
        await new Promise<void>((r) => waiters.push(r));
      }
    };
    expect(await next((m) => m.ok === true && m.id === undefined)).toEqual({ ok: true });
    let id = 0;
    const ask = async (op: string, params: object = {}) => {
      const mine = ++id;
      s.write(JSON.stringify({ id: mine, op, ...params }) + '\n');
      return next((m) => m.id === mine);
    };
    return { ask, next, raw: (line: string) => s.write(line), close: () => s.destroy() };
  }

  it('answers only what a command may ask, and only about what it asked for', async () => {
    const ch = await channel();
    try {
      const add = await ch.ask('ask', { name: 'servers.add', input: { id: 'x', config: {} } });
      expect(add).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
      const settings = await ch.ask('ask', { name: 'settings.update', input: {} });
      expect(settings).toMatchObject({ ok: false, error: { code: 'not-allowed' } });
      const wait = await ch.ask('ask', { name: 'calls.wait', input: { callId: 'someone-elses' } });
      expect(wait).toMatchObject({ ok: false, error: { code: 'not-yours' } });
      const decide = await ch.ask('decide', {
        input: { approvalId: 'a', decision: 'approve', argsHash: 'h', scope: 'once' },
        by: 'cli-flag',
      });
      expect(decide).toMatchObject({ ok: false, error: { code: 'not-yours' } });
      const bad = await ch.ask('runWait', { runId: 42 });
      expect(bad).toMatchObject({ ok: false, error: { code: 'bad-request' } });
      const unknown = await ch.ask('shell', {});
      expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown-op' } });
      // Lines that are JSON but no request (null, a number, a list) or no JSON at all: each refused, the console on.
      for (const line of ['null', '42', '[1]', '{"op":']) {
        ch.raw(line + '\n');
        expect(await ch.next((m) => m.id === undefined && m.ok === false)).toMatchObject({
          error: { code: 'bad-line' },
        });
      }
      expect(await ch.ask('ask', { name: 'servers.list', input: {} })).toMatchObject({ ok: true });
      // Its own call it may request, find pending, and decide.
      const req = await ch.ask('ask', {
        name: 'calls.request',
        input: { serverId: 'fx', tool: 'echo', args: { text: 'own' } },
      });
      const record = req.value as { id: string; approvalId?: string };
      const pending = (await ch.ask('ask', { name: 'approvals.pending', input: {} })).value as {
        id: string;
        callId: string;
        argsHash: string;
      }[];
      expect(pending.map((a) => a.callId)).toEqual([record.id]);
      const ok = await ch.ask('decide', {
        input: { approvalId: pending[0]!.id, decision: 'deny', argsHash: pending[0]!.argsHash, scope: 'once' },
        by: 'user',
      });
      expect(ok).toMatchObject({ ok: true });
      const done = await ch.ask('ask', { name: 'calls.wait', input: { callId: record.id } });
      expect(done).toMatchObject({ ok: true, value: { outcome: 'denied' } });
    } finally {
      ch.close();
    }
  });
});

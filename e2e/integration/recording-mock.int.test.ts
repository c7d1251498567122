import { spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING, FIXTURE, freePort, startHttp, tempDir } from '../harness/harness.js';
import { startServe } from '../tools/serve-process.js';
import { GREET_COLLECTION, PEOPLE_CSV } from '../harness/greet-collection.js';
import { REDACTED, RecordingLine } from '../../shared/schemas/recording.js';

/*
 * Record a session, replay it as a mock server (issue "the developer's loop, round two"): a collection run against
 * server-everything over stdio and over Streamable HTTP (the 2025 era) and against the notes fixture over Streamable
 * HTTP (2026-07-28 only) is recorded with --record; `mcp-console mock` of each recording then answers the same
 * collection with the same results (its snapshots, taken live, hold), with no server. A planted token and an
 * Authorization header never reach the file.
 */
const BIN = resolve('bin/mcp-console.js');
const NOTES = resolve('out/node/e2e/fixtures/notes-server.js');
const dir = tempDir();
const PLANTED = 'sk-proj-' + 'PlantedKey0'.repeat(3);
const BEARER = 'Bearer planted-' + 'h'.repeat(24);
const stops: Array<() => void> = [];

afterAll(() => {
  for (const stop of stops) stop();
  rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 90_000,
    env: { ...process.env, PLANTED_KEY: PLANTED, NOTES_KEY: 'sk-test-' + 'k'.repeat(32), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const config = (name: string, servers: Record<string, unknown>) => {
  writeFileSync(join(dir, name), JSON.stringify({ mcpServers: servers }));
  return name;
};

/** A recording's lines, each checked against the format. */
function lines(file: string): RecordingLine[] {
  return readFileSync(join(dir, file), 'utf8')
    .trim()
    .split('\n')
    .map((l) => RecordingLine.parse(JSON.parse(l)));
}

/** `mcp-console mock FILE --http 0`, and its address once it listens. */
async function mockHttp(file: string, extra: string[] = []): Promise<{ url: string; child: ChildProcess }> {
  const m = await startHttp(BIN, ['mock', join(dir, file), '--http', '0', ...extra], {}, /mock listening at (\S+)/);
  stops.push(m.stop);
  return m;
}

const EVERYTHING_STEPS = {
  name: 'Everything',
  servers: ['ev'],
  steps: [
    { id: 'tools', catalog: { server: 'ev' } },
    {
      id: 'echo',
      call: { server: 'ev', tool: 'echo', arguments: { message: 'my key is {{env.PLANTED_KEY}}' } },
      expect: { outcome: 'ok' },
    },
    {
      id: 'sum',
      call: { server: 'ev', tool: 'get-sum', arguments: { a: 2, b: 3 } },
      expect: { outcome: 'ok', assert: [{ path: '/content/0/text', matches: '5' }] },
    },
    { id: 'structured', call: { server: 'ev', tool: 'get-structured-content', arguments: { location: 'New York' } } },
    {
      id: 'long',
      call: { server: 'ev', tool: 'trigger-long-running-operation', arguments: { duration: 1, steps: 2 } },
    },
    { id: 'doc', read: { server: 'ev', uri: 'demo://resource/static/document/architecture.md' } },
    { id: 'prompt', prompt: { server: 'ev', name: 'simple-prompt' } },
  ],
};

describe.each([
  ['stdio', async () => ({ command: process.execPath, args: [EVERYTHING, 'stdio'] })],
  [
    'Streamable HTTP',
    async () => {
      const port = await freePort();
      const srv = await startHttp(EVERYTHING, ['streamableHttp'], { PORT: String(port) }, /listening on port (\d+)/);
      stops.push(srv.stop);
      return { type: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: { Authorization: BEARER } };
    },
  ],
])('server-everything over %s, recorded and replayed', (kind, start) => {
  const tag = kind.startsWith('stdio') ? 'stdio' : 'http';
  const collection = `everything-${tag}.json`;
  const recording = `everything-${tag}.jsonl`;

  beforeAll(async () => {
    writeFileSync(join(dir, collection), JSON.stringify(EVERYTHING_STEPS));
    const live = config(`live-${tag}.json`, { ev: await start() });
    const r = cli([
      'test',
      collection,
      '--config',
      live,
      '--yes',
      '--update-snapshots',
      '--record',
      recording,
      '--data-dir',
      `d-live-${tag}`,
    ]);
    expect(r.code, r.out + r.err).toBe(0);
    expect(r.err).toMatch(/recorded \d+ messages and \d+ call states to/);
    // Every step now holds what the live server answered: the replay below is held to it.
    const written = JSON.parse(readFileSync(join(dir, collection), 'utf8')) as { steps: { snapshot?: unknown }[] };
    expect(written.steps.filter((s) => s.snapshot !== undefined)).toHaveLength(EVERYTHING_STEPS.steps.length);
  }, 120_000);

  it('writes a recording of the format, the secrets left out and marked', () => {
    const text = readFileSync(join(dir, recording), 'utf8');
    const all = lines(recording);
    expect(all[0]).toMatchObject({ type: 'recording', by: 'test' });
    expect(all.at(-1)).toMatchObject({ type: 'end', reason: 'ended', dropped: 0 });
    expect(all.find((l) => l.type === 'server')).toMatchObject({ serverId: 'ev', transport: tag, era: 'legacy' });
    // The collection's run scope and each call's decision, beside the wire.
    const calls = all.filter((l) => l.type === 'call');
    expect(calls.filter((c) => c.type === 'call' && c.state === 'done' && c.tool === 'get-sum')).toHaveLength(1);
    const echo = all.find((l) => l.type === 'message' && l.dir === 'out' && l.name === 'echo');
    expect(echo).toMatchObject({ redacted: ['/params/arguments/message'] });
    expect(JSON.stringify(echo)).toContain(`my key is ${REDACTED}`);
    expect(text).not.toContain(PLANTED);
    expect(text).not.toContain('planted-hhhh');
    expect(text).not.toMatch(/authorization/i);
    // Progress came between the long operation's request and its answer.
    expect(all.some((l) => l.type === 'message' && l.method === 'notifications/progress')).toBe(true);
  });

  it('mock answers the same collection with the same results, with no server', async () => {
    const target =
      tag === 'stdio'
        ? { command: process.execPath, args: [BIN, 'mock', join(dir, recording)] }
        : { type: 'http', url: (await mockHttp(recording)).url };
    const mock = config(`mock-${tag}.json`, { ev: target });
    const r = cli(['test', collection, '--config', mock, '--yes', '--reporter', 'json', '--data-dir', `d-mock-${tag}`]);
    expect(r.code, r.out + r.err).toBe(0);
    const report = JSON.parse(r.out) as { runs: { steps: { id: string; status: string; hasSnapshot?: boolean }[] }[] };
    const steps = report.runs[0]!.steps;
    expect(steps.map((s) => [s.id, s.status])).toEqual(EVERYTHING_STEPS.steps.map((s) => [s.id, 'passed']));
  }, 60_000);

  it("makes the recording's tool calls the steps of a collection, which then hold against the mock", () => {
    const out = `collected-${tag}.json`;
    const made = cli(['collect', recording, '--out', out, '--name', 'From the recording']);
    expect(made.code, made.err).toBe(0);
    expect(made.err).toContain(`wrote 4 steps in ${out}`);
    expect(made.err).toContain('echo/message: left out of the recording; set ECHO_MESSAGE in the environment');
    const collection = JSON.parse(readFileSync(join(dir, out), 'utf8')) as {
      env: string[];
      steps: { id: string; call: { tool: string; arguments: Record<string, unknown> }; snapshot?: unknown }[];
    };
    expect(collection.steps.map((s) => s.call.tool)).toEqual([
      'echo',
      'get-sum',
      'get-structured-content',
      'trigger-long-running-operation',
    ]);
    expect(collection.env).toEqual(['ECHO_MESSAGE']);
    expect(collection.steps[0]!.call.arguments).toEqual({ message: '{{env.ECHO_MESSAGE}}' });
    expect(collection.steps.every((s) => s.snapshot !== undefined)).toBe(true);
    const run = (env: Record<string, string>) =>
      cli(['test', out, '--config', `mock-${tag}.json`, '--yes', '--data-dir', `d-collected-${tag}`], env);
    const held = run({ ECHO_MESSAGE: `my key is ${PLANTED}` });
    expect(held.code, held.out + held.err).toBe(0);
    expect(held.out).toContain('4 passed, 0 failed');
    // The secret unset: the step says which variable it needs.
    const unset = run({ ECHO_MESSAGE: '' });
    expect(unset.code).not.toBe(0);
    expect(unset.out + unset.err).toContain('ECHO_MESSAGE');
  }, 60_000);

  it('answers a request it never saw with an error naming the closest recorded one', () => {
    const mock = config(`mock-${tag}-stdio.json`, {
      ev: { command: process.execPath, args: [BIN, 'mock', join(dir, recording)] },
    });
    const r = cli([
      'call',
      'ev',
      'get-sum',
      '--args',
      '{"a":2,"b":4}',
      '--config',
      mock,
      '--yes',
      '--data-dir',
      `d-miss-${tag}`,
    ]);
    expect(r.code).toBe(2);
    expect(r.out + r.err).toMatch(
      /no recorded tools\/call of ev matches these params; the closest recorded one differs at \/arguments\/b: \{"name":"get-sum","arguments":\{"a":2,"b":3\}\}/,
    );
  }, 60_000);
});

describe('the notes fixture over Streamable HTTP (2026-07-28), with an environment and a CSV of rows', () => {
  beforeAll(async () => {
    writeFileSync(join(dir, 'greet.json'), JSON.stringify(GREET_COLLECTION));
    writeFileSync(join(dir, 'dev.env.json'), JSON.stringify({ name: 'dev', values: { server: 'notes' } }));
    writeFileSync(join(dir, 'people.csv'), PEOPLE_CSV);
    const notes = await startHttp(NOTES, ['--http', '--port', '0']);
    stops.push(notes.stop);
    const live = config('live-notes.json', { notes: { type: 'http', url: `${notes.url}/mcp` } });
    const r = cli([
      'test',
      'greet.json',
      '--config',
      live,
      '--env',
      'dev.env.json',
      '--data',
      'people.csv',
      '--yes',
      '--record',
      'notes.jsonl',
      '--data-dir',
      'd-notes',
    ]);
    expect(r.code, r.out + r.err).toBe(0);
  }, 120_000);

  it('records the modern era, and the login key not at all', () => {
    const all = lines('notes.jsonl');
    expect(all.find((l) => l.type === 'server')).toMatchObject({ serverId: 'notes', era: 'modern', transport: 'http' });
    expect(all.some((l) => l.type === 'message' && l.method === 'server/discover')).toBe(true);
    expect(readFileSync(join(dir, 'notes.jsonl'), 'utf8')).not.toContain('k'.repeat(32));
  });

  it('drives the collection against the mock with the same environment and rows, and names a missing variable', async () => {
    const { url } = await mockHttp('notes.jsonl');
    const mock = config('mock-notes.json', { notes: { type: 'http', url } });
    const r = cli([
      'test',
      'greet.json',
      '--config',
      mock,
      '--env',
      'dev.env.json',
      '--data',
      'people.csv',
      '--yes',
      '--data-dir',
      'd-notes-mock',
    ]);
    expect(r.code, r.out + r.err).toBe(0);
    // Two rows of two steps; the login key, left out of the recording, matched as a secret the request carries.
    expect(r.out).toContain('4 passed, 0 failed');
    const missing = cli([
      'test',
      'greet.json',
      '--config',
      mock,
      '--data',
      'people.csv',
      '--yes',
      '--data-dir',
      'd-notes-mock',
    ]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/\{\{server\}\}/);
  }, 60_000);
});

describe('serve --record', () => {
  it('records every server and decision from the start until the console stops, and refuses a file it cannot make', async () => {
    const serveDir = join(dir, 'serve');
    const file = join(dir, 'serve.jsonl');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(serveDir);
    const serve = await startServe(
      { mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } },
      serveDir,
      ['--record', file],
      { connectAtStart: true },
    );
    let stopped = false;
    try {
      const r = cli([
        'call',
        'fx',
        'echo',
        '--args',
        '{"text":"served"}',
        '--yes',
        '--data-dir',
        join(serveDir, 'data'),
      ]);
      expect(r.code, r.err).toBe(0);
      expect(r.err).toMatch(/through MCP Console/);
      await serve.stop();
      stopped = true;
    } finally {
      if (!stopped) await serve.stop();
    }
    const all = lines('serve.jsonl');
    expect(all[0]).toMatchObject({ type: 'recording', by: 'serve' });
    expect(all.some((l) => l.type === 'message' && l.method === 'initialize')).toBe(true);
    expect(all.filter((l) => l.type === 'call' && l.tool === 'echo').map((l) => l.type === 'call' && l.state)).toEqual([
      'awaiting-approval',
      'running',
      'done',
    ]);
    expect(all.at(-1)).toMatchObject({ type: 'end', reason: 'ended' });
    // A file it cannot make: serve says so and exits 2 before it serves anything.
    const bad = spawnSync(
      process.execPath,
      [BIN, 'serve', '--record', join(dir, 'no-such-dir', 'x.jsonl'), '--data-dir', join(dir, 'd-bad'), '--port', '0'],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/error: cannot record to .*no-such-dir\/x\.jsonl/);
  }, 60_000);
});

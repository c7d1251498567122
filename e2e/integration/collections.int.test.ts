import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'junit2json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from '../../shared/schemas/collection.js';
import { EVERYTHING, startHttp, tempDir } from '../harness/harness.js';

/*
 * Collections from the command line, as CI runs them: against our notes fixture in both eras
 * (stdio: 2025; HTTP: 2026-07-28 only), the reference server and the filesystem server. Every run
 * goes through the gate: --yes approves its scope once; without it and without a terminal nothing is sent.
 */

const NOTES = resolve('out/node/e2e/fixtures/notes-server.js');
const FILESYSTEM = resolve('node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const BIN = resolve('bin/mcp-console.js');
const dir = tempDir();
const files = join(dir, 'files');
mkdirSync(files);
let modern: { url: string; stop: () => void };
let config: string;
const KEY = 'sk-test-' + 'k'.repeat(32);

beforeAll(async () => {
  modern = await startHttp(NOTES, ['--http', '--port', '0']);
  config = join(dir, 'mcp.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        notes: { command: process.execPath, args: [NOTES] },
        'notes-v2': { command: process.execPath, args: [NOTES], env: { NOTES_VERSION: '2' } },
        'notes-http': { type: 'http', url: `${modern.url}/mcp` },
        everything: { command: process.execPath, args: [EVERYTHING] },
        files: { command: process.execPath, args: [FILESYSTEM, files] },
        gone: { command: process.execPath, args: [join(dir, 'no-such-server.js')] },
      },
    }),
  );
});
afterAll(() => modern?.stop());

/** The command line with no terminal, on its own data directory. */
function test(file: string, ...flags: string[]) {
  const r = spawnSync(
    process.execPath,
    [BIN, 'test', file, '--config', config, '--data-dir', join(dir, 'data'), ...flags],
    {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NOTES_KEY: KEY, FILES_DIR: files },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}
const write = (name: string, c: Collection) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(c, null, 2));
  return path;
};
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Collection;
const audit = () =>
  readFileSync(join(dir, 'data', 'audit.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** create → read back by the id the first step answered; a greeting; a login whose key is a secret; the catalog. */
const notes = (server: string): Collection => ({
  name: `Notes on ${server}`,
  env: ['NOTES_KEY'],
  steps: [
    {
      id: 'create',
      call: { server, tool: 'note_create', arguments: { text: 'buy milk' } },
      expect: {
        outcome: 'ok',
        structured: 'valid',
        assert: [{ path: '/structuredContent/id', matches: '^n-[0-9a-f-]{36}$' }],
      },
      snapshot: { ignore: ['/structuredContent/id', '/structuredContent/createdAt', '/content/0/text'] },
    },
    {
      id: 'read',
      call: { server, tool: 'note_get', arguments: { id: '{{steps.create.structuredContent.id}}' } },
      expect: { assert: [{ path: '/structuredContent/text', equals: 'buy milk' }] },
      snapshot: { ignore: ['/structuredContent/id'] },
    },
    { id: 'greet', call: { server, tool: 'greet', arguments: { name: 'Ada' } } },
    { id: 'login', call: { server, tool: 'login', arguments: { user: 'ada', apiKey: '{{env.NOTES_KEY}}' } } },
    { id: 'missing', call: { server, tool: 'note_get', arguments: { id: 'nope' } }, expect: { outcome: 'tool-error' } },
    { id: 'readme', read: { server, uri: 'notes://readme' } },
    { id: 'summary', prompt: { server, name: 'summarize', arguments: { topic: 'milk' } } },
    { id: 'tools', catalog: { server } },
  ],
});

describe.each([
  ['the 2025 era over stdio', 'notes'],
  ['2026-07-28 over Streamable HTTP', 'notes-http'],
])('a collection against the notes fixture in %s', (_era, server) => {
  const path = () => join(dir, `${server}.collection.json`);
  it('writes its snapshots once, then holds: a variable chains the id, ignored paths do not fail, the secret is never written', () => {
    write(`${server}.collection.json`, notes(server));
    const first = test(path(), '--yes', '--update-snapshots');
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/8 passed, 0 failed, 0 skipped, 8 snapshots written/);
    const saved = read(path());
    expect(saved.steps.every((s) => s.snapshot?.result !== undefined)).toBe(true);
    const text = readFileSync(path(), 'utf8');
    expect(text).not.toContain(KEY);
    expect(saved.steps.find((s) => s.id === 'login')!.snapshot!.result).toEqual({
      content: [{ type: 'text', text: 'session for ada with key {{env.NOTES_KEY}}' }],
    });
    const again = test(path(), '--yes');
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/8 passed, 0 failed/);
    // The id the read step sent is the one the create step answered (the fixture knows only notes it made).
    const sent = audit().filter(
      (e) => e.kind === 'call-requested' && e.tool === 'note_get' && (e.args as { id: string }).id !== 'nope',
    );
    expect((sent.at(-1)!.args as { id: string }).id).toMatch(/^n-[0-9a-f-]{36}$/);
  });

  it('fails a changed result and a changed definition with readable diffs', () => {
    // The same file, its snapshots from version 1, against version 2 of the server under the same name.
    const v2 = { ...read(path()), name: 'v2' };
    v2.steps = v2.steps.map((s) => ({
      ...s,
      [Object.keys(s).find((k) => ['call', 'read', 'prompt', 'catalog'].includes(k))!]: {
        ...(s.call ?? s.read ?? s.prompt ?? s.catalog),
        server: 'notes-v2',
      },
    }));
    const r = test(write('v2.collection.json', v2), '--yes', '--reporter', 'md');
    expect(r.code).toBe(1);
    expect(r.out).toContain('~ /content/0/text: "Hello, Ada!" → "Hi there, Ada!"');
    expect(r.out).toContain('~ /tools/greet/description: "Greets someone." → "Greets someone warmly."');
    expect(r.out).toContain('~ /contents/0/text: "Notes server version 1" → "Notes server version 2"');
    expect(r.out).toMatch(/\| create \| call note_create on notes-v2 \| passed \|/);
  });
});

describe('mcp-console test for CI', () => {
  it('writes JUnit that a JUnit parser reads: suites, cases, failures with their diffs', async () => {
    const c = notes('notes');
    c.steps[2] = {
      ...c.steps[2]!,
      snapshot: { result: { content: [{ type: 'text', text: 'Hello, <Bob> & "co"!' }] } },
    };
    const out = join(dir, 'report.xml');
    const r = test(write('junit.collection.json', c), '--yes', '--reporter', 'junit', '--out', out);
    expect(r.code).toBe(1);
    const xml = readFileSync(out, 'utf8');
    const parsed = await parse(xml);
    expect(parsed).toMatchObject({ name: 'mcp-console test', tests: 8, failures: 1, errors: 0 });
    const suite = (
      parsed as {
        testsuite: Array<{
          name: string;
          testcase: Array<{ name: string; failure?: Array<{ message: string; inner: string }> }>;
        }>;
      }
    ).testsuite[0]!;
    expect(suite.name).toBe('Notes on notes');
    expect(suite.testcase.map((t) => t.name.split(':')[0])).toEqual([
      'create',
      'read',
      'greet',
      'login',
      'missing',
      'readme',
      'summary',
      'tools',
    ]);
    const failed = suite.testcase.filter((t) => t.failure);
    expect(failed.map((t) => t.name)).toEqual(['greet: call greet on notes']);
    expect(failed[0]!.failure![0]!.inner).toContain('~ /content/0/text: "Hello, <Bob> & \\"co\\"!" → "Hello, Ada!"');
  });

  it('writes TAP and JSON too', () => {
    const path = write('tap.collection.json', {
      name: 'tap',
      steps: [
        {
          id: 'hi',
          call: { server: 'notes', tool: 'greet', arguments: { name: 'x' } },
          expect: { outcome: 'tool-error' },
        },
      ],
    });
    const tap = test(path, '--yes', '--reporter', 'tap');
    expect(tap.code).toBe(1);
    expect(tap.out.split('\n').slice(0, 3)).toEqual([
      'TAP version 14',
      '1..1',
      'not ok 1 - tap: hi (call greet on notes)',
    ]);
    expect(tap.out).toContain('message: "expected tool-error, got ok"');
    const json = test(path, '--yes', '--reporter', 'json');
    expect(JSON.parse(json.out)).toMatchObject({ summary: { tests: 1, failures: 1, passed: 0 } });
  });

  it('keeps every value read from the environment out of each report and message, and says why a tool failed', () => {
    // The notes fixture's login echoes its key; a failing assertion on that text used to print it, and
    // JUnit and JSON carried the arguments sent with the key in them. FILES_DIR is read but not declared.
    const path = write('secret.collection.json', {
      name: 'secrets',
      env: ['NOTES_KEY'],
      steps: [
        {
          id: 'login',
          call: {
            server: 'notes',
            tool: 'login',
            arguments: { user: 'ada in {{env.FILES_DIR}}', apiKey: '{{env.NOTES_KEY}}' },
          },
          expect: { assert: [{ path: '/content/0/text', equals: 'no session' }] },
        },
        { id: 'missing', call: { server: 'notes', tool: 'note_get', arguments: { id: '{{env.NOTES_KEY}}' } } },
      ],
    });
    for (const reporter of ['junit', 'json', 'tap', 'md']) {
      const out = join(dir, `secret.${reporter}`);
      const r = test(path, '--yes', '--reporter', reporter, '--out', out);
      expect(r.code, r.err).toBe(1);
      const text = readFileSync(out, 'utf8') + r.out + r.err;
      expect(text, reporter).not.toContain(KEY);
      expect(text, reporter).not.toContain(files);
      expect(text, reporter).toContain(
        '/content/0/text: expected "no session", got "session for ada in {{env.FILES_DIR}} with key {{env.NOTES_KEY}}"',
      );
      // A tool error that was not expected says what the tool said.
      expect(text, reporter).toContain('expected ok, got tool-error: no note {{env.NOTES_KEY}}');
      if (reporter === 'junit')
        expect(text).toContain('arguments sent: {&quot;apiKey&quot;:&quot;{{env.NOTES_KEY}}&quot;');
    }
    // The audit log keeps what was sent.
    const sent = audit().findLast((e) => e.kind === 'call-requested' && e.tool === 'login');
    expect(sent?.args).toEqual({ user: `ada in ${files}`, apiKey: KEY });
  });

  it('fills variables into a read step’s URI: the resource a call linked to', () => {
    const r = test(
      write('linked.collection.json', {
        name: 'linked',
        steps: [
          { id: 'links', call: { server: 'everything', tool: 'get-resource-links', arguments: { count: 2 } } },
          {
            id: 'open',
            read: { server: 'everything', uri: '{{steps.links.content.2.uri}}' },
            expect: { assert: [{ path: '/contents/0/uri', equals: 'demo://resource/dynamic/text/2' }] },
          },
          { id: 'unset', read: { server: 'everything', uri: 'demo://resource/dynamic/text/{{env.NO_SUCH_VARIABLE}}' } },
        ],
      }),
      '--yes',
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/ok {3}linked › open/);
    expect(r.err).toContain('{{env.NO_SUCH_VARIABLE}}: the environment variable NO_SUCH_VARIABLE is not set');
    // The scope the run asks approval for names the variable the read uses.
    expect(r.err).toMatch(/reads from the environment: NO_SUCH_VARIABLE/);
  });

  it('runs the same collection against a second server and says where they differ (--against)', () => {
    const r = test(
      write('against.collection.json', {
        ...notes('notes'),
        steps: notes('notes').steps.filter((s) => s.id !== 'create' && s.id !== 'read'),
      }),
      '--yes',
      '--against',
      'notes-v2',
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain('notes-v2 answers differently from notes');
    expect(r.err).toContain('~ /content/0/text: "Hello, Ada!" → "Hi there, Ada!"');
    expect(r.err).toMatch(/ok {3}Notes on notes › missing/);
    expect(r.err).toMatch(/FAIL Notes on notes › tools/);
  });

  it('refuses to run without a terminal and without --yes, and sends nothing (exit 3)', () => {
    const before = audit().length;
    const r = test(join(dir, 'notes.collection.json'));
    expect(r.code).toBe(3);
    expect(r.err).toContain(
      'Refusing to run: there is no terminal to ask for approval and --yes was not given. Nothing was sent.',
    );
    const since = audit().slice(before);
    expect(since.map((e) => e.kind)).toContain('collection-run-requested');
    expect(since.filter((e) => e.kind === 'call-requested')).toEqual([]);
    // The audit says how many steps were asked for, in words: "1 step", "4 steps".
    expect(since.find((e) => e.kind === 'collection-run-requested')?.reason).toBe(
      `Notes on notes: ${notes('notes').steps.length} steps`,
    );
    const one = test(write('one.collection.json', { name: 'One', steps: notes('notes').steps.slice(2, 3) }));
    expect(one.code).toBe(3);
    expect(audit().findLast((e) => e.kind === 'collection-run-requested')?.reason).toBe('One: 1 step');
  });

  it('exits 2 when a server cannot be reached, or the file is not a collection', () => {
    const gone = test(
      write('gone.collection.json', { name: 'gone', steps: [{ id: 'x', call: { server: 'gone', tool: 't' } }] }),
      '--yes',
    );
    expect(gone.code).toBe(2);
    expect(gone.err).toMatch(/could not run "?gone"?: gone: /);
    const unknown = test(
      write('unknown.collection.json', { name: 'u', steps: [{ id: 'x', catalog: { server: 'not-configured' } }] }),
      '--yes',
    );
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no server "not-configured" is configured');
    writeFileSync(
      join(dir, 'bad.collection.json'),
      JSON.stringify({ name: 'b', steps: [{ id: 'x', call: { server: 's' } }] }),
    );
    const bad = test(join(dir, 'bad.collection.json'), '--yes');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/not a valid collection: \/steps\/0\/call\/tool/);
  });

  it('records runs in the audit log, each call decided by the run scope and asked for by the collection', () => {
    const entries = audit();
    const approved = entries.filter((e) => e.kind === 'approved' && e.decidedBy === 'run-scope');
    expect(approved.length).toBeGreaterThan(10);
    expect(approved[0]!.requestedBy).toMatchObject({ kind: 'collection', name: 'Notes on notes' });
    expect(entries.filter((e) => e.kind === 'collection-run-decided').every((e) => e.decidedBy === 'cli-flag')).toBe(
      true,
    );
    const finished = entries.filter((e) => e.kind === 'collection-run-finished');
    expect(finished.map((e) => e.outcome)).toEqual(
      expect.arrayContaining(['passed', 'failed', 'unreachable', 'cancelled']),
    );
  });

  it('tests the reference server and the filesystem server', () => {
    const r = test(
      write('reference.collection.json', {
        name: 'reference servers',
        steps: [
          {
            id: 'echo',
            call: { server: 'everything', tool: 'echo', arguments: { message: 'hi' } },
            expect: { assert: [{ path: '/content/0/text', equals: 'Echo: hi' }] },
          },
          {
            id: 'sum',
            call: { server: 'everything', tool: 'get-sum', arguments: { a: 2, b: 3 } },
            expect: { assert: [{ path: '/content/0/text', matches: '\\b5\\b' }] },
          },
          {
            id: 'weather',
            call: { server: 'everything', tool: 'get-structured-content', arguments: { location: 'New York' } },
            expect: { structured: 'valid', assert: [{ path: '/structuredContent/temperature', type: 'number' }] },
          },
          {
            id: 'write',
            call: {
              server: 'files',
              tool: 'write_file',
              arguments: { path: '{{env.FILES_DIR}}/a.txt', content: 'hello file' },
            },
          },
          {
            id: 'readback',
            call: { server: 'files', tool: 'read_text_file', arguments: { path: '{{env.FILES_DIR}}/a.txt' } },
            expect: { assert: [{ path: '/content/0/text', equals: 'hello file' }] },
          },
          {
            id: 'outside',
            call: { server: 'files', tool: 'read_text_file', arguments: { path: '/etc/hostname' } },
            expect: { outcome: 'tool-error', assert: [{ path: '/content/0/text', matches: 'Access denied' }] },
          },
          {
            id: 'fs-tools',
            catalog: { server: 'files' },
            expect: { assert: [{ path: '/tools/write_file/annotations/destructiveHint', equals: true }] },
          },
        ],
      }),
      '--yes',
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/7 passed, 0 failed/);
    expect(readFileSync(join(files, 'a.txt'), 'utf8')).toBe('hello file');
  });
});

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../harness/harness.js';

/*
 * `mcp-console diff` between two versions of our notes fixture (NOTES_VERSION=3: a tool added, one removed, one
 * description and one schema changed), each side a live server, a pins file, a recording or a tools JSON: the exact
 * output in every format, and the exit codes.
 */

const NOTES = resolve('out/node/e2e/fixtures/notes-server.js');
const BIN = resolve('bin/mcp-console.js');
const dir = tempDir();

/** The command line in `dir` (so files are named as a person would type them), with no terminal. */
function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args, '--data-dir', join(dir, 'data')], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  writeFileSync(
    join(dir, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        notes: { command: process.execPath, args: [NOTES] },
        next: { command: process.execPath, args: [NOTES], env: { NOTES_VERSION: '3' } },
      },
    }),
  );
  expect(cli('review', '--config', 'mcp.json', '--server', 'notes', '--write-pins', 'pins.json').err).toContain(
    'wrote pins.json',
  );
  const tools = cli('tools', 'next', '--config', 'mcp.json', '--json');
  expect(tools.code).toBe(0);
  writeFileSync(join(dir, 'next-tools.json'), tools.out);
}, 60_000);

const TOOLS_TEXT = [
  '  + tool note_archive',
  '  - tool login',
  '  ~ tool note_get: inputSchema',
  '      inputSchema.properties.withDate: (absent) → {"type":"boolean"}',
  '  ~ tool greet: description',
  '      description: "Greets someone." → "Greets someone warmly."',
];

describe('mcp-console diff', () => {
  it('two live servers: every list, the server info and the capabilities; exit 1', () => {
    const r = cli('diff', 'notes', 'server:next', '--config', 'mcp.json');
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      [
        'A: server notes (live)',
        'B: server next (live)',
        'tools: 1 added, 1 removed, 2 changed (5 → 5)',
        ...TOOLS_TEXT,
        'resources: the same (1 → 1)',
        'resource templates: the same (0 → 0)',
        'prompts: the same (1 → 1)',
        'server info: changed',
        '      version: "1.0.0" → "3.0.0"',
        'capabilities: the same',
        'different',
        '',
      ].join('\n'),
    );
  });

  it('a pins file against a tools JSON: the tools only, the parts neither has said; as text, Markdown and JSON', () => {
    const text = cli('diff', 'pins.json', 'next-tools.json');
    expect(text.code).toBe(1);
    expect(text.out).toBe(
      [
        'A: pins.json (server notes)',
        'B: next-tools.json',
        'tools: 1 added, 1 removed, 2 changed (5 → 5)',
        ...TOOLS_TEXT,
        'different',
        '',
      ].join('\n'),
    );
    const md = cli('diff', 'pins.json', 'next-tools.json', '--format', 'md');
    expect(md.code).toBe(1);
    expect(md.out).toBe(
      [
        '### Changes: pins\\.json \\(server notes\\) → next\\-tools\\.json',
        '',
        '| | added | removed | changed |',
        '|---|---|---|---|',
        '| tools | 1 | 1 | 2 |',
        '',
        '- **added** tool note\\_archive',
        '- **removed** tool login',
        '- **changed** tool note\\_get: inputSchema',
        '  - inputSchema\\.properties\\.withDate: \\(absent\\) → \\{"type":"boolean"\\}',
        '- **changed** tool greet: description',
        '  - description: "Greets someone\\." → "Greets someone warmly\\."',
        '',
      ].join('\n'),
    );
    const json = cli('diff', 'pins.json', 'next-tools.json', '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toEqual({
      equal: false,
      a: 'pins.json (server notes)',
      b: 'next-tools.json',
      lists: {
        tools: {
          added: ['note_archive'],
          removed: ['login'],
          changed: [
            {
              name: 'note_get',
              fields: ['inputSchema'],
              changes: [{ path: 'inputSchema.properties.withDate', after: { type: 'boolean' } }],
            },
            {
              name: 'greet',
              fields: ['description'],
              changes: [{ path: 'description', before: 'Greets someone.', after: 'Greets someone warmly.' }],
            },
          ],
          count: [5, 5],
        },
      },
      notCompared: [],
    });
  });

  it('is equal, exit 0, when nothing changed (a live server against its own pins)', () => {
    const r = cli('diff', 'pins.json#notes', 'notes', '--config', 'mcp.json');
    expect(r.code).toBe(0);
    expect(r.out.split('\n').slice(2)).toEqual([
      'tools: the same (5 → 5)',
      'not compared (one side lacks them): resources, resource templates, prompts, server info, capabilities',
      'equal',
      '',
    ]);
  });

  it('a recording as a side: what its server last listed, against a live server; equal to the server it recorded', () => {
    const rec = cli('tools', 'next', '--config', 'mcp.json', '--record', 'next.jsonl');
    expect(rec.code, rec.err).toBe(0);
    const r = cli('diff', 'notes', 'next.jsonl', '--config', 'mcp.json');
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      [
        'A: server notes (live)',
        'B: next.jsonl (recording of next)',
        'tools: 1 added, 1 removed, 2 changed (5 → 5)',
        ...TOOLS_TEXT,
        'server info: changed',
        '      version: "1.0.0" → "3.0.0"',
        'capabilities: the same',
        'not compared (one side lacks them): resources, resource templates, prompts',
        'different',
        '',
      ].join('\n'),
    );
    const same = cli('diff', 'next.jsonl', 'next', '--config', 'mcp.json');
    expect(same.code).toBe(0);
    expect(same.out).toContain('tools: the same (5 → 5)');
    // A recording of two servers needs one named.
    const two = cli('diff', 'next.jsonl#nobody', 'next', '--config', 'mcp.json');
    expect(two.code).toBe(2);
    expect(two.err).toContain('next.jsonl records servers next: name one as next.jsonl#SERVER');
  });

  it('says what is wrong with a side, exit 2', () => {
    writeFileSync(
      join(dir, 'two.json'),
      JSON.stringify({ version: 1, servers: { a: { tools: {} }, b: { tools: {} } } }),
    );
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ hello: 'world' }));
    const two = cli('diff', 'two.json', 'pins.json');
    expect(two.code).toBe(2);
    expect(two.err).toContain('two.json pins servers a, b: name one as two.json#SERVER');
    const other = cli('diff', 'other.json', 'pins.json');
    expect(other.code).toBe(2);
    expect(other.err).toContain('other.json is not a pins file, a tools JSON or a server listing');
    const unknown = cli('diff', 'nowhere', 'pins.json', '--config', 'mcp.json');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no server "nowhere"');
    expect(cli('diff', 'pins.json').code).toBe(2);
    expect(cli('diff', 'pins.json', 'pins.json', '--format', 'xml').err).toContain('--format must be text, json or md');
  });
});

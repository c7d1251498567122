import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../harness/harness.js';
import { GREET_COLLECTION, PEOPLE_CSV } from '../harness/greet-collection.js';

/*
 * Collections with environments and data rows (issue "the developer's loop, round two"): `{{name}}` in a step's
 * server, arguments and expectations, given by an environment file chosen with --env and by each row of a CSV file
 * (one run per row), against our notes fixture; a secret stays an environment variable.
 */

const NOTES = resolve('out/node/e2e/fixtures/notes-server.js');
const BIN = resolve('bin/mcp-console.js');
const dir = tempDir();

function test(...args: string[]) {
  const r = spawnSync(
    process.execPath,
    [BIN, 'test', ...args, '--config', 'mcp.json', '--data-dir', join(dir, 'data')],
    {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NOTES_KEY: 'sk-test-' + 'k'.repeat(32) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  const notes = { command: process.execPath, args: [NOTES] };
  writeFileSync(
    join(dir, 'mcp.json'),
    JSON.stringify({ mcpServers: { 'notes-dev': notes, 'notes-staging': { ...notes, env: { NOTES_VERSION: '2' } } } }),
  );
  writeFileSync(join(dir, 'greet.json'), JSON.stringify(GREET_COLLECTION));
  writeFileSync(join(dir, 'dev.env.json'), JSON.stringify({ name: 'dev', values: { server: 'notes-dev' } }));
  writeFileSync(join(dir, 'staging.env.json'), JSON.stringify({ values: { server: 'notes-staging' } }));
  writeFileSync(join(dir, 'people.csv'), PEOPLE_CSV);
}, 30_000);

describe('collections with environments', () => {
  it('runs once per row of the data file in the environment chosen, each row its own approved run', () => {
    const r = test('greet.json', '--env', 'dev', '--data', 'people.csv', '--yes', '--reporter', 'json');
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as { runs: { name: string; status: string; scope: { servers: string[] } }[] };
    expect(report.runs.map((x) => [x.name, x.status, x.scope.servers])).toEqual([
      ['Greet [dev row 1]', 'passed', ['notes-dev']],
      ['Greet [dev row 2]', 'passed', ['notes-dev']],
    ]);
    // The scope a run asks approval for holds the values put in, and the secret as its variable only.
    expect(r.err).toContain('"name":"Ada"');
    expect(r.err).toContain('{{env.NOTES_KEY}}');
    expect(r.out + r.err).not.toContain('k'.repeat(32));
  });

  it('points the same steps at another server in another environment, where an expectation can fail', () => {
    const r = test('greet.json', '--env', 'staging.env.json', '--data', 'people.csv', '--yes');
    // Version 2 greets "Hi there, Ada!": row 1 expects "Hello", row 2 only the name.
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/FAIL Greet \[staging row 1\] › hi/);
    expect(r.err).toMatch(/ok {3}Greet \[staging row 2\] › hi/);
  });

  it('says which variable nothing gave, and that a collection with variables needs an environment', () => {
    const missing = test('greet.json', '--env', 'dev', '--yes');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('{{who}}: no variable who in the environment dev');
    const none = test('greet.json', '--yes');
    expect(none.code).toBe(2);
    expect(none.err).toContain('greet.json uses {{greeting}}, {{server}}, {{who}}: choose an environment');
    expect(test('greet.json', '--env', 'prod', '--yes').err).toContain('--env prod: no such file');
    // The collection file keeps its variables (nothing is written back).
    expect(readFileSync(join(dir, 'greet.json'), 'utf8')).toContain('{{server}}');
  });
});

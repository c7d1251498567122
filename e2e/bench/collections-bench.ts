/**
 * Collection figures for `npm run bench`: a 1,000-step collection against the notes fixture over
 * stdio (500 notes made, each read back by the id the step before answered, every result checked
 * against its tool's outputSchema and an assertion), in steps a second — the same calls made with
 * the bare SDK client in a loop, then the run through the core (one approval for the scope, each
 * call through the gate and into the audit log), with the log synced and without, and the
 * command line as CI runs it (start, connect, run, JUnit, exit).
 */
import { TestCore } from '../../electron/core/testing.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Collection } from '../../shared/schemas/collection.js';
import { scriptedConsent } from '../harness/harness.js';

const NOTES = resolve('out/node/e2e/fixtures/notes-server.js');
const PAIRS = 500;

const collection: Collection = {
  name: 'bench',
  steps: Array.from({ length: PAIRS }, (_, i) => [
    {
      id: `create${i}`,
      call: { server: 'notes', tool: 'note_create', arguments: { text: `note ${i}` } },
      expect: { structured: 'valid' as const, assert: [{ path: '/structuredContent/text', equals: `note ${i}` }] },
    },
    {
      id: `read${i}`,
      call: { server: 'notes', tool: 'note_get', arguments: { id: `{{steps.create${i}.structuredContent.id}}` } },
      expect: { assert: [{ path: '/structuredContent/text', equals: `note ${i}` }] },
    },
  ]).flat(),
};

async function bare(): Promise<number> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [NOTES] }));
  await client.listTools();
  const t0 = performance.now();
  for (let i = 0; i < PAIRS; i++) {
    const made = await client.callTool({ name: 'note_create', arguments: { text: `note ${i}` } });
    const id = (made.structuredContent as { id: string }).id;
    const got = await client.callTool({ name: 'note_get', arguments: { id } });
    if ((got.structuredContent as { text: string }).text !== `note ${i}`)
      throw new Error('the bare loop read the wrong note');
  }
  const ms = performance.now() - t0;
  await client.close();
  return ms;
}

async function core(auditFsync: boolean): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcp-console-collbench-'));
  const c = new TestCore({ dataDir, consent: scriptedConsent(), auditFsync });
  c.start();
  c.addServer('notes', { type: 'stdio', command: process.execPath, args: [NOTES], env: {} });
  await c.connect('notes');
  try {
    const runs = c.collectionRuns();
    const t0 = performance.now();
    const run = runs.request(collection, 'bench', { kind: 'cli' });
    runs.decide(run.id, 'approve', run.scopeHash, 'cli-flag');
    const done = await runs.wait(run.id);
    const ms = performance.now() - t0;
    if (done.status !== 'passed')
      throw new Error(`the bench run ${done.status}: ${JSON.stringify(done.steps.find((s) => s.status !== 'passed'))}`);
    return ms;
  } finally {
    await c.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function cli(): number {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-console-collbench-cli-'));
  try {
    writeFileSync(
      join(dir, 'mcp.json'),
      JSON.stringify({ mcpServers: { notes: { command: process.execPath, args: [NOTES] } } }),
    );
    writeFileSync(join(dir, 'bench.collection.json'), JSON.stringify(collection));
    const t0 = performance.now();
    const r = spawnSync(
      process.execPath,
      [
        resolve('bin/mcp-console.js'),
        'test',
        join(dir, 'bench.collection.json'),
        '--config',
        join(dir, 'mcp.json'),
        '--data-dir',
        join(dir, 'data'),
        '--yes',
        '--reporter',
        'junit',
        '--out',
        join(dir, 'r.xml'),
      ],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`mcp-console test exited ${r.status}: ${r.stderr.slice(-500)}`);
    return performance.now() - t0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function collectionsBench(): Promise<void> {
  const steps = PAIRS * 2;
  const rate = (ms: number) => `${((steps / ms) * 1000).toFixed(0)} steps/s (${ms.toFixed(0)} ms)`;
  const b = await bare();
  const synced = await core(true);
  const unsynced = await core(false);
  const c = cli();
  console.log(
    `a ${steps.toLocaleString('en')}-step collection against the notes fixture over stdio (create, then read back by the answered id):`,
  );
  console.log(`  bare SDK client, the same calls in a loop          ${rate(b)}`);
  console.log(
    `  through the core, audit log synced (as CI runs)    ${rate(synced)}  ratio ${(synced / b).toFixed(2)}x`,
  );
  console.log(
    `  through the core, audit sync off                   ${rate(unsynced)}  ratio ${(unsynced / b).toFixed(2)}x`,
  );
  console.log(`  mcp-console test, whole process (start to JUnit)   ${rate(c)}`);
}

import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE, tempDir } from '../harness/harness.js';

/*
 * What a command prints reaches whoever reads it, however slowly: the command ends only once its output
 * has left (electron/launch/exit-written.ts). The reader here takes nothing for half a second, so a pipe
 * that was cut at exit (the socket Node makes for a child's stdout is written asynchronously) would hand
 * it a fraction of the JSON.
 */
const BIN = resolve('bin/mcp-console.js');
const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function slowRead(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  let err = '';
  child.stdout.on('data', (d: Buffer) => out.push(d));
  // After the listener, which would set the stream flowing again.
  child.stdout.pause();
  const resume = setTimeout(() => child.stdout.resume(), 1000);
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((r) =>
    child.on('close', (code) => {
      clearTimeout(resume);
      r({ code, out: Buffer.concat(out).toString('utf8'), err });
    }),
  );
}

describe('a command printing more than a pipe holds', () => {
  it('hands a slow reader all of it before it ends', async () => {
    const config = join(dir, 'mcp.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } }));
    const r = await slowRead(['tools', 'fx', '--config', config, '--json', '--data-dir', join(dir, 'data')]);
    expect(r.err).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    // Far more than a pipe's buffer, and every byte of it: the JSON parses whole.
    expect(r.out.length).toBeGreaterThan(200_000);
    const tools = JSON.parse(r.out) as { name: string }[];
    expect(tools.length).toBe(261);
    expect(tools.map((t) => t.name)).toContain('echo');
  }, 60_000);
});

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = resolve('bin/mcp-console.js');
const dir = mkdtempSync(join(tmpdir(), 'mcp-console-agent-port-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts `serve`, reads its agent endpoint and warnings, and stops it again. */
function serveOnce(...args: string[]): Promise<{ agents: string; err: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--data-dir', dir, '--port', '0', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const agents = /agent endpoint at (\S+)/.exec(out)?.[1];
      if (agents) {
        child.once('exit', () => done({ agents, err }));
        child.kill('SIGTERM');
      }
    });
    child.once('exit', (code) =>
      out.includes('agent endpoint') ? undefined : fail(new Error(`serve exited with ${code}: ${err}`)),
    );
  });
}

describe("the agent endpoint's port across restarts", () => {
  it('keeps the port it first had, so the configs agents were given keep working', async () => {
    const first = await serveOnce();
    const port = Number(new URL(first.agents).port);
    expect(JSON.parse(readFileSync(join(dir, 'agent-endpoint.json'), 'utf8'))).toEqual({ port });
    expect((await serveOnce()).agents).toBe(first.agents);
  });

  it('a taken port is said at start with what to do, and agents are served on another meanwhile', async () => {
    const port = (JSON.parse(readFileSync(join(dir, 'agent-endpoint.json'), 'utf8')) as { port: number }).port;
    const squatter = createServer();
    await new Promise<void>((r) => squatter.listen(port, '127.0.0.1', () => r()));
    try {
      const run = await serveOnce();
      expect(Number(new URL(run.agents).port)).not.toBe(port);
      expect(run.err).toMatch(
        new RegExp(
          `warning: the agent endpoint's port ${port} .* is taken by another program; .*Free port ${port} and restart, or start with --agent-port \\d+`,
        ),
      );
    } finally {
      squatter.close();
    }
    // The saved port stays the one agents were given.
    expect(JSON.parse(readFileSync(join(dir, 'agent-endpoint.json'), 'utf8'))).toEqual({ port });
  });

  it('--agent-port says otherwise, and is kept from then on', async () => {
    const free = createServer();
    const port = await new Promise<number>((r) =>
      free.listen(0, '127.0.0.1', () => r((free.address() as { port: number }).port)),
    );
    await new Promise<void>((r) => free.close(() => r()));
    const run = await serveOnce('--agent-port', String(port));
    expect(Number(new URL(run.agents).port)).toBe(port);
    expect((await serveOnce()).agents).toBe(run.agents);
  });
});

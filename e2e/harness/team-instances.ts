import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FIXTURE, freePort } from './harness.js';
import type { IdentityProvider } from './oidc.js';
import { writeTeamFile } from './team.js';

const BIN = resolve('bin/mcp-console.js');

/** One `serve --team` process of several on one store: its address, its files, its output so far. */
export interface TeamInstance {
  name: string;
  url: string;
  port: number;
  file: string;
  dataDir: string;
  child: ChildProcess;
  out(): string;
  err(): string;
  /** SIGTERM, and its exit. */
  stop(): Promise<number | null>;
  /** kill -9: nothing it does after. */
  kill(): Promise<void>;
}

/** A team file for one instance on `port`, its store `store`, over the fixture server `fx` (the config beside it). */
export function instanceFiles(
  dir: string,
  idp: Pick<IdentityProvider, 'issuer' | 'clientId' | 'clientSecret'>,
  port: number,
  more: Record<string, unknown> = {},
): { file: string; config: string; dataDir: string } {
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'servers.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } }));
  return { file: writeTeamFile(dir, idp, port, more), config, dataDir: join(dir, 'data') };
}

/**
 * Starts `mcp-console serve --team FILE` as an operator runs it; resolves once it says where it is (or rejects with
 * what it said when it exits first).
 */
export function startInstance(
  name: string,
  files: { file: string; config: string; dataDir: string },
  port: number,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<TeamInstance> {
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--team', files.file, '--config', files.config, '--data-dir', files.dataDir, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MCP_CONSOLE_INSTANCE: name, ...env } },
  );
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const instance: TeamInstance = {
    name,
    url: `http://127.0.0.1:${port}/`,
    port,
    ...files,
    child,
    out: () => out,
    err: () => err,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  return new Promise((ok, fail) => {
    const t = setInterval(() => {
      if (/MCP Console agent endpoint at \S+/.test(out)) {
        clearInterval(t);
        ok(instance);
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(t);
      fail(new Error(`instance ${name} exited ${code}: ${err}`));
    });
  });
}

/** Ports for `n` instances, and the redirect URIs a provider must know for them. */
export async function instancePorts(n: number): Promise<{ ports: number[]; redirects: string[] }> {
  const ports: number[] = [];
  for (let i = 0; i < n; i++) ports.push(await freePort());
  return { ports, redirects: ports.map((p) => `http://127.0.0.1:${p}/auth/callback`) };
}

/** Stops every instance (SIGTERM), then the provider and the database, and removes the test's folder. */
export async function stopTeam(
  instances: TeamInstance[],
  idp: { close(): Promise<void> } | undefined,
  db: { stop(): Promise<void> } | undefined,
  dir: string,
): Promise<void> {
  for (const i of instances) await i.stop();
  await idp?.close();
  await db?.stop();
  rmSync(dir, { recursive: true, force: true });
}

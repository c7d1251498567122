import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './harness.js';

/** A real PostgreSQL server for a test: its own data directory, on a loopback port, started and ended by the test. */
export interface TestPostgres {
  /** `postgres://console@127.0.0.1:PORT/DB` for a database made for this test. */
  url: string;
  port: number;
  /** Another empty database on the same server (several services, or a restore). */
  database(name: string): Promise<string>;
  /** `pg_ctl restart -m fast`: every connection is cut; the server is back when this resolves. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Stops the server, keeping its data directory (start() brings it back). */
  halt(): void;
  start(): void;
  /** The server's log (what it said while the test ran). */
  logFile: string;
}

/**
 * Debian's PostgreSQL (`postgresql`: /usr/lib/postgresql/N/bin, installed by .ci/run), else one on PATH. Throws saying
 * what to install when there is none: a test that needs it fails, never skips in silence.
 */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return join(root, versions[0], 'bin');
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0) return join(which.stdout.trim(), '..');
  throw new Error("PostgreSQL's server is not installed: apt-get install postgresql (.ci/run does)");
}

/** initdb and the server refuse root: as root, they run as Debian's `postgres` user. */
const asRoot = process.getuid?.() === 0;

function run(bin: string, args: string[]): string {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  try {
    return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`${bin} ${args.join(' ')} failed: ${err.stderr ?? err.message}`, { cause: e });
  }
}

/** Starts a server of its own (initdb, pg_ctl start) and makes a database for the test. */
export async function startPostgres(dbName = 'mcp_console'): Promise<TestPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'mcpc-pg-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  run(join(bin, 'initdb'), ['-D', data, '-U', 'console', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () => run(join(bin, 'pg_ctl'), ['-D', data, '-o', opts, '-l', logFile, '-w', '-t', '60', 'start']);
  start();
  const base = `postgres://console@127.0.0.1:${port}`;
  const database = async (name: string) => {
    const c = new pg.Client({ connectionString: `${base}/postgres` });
    await c.connect();
    try {
      await c.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    } finally {
      await c.end();
    }
    return `${base}/${name}`;
  };
  const url = await database(dbName);
  let stopped = false;
  return {
    url,
    port,
    logFile,
    database,
    restart: async () => {
      run(join(bin, 'pg_ctl'), ['-D', data, '-o', opts, '-l', logFile, '-m', 'fast', '-w', '-t', '60', 'restart']);
    },
    halt: () => {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    start,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import pg from 'pg';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { Approval } from '../../shared/schemas/call.js';
import type { TeamInstance } from './team-instances.js';
import { ask, TeamBrowser } from './team-browser.js';

// What the team store's tests do and read: agents made from the command line, pages signed in on an instance, and
// the store itself (its chain, its open calls), read as an operator's psql would.

const BIN = resolve('bin/mcp-console.js');

/** An agent of Erin's made on an instance's data directory (from its command line, before it starts); its token. */
export function agentOf(files: { file: string; dataDir: string }, name: string): string {
  return agentsOf(files, [name])[0]!;
}

export function agentsOf(files: { file: string; dataDir: string }, names: string[]): string[] {
  return names.map((name) => agentAdd(files, name));
}

export function agentAdd(files: { file: string; dataDir: string }, name: string): string {
  const r = spawnSync(
    process.execPath,
    [
      BIN,
      'agents',
      'add',
      name,
      '--servers',
      'fx',
      '--owner',
      'erin',
      '--team',
      files.file,
      '--data-dir',
      files.dataDir,
      '--json',
    ],
    { encoding: 'utf8', timeout: 30_000 },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  return (JSON.parse(r.stdout) as { token: string }).token;
}

export async function agentClient(instance: TeamInstance, token: string): Promise<Client> {
  const agent = new Client({ name: 'erin-ci', version: '1' });
  await agent.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', instance.url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return agent;
}

/** A signed-in person's page socket on one instance. */
export async function page(instance: TeamInstance, login: string) {
  const b = new TeamBrowser();
  await b.signIn(instance.url, login);
  return b.socket(instance.url);
}

let storeUrl = '';

/** The store the checks below read. */
export function checksOn(url: string): void {
  storeUrl = url;
}

export async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: storeUrl });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** Of the calls requested on an instance (the chain's whole record), how many have exactly one outcome. */
export async function outcomesPerCall(instance: string): Promise<{ calls: number; once: number }> {
  const ends = new Set(['completed', 'failed', 'denied', 'expired', 'abandoned']);
  const all = (await query<{ line: string }>('SELECT line FROM audit ORDER BY seq')).map(
    (r) => JSON.parse(r.line) as { kind: string; callId?: string; instance: string; detail?: { method?: string } },
  );
  const requested = all.filter((e) => e.kind === 'call-requested' && e.instance === instance).map((e) => e.callId!);
  const count = new Map<string, number>();
  for (const e of all)
    if (e.callId && ends.has(e.kind) && e.detail?.method !== 'tasks/update')
      count.set(e.callId, (count.get(e.callId) ?? 0) + 1);
  return { calls: requested.length, once: requested.filter((id) => count.get(id) === 1).length };
}

export const kinds = async (instance: string, kind: string) => {
  const all = (await query<{ line: string }>('SELECT line FROM audit ORDER BY seq')).map(
    (r) => JSON.parse(r.line) as { kind: string; outcome?: string; detail?: { instance?: string } },
  );
  return all.filter((e) => e.kind === kind && e.detail?.instance === instance);
};

export const openCalls = async (instance: string) =>
  Number((await query<{ n: string }>('SELECT count(*) AS n FROM open_calls WHERE instance = $1', [instance]))[0]!.n);

/** Waits until the chain has stopped growing (what the instances wrote has reached it). */
export async function chainIdle(): Promise<void> {
  let last = -1;
  for (;;) {
    const n = Number((await query<{ n: string }>('SELECT count(*) AS n FROM audit'))[0]!.n);
    if (n === last) return;
    last = n;
    await new Promise((r) => setTimeout(r, 300));
  }
}

export const pending = async (ws: Awaited<ReturnType<typeof page>>) =>
  ((await ask(ws, 'approvals.pending')).value as Approval[]) ?? [];

/** `audit verify --team FILE`'s first line. */
export function verifyTeam(file: string): string {
  const r = spawnSync(process.execPath, [BIN, 'audit', 'verify', '--team', file], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  return r.stdout + r.stderr;
}

/** Waits until an instance serves the fixture's tools to an agent (its own connection to the server is up). */
export async function served(at: TeamInstance, token: string): Promise<void> {
  const agent = await agentClient(at, token);
  try {
    for (let i = 0; i < 300; i++) {
      if ((await agent.listTools()).tools.some((t) => t.name === 'fx.echo')) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`instance ${at.name} did not serve fx.echo in 30 s`);
  } finally {
    await agent.close();
  }
}

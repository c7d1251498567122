import { TestCore } from '../../electron/core/testing.js';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { EventName, EventPayload } from '../../shared/contract/index.js';
import type { ServerConfig } from '../../shared/schemas/server.js';
import type { Approval, CallRecord } from '../../shared/schemas/call.js';
import { type ConsentProvider, type ConsentQuestion, type CoreOptions } from '../../electron/core/index.js';
import type { AuditIo } from '../../electron/core/audit/index.js';

/** A person at the terminal who answers every consent question as told (yes by default), remembering each question. */
export function scriptedConsent(
  answer: (q: ConsentQuestion) => boolean | 'unavailable' | Promise<boolean | 'unavailable'> = () => true,
): ConsentProvider & { asked: ConsentQuestion[] } {
  const asked: ConsentQuestion[] = [];
  return { where: 'the test terminal', via: 'terminal', asked, ask: async (q) => (asked.push(q), answer(q)) };
}

/** The compiled fixture server (npm test builds it first). */
export const FIXTURE = resolve('out/node/e2e/fixtures/server.js');
/** The review's worker as built (tests run the core from source; its worker runs built, as in every front end). */
export const REVIEW_WORKER = resolve('out/node/electron/core/review/review-worker.js');
/** The reference server from npm. */
export const EVERYTHING = resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'mcp-console-test-'));
}

export function fixtureStdio(env: Record<string, string> = {}): ServerConfig {
  return { type: 'stdio', command: process.execPath, args: [FIXTURE], env, cwd: undefined };
}

/** A core on a fresh data directory, closed and removed by `dispose`. */
export function makeCore(
  opts: {
    auditFsync?: boolean;
    consent?: ConsentProvider | null;
    auditIo?: AuditIo;
    dataDir?: string;
    review?: CoreOptions['review'];
    policy?: CoreOptions['policy'];
    ship?: CoreOptions['ship'];
  } = {},
) {
  const dataDir = opts.dataDir ?? tempDir();
  const core = new TestCore({
    dataDir,
    // The review runs in its built worker, as in every front end (npm test builds before the integration lane).
    review: opts.review ?? { worker: REVIEW_WORKER },
    auditFsync: opts.auditFsync ?? false,
    auditIo: opts.auditIo,
    consent: opts.consent === undefined ? scriptedConsent() : opts.consent,
    // The machine's managed policy (if one is deployed) is not the test's.
    policy: { managed: null, ...opts.policy },
    ship: opts.ship,
  });
  const problems = core.start();
  return {
    core,
    dataDir,
    /** What the core's start reported (config, consents, the audit log's state). */
    problems,
    dispose: async () => {
      // A wait for an event that never came ends with its core: no timer outlives the test.
      for (const end of waits.get(core) ?? []) end();
      waits.delete(core);
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The waits of each core still open: ended (their timers cleared) when the core is disposed. */
const waits = new Map<TestCore, Set<() => void>>();

/** Resolves with the first event of that name that passes the test (events are never polled). */
export function nextEvent<N extends EventName>(
  core: TestCore,
  name: N,
  test: (p: EventPayload<N>) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<EventPayload<N>> {
  return new Promise((resolvePromise, reject) => {
    const mine = waits.get(core) ?? waits.set(core, new Set()).get(core)!;
    const end = () => {
      clearTimeout(timer);
      off();
      mine.delete(end);
    };
    const timer = setTimeout(() => (end(), reject(new Error(`no ${name} event within ${timeoutMs} ms`))), timeoutMs);
    const off = core.onEvent((n: EventName, p: unknown) => {
      if (n === (name as EventName) && test(p as EventPayload<N>)) {
        end();
        resolvePromise(p as EventPayload<N>);
      }
    });
    mine.add(end);
  });
}

/** Starts a server over HTTP (or SSE) on a free loopback port; resolves with its base URL. */
export function startHttp(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  ready = /listening on (http:\/\/127\.0\.0\.1:\d+)/,
): Promise<{ url: string; child: ChildProcess; stop: () => void }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        child.stdout!.off('data', onData);
        child.stderr!.off('data', onData);
        resolvePromise({ url: m[1]!, child, stop: () => child.kill('SIGKILL') });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready: ${out}`)));
    setTimeout(() => reject(new Error(`server not ready in 15 s: ${out}`)), 15_000).unref();
  });
}

export type Harness = ReturnType<typeof makeCore>;

/** Asks for a call and approves it, without waiting for its outcome: resolves with the call and the approval. */
export async function approveCall(
  h: Harness,
  server: string,
  tool: string,
  args: Record<string, unknown> = {},
  opts: { scope?: 'once' | 'session'; asTask?: boolean } = {},
): Promise<{ record: CallRecord; approval: Approval }> {
  const asked = nextEvent(h.core, 'approval.requested', (a) => a.serverId === server && a.tool === tool);
  const record = h.core.requestCall(server, tool, args, CONSOLE_USER, { asTask: opts.asTask });
  const approval = await asked;
  h.core.decide(
    { approvalId: approval.id, decision: 'approve', argsHash: approval.argsHash, scope: opts.scope ?? 'once' },
    'user',
  );
  return { record, approval };
}

/** Asks for a call and approves it once; resolves with the finished record. */
export async function callApproved(
  h: Harness,
  server: string,
  tool: string,
  args: Record<string, unknown> = {},
  scope: 'once' | 'session' = 'once',
) {
  const { record } = await approveCall(h, server, tool, args, { scope });
  return h.core.waitCall(record.id);
}

/** The reference server over stdio, as the server of that id. */
export function everythingStdio(): ServerConfig {
  return { type: 'stdio', command: process.execPath, args: [EVERYTHING], env: {}, cwd: undefined };
}

/** A core with the reference server (`everything`, stdio) connected. */
export async function withEverything(): Promise<Harness> {
  const h = makeCore();
  h.core.addServer('everything', everythingStdio());
  await h.core.connect('everything');
  return h;
}

/** The modern-only fixture (2026-07-28, Streamable HTTP). */
export const MODERN = resolve('out/node/e2e/fixtures/modern-server.js');

/**
 * A core with the reference server (`everything`, stdio, the 2025 era) and our modern-only fixture
 * (`modern`, HTTP, 2026-07-28), both connected; `close` ends all of it.
 */
export async function bothEras(): Promise<{
  h: Harness;
  modern: { url: string; stop: () => void };
  close: () => Promise<void>;
}> {
  const h = makeCore();
  const modern = await startHttp(MODERN, ['--port', '0']);
  h.core.addServer('everything', everythingStdio());
  h.core.addServer('modern', { type: 'http', url: `${modern.url}/mcp`, headers: {} });
  await h.core.connect('everything');
  await h.core.connect('modern');
  return {
    h,
    modern,
    close: async () => {
      await h.dispose();
      modern.stop();
    },
  };
}

/** How many tools/call requests for `tool` reached the fixture process (asked through the gate). */
export async function callsSeen(h: Harness, server: string, tool: string): Promise<number> {
  const r = await callApproved(h, server, 'calls_seen', { name: tool });
  return Number(String(r.result!.content[0]?.text));
}

/** A free loopback port (for servers that cannot report the one they picked): the harnesses' one chooser. */
export { freePort } from './ports.js';

/**
 * Runs the built command line on a config file naming these servers (host-config form), with its own data directory;
 * waits for it to end.
 */
export function runCli(h: Harness, servers: Record<string, unknown>, args: string[], timeout = 60_000) {
  const config = join(h.dataDir, `cli-${randomUUID()}.json`);
  writeFileSync(config, JSON.stringify({ mcpServers: servers }));
  return spawnSync(
    process.execPath,
    [resolve('bin/mcp-console.js'), ...args, '--config', config, '--data-dir', join(h.dataDir, 'cli')],
    {
      encoding: 'utf8',
      timeout,
    },
  );
}

/** Runs the fixture's change_tools through the gate (approved once); resolves with the catalog event it caused. */
export async function changeTools(
  h: ReturnType<typeof makeCore>,
  action: string,
): Promise<EventPayload<'catalog.changed'>> {
  const changed = nextEvent(h.core, 'catalog.changed', (e) => e.change.reason === 'list_changed');
  const asked = nextEvent(h.core, 'approval.requested', (a) => a.tool === 'change_tools');
  const rec = h.core.requestCall('fx', 'change_tools', { action }, CONSOLE_USER);
  const a = await asked;
  h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
  await h.core.waitCall(rec.id);
  return changed;
}

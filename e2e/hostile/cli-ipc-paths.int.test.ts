import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { IpcMainInvokeEvent } from 'electron';
import { registerIpc } from '../../electron/hosts/desktop/main/ipc.js';
import { requestChannel } from '../../shared/preload-api.js';
import type { RequestName } from '../../shared/contract/index.js';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { dispatch } from '../../electron/core/index.js';
import { ATTACKS, deepText } from '../fixtures/attack-server.js';
import { fixtureStdio, makeCore, type Harness } from '../harness/harness.js';
import { ATTACK_SERVER } from './attack-kit.js';

const BIN = resolve('bin/mcp-console.js');
const dir = mkdtempSync(join(tmpdir(), 'mcp-console-hostile-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A config with the hostile server in one mode as `bad`, beside the honest fixture. */
function configFor(attack: string): string {
  const file = join(dir, `${attack}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      mcpServers: {
        bad: { command: process.execPath, args: [ATTACK_SERVER], env: { ATTACK: attack } },
        honest: { command: process.execPath, args: [resolve('out/node/e2e/fixtures/server.js')] },
      },
    }),
  );
  return file;
}

function cli(attack: string, ...args: string[]) {
  const r = spawnSync(
    process.execPath,
    [BIN, ...args, '--config', configFor(attack), '--data-dir', join(dir, `data-${attack}`)],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { ...r, all: `${r.stdout}\n${r.stderr}` };
}

/**
 * The command line, verb by verb, against the hostile server: each ends on its own terms (an exit
 * code, not a signal or a stack overflow) and says what was refused.
 */
describe('the CLI verbs against a hostile server', () => {
  const cases: [string, string, string[], RegExp, number?][] = [
    ['tools', 'deep-list', ['tools', 'bad'], /nests deeper than 1,000 levels/],
    [
      'call',
      'deep-result',
      ['call', 'bad', 'echo', '--args', '{"message":"x"}', '--yes'],
      /refused.*nests deeper than 1,000 levels/,
    ],
    ['resources read', 'deep-resource', ['resources', 'read', 'bad', 'attack://doc'], /nests deeper than 1,000 levels/],
    ['prompts get', 'deep-prompt', ['prompts', 'get', 'bad', 'greet'], /nests deeper than 1,000 levels/],
    ['doctor', 'deep-list', ['doctor', 'bad'], /nests deeper than 1,000 levels[\s\S]*a message the console refuses/, 0],
    [
      'review',
      'deep-list',
      ['review', '--server', 'bad'],
      /could not be reviewed: tools\/list failed: refused by MCP Console: the server's message nests deeper than 1,000 levels/,
      2,
    ],
    [
      'review',
      'huge-description',
      ['review', '--server', 'bad', '--format', 'json'],
      /the pattern rules read the first 65,536/,
      1,
    ],
  ];
  for (const [verb, attack, args, said, status] of cases)
    it(`${verb} (${attack}) ends with an exit code and says what it refused`, () => {
      const r = cli(attack, ...args);
      expect(r.signal, r.all).toBeNull();
      expect(r.all).not.toMatch(/RangeError|Maximum call stack|at .*\.js:\d+:\d+\)/);
      expect(r.all).toMatch(said);
      if (status !== undefined) expect(r.status, r.all).toBe(status);
      else expect(r.status, r.all).not.toBe(0);
      // The honest server of the same config still answers the same command line.
      const honest = cli(attack, 'call', 'honest', 'echo', '--args', '{"message":"fine"}', '--yes');
      expect(honest.status, honest.all).toBe(0);
      expect(honest.stdout).toContain('fine');
    });
});

/**
 * Every mode of the hostile server (but the stall, which waits out a timeout, and the sign-in
 * modes) through the two verbs that walk everything a server serves: `doctor` and `review` (which
 * reviews in its worker). A mode added later runs here by itself.
 */
describe('every hostile mode through doctor and review', () => {
  const modes = ATTACKS.filter((m) => !['stall', 'auth-deep', 'auth-huge'].includes(m));
  const run = (attack: string, args: string[]) =>
    new Promise<{ status: number | null; signal: NodeJS.Signals | null; all: string }>((done) => {
      const child = spawn(process.execPath, [
        BIN,
        ...args,
        '--config',
        configFor(attack),
        '--data-dir',
        join(dir, `data-all-${attack}-${args[0]}`),
      ]);
      let all = '';
      child.stdout.on('data', (d: Buffer) => (all += d.toString().slice(0, 100_000)));
      child.stderr.on('data', (d: Buffer) => (all += d.toString().slice(0, 100_000)));
      child.on('close', (status, signal) => done({ status, signal, all }));
    });
  it.each(modes)(
    '%s: both end with an exit code, no stack overflow, and the review says what it read',
    async (attack) => {
      const [doctor, review] = await Promise.all([
        run(attack, ['doctor', 'bad']),
        run(attack, ['review', '--server', 'bad', '--format', 'json']),
      ]);
      for (const r of [doctor, review]) {
        expect(r.signal, r.all).toBeNull();
        expect([0, 1, 2], r.all).toContain(r.status);
        expect(r.all).not.toMatch(/RangeError|Maximum call stack|at .*\.js:\d+:\d+\)/);
      }
      // The review names the server's outcome: reviewed, or why it could not be.
      expect(review.all).toMatch(/"id": "bad"[\s\S]*"status": "(reviewed|failed)"|could not be reviewed/);
    },
    120_000,
  );
});

/** The desktop app's IPC dispatch, registered as the shell does, with Electron's ipcMain played by a map. */
describe("the desktop app's IPC dispatch with hostile input", () => {
  let h: Harness | undefined;
  afterEach(async () => h?.dispose());

  it('refuses a 100,000-level input as that request, clips a long name, and goes on', async () => {
    h = makeCore();
    h.core.addServer('honest', fixtureStdio());
    await h.core.connect('honest');
    const channels = new Map<
      string,
      (
        e: IpcMainInvokeEvent,
        input: unknown,
      ) => Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>
    >();
    registerIpc(
      { handle: (ch, fn) => void channels.set(ch, fn as never), on: () => ({}) as never },
      h.core.handlers({ requester: CONSOLE_USER }),
      () => true,
    );
    const invoke = (name: string, input: unknown) =>
      channels.get(requestChannel(name as RequestName))!({ senderFrame: null } as unknown as IpcMainInvokeEvent, input);
    expect(channels.size).toBeGreaterThan(50);
    const deep = await invoke('servers.list', JSON.parse(deepText(100_000)));
    expect(deep).toEqual({
      ok: false,
      error: { code: 'bad-input', message: 'servers.list: the request was refused: it nests deeper than 1,000 levels' },
    });
    const args = await invoke('calls.request', {
      serverId: 'honest',
      tool: 'echo',
      args: { message: 'm', x: JSON.parse(deepText(3000)) },
    });
    expect(args.error?.message).toMatch(/nests deeper than 1,000 levels/);
    const ok = await invoke('calls.request', { serverId: 'honest', tool: 'echo', args: { message: 'fine' } });
    expect(ok.ok).toBe(true);
  });
});

describe('names a peer sends are never echoed back whole', () => {
  it('a call to a 100,000-character tool name is refused with a short message that still says why', async () => {
    const h = makeCore();
    try {
      h.core.addServer('honest', fixtureStdio());
      await h.core.connect('honest');
      const r = await dispatch(h.core.handlers({ requester: CONSOLE_USER }), 'calls.request', {
        serverId: 'honest',
        tool: 'n'.repeat(100_000),
        args: {},
      });
      expect(r.ok).toBe(false);
      const message = r.ok ? '' : r.error.message;
      expect(message.length).toBeLessThanOrEqual(1000);
      expect(message).toMatch(/^server "honest" offers no tool "nnn/);
      expect(message).toMatch(/characters left out/);
    } finally {
      await h.dispose();
    }
  });
});

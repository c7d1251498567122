import { TestCore } from '../../electron/core/testing.js';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EVERYTHING,
  everythingStdio,
  REVIEW_WORKER,
  runCli,
  scriptedConsent,
  tempDir,
  type Harness,
} from '../harness/harness.js';

/**
 * A command-line command's servers end by themselves when it ends (issue "Performance, round three"):
 * the command offers roots only to a server that has some, because server-everything — told it may
 * ask — asks 350 ms after it starts and then stays up, its request unanswered, until it is signalled.
 */
describe('a one-shot run and the server it started', () => {
  const cores: { core: TestCore; dataDir: string }[] = [];
  afterEach(async () => {
    for (const { core, dataDir } of cores.splice(0)) {
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  const open = (fixedRoots: boolean) => {
    const dataDir = tempDir();
    const core = new TestCore({
      dataDir,
      auditFsync: false,
      consent: scriptedConsent(),
      review: { worker: REVIEW_WORKER },
      fixedRoots,
    });
    core.start();
    cores.push({ core, dataDir });
    return core;
  };
  /** Connects, disconnects at once (as `tools` closes after listing), and says how the server process ended. */
  const connectAndClose = async (core: TestCore) => {
    core.addServer('everything', everythingStdio());
    expect((await core.connect('everything')).status).toBe('connected');
    await core.disconnect('everything');
    const [entry] = core.queryAudit({ serverId: 'everything', kind: 'disconnect', limit: 1 });
    return {
      ...(entry?.detail as { exit?: object } | undefined)?.exit,
      rootsAsked: core.queryAudit({ serverId: 'everything', kind: 'roots-listed', limit: 5 }).length,
    };
  };

  it('fixed roots, none set: roots are not offered, and the server exits by itself when its input ends', async () => {
    expect(await connectAndClose(open(true))).toEqual({ code: 0, signal: null, rootsAsked: 0 });
  });

  it('the console (roots may be added later): roots are offered even when none are set; the server asks, then will not exit by itself', async () => {
    expect(await connectAndClose(open(false))).toMatchObject({ code: null, signal: 'SIGTERM' });
  });

  it('the console: a server offered roots is answered when it asks', async () => {
    const core = open(false);
    core.addServer('everything', everythingStdio());
    expect((await core.connect('everything')).status).toBe('connected');
    await expect
      .poll(() => core.queryAudit({ serverId: 'everything', kind: 'roots-listed', limit: 5 }).length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
  });

  it('fixed roots, some set: they are offered and given to the server that asks', async () => {
    const core = open(true);
    core.addServer('everything', everythingStdio(), { roots: [{ uri: 'file:///tmp' }] });
    expect((await core.connect('everything')).status).toBe('connected');
    await expect
      .poll(() => core.queryAudit({ serverId: 'everything', kind: 'roots-listed', limit: 5 }).length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
  });

  it('`mcp-console tools` lists server-everything and exits 0', () => {
    const dataDir = tempDir();
    try {
      const r = runCli({ dataDir } as Harness, { everything: { command: process.execPath, args: [EVERYTHING] } }, [
        'tools',
        'everything',
      ]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/\becho\b/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

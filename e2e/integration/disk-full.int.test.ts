import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StdioTransport } from '../../electron/core/servers/stdio-transport.js';
import { fixtureStdio, makeCore, nextEvent, tempDir } from '../harness/harness.js';

/** Counts the tools/call messages that actually leave for a server process. */
function watchSends() {
  const sent: string[] = [];
  const orig = StdioTransport.prototype.send;
  const spy = vi.spyOn(StdioTransport.prototype, 'send').mockImplementation(function (this: StdioTransport, m) {
    if ('method' in m && m.method === 'tools/call') sent.push(JSON.stringify(m));
    return orig.call(this, m);
  });
  return { sent, restore: () => spy.mockRestore() };
}

async function askAndApprove(h: ReturnType<typeof makeCore>) {
  const asked = nextEvent(h.core, 'approval.requested');
  const rec = h.core.requestCall('fx', 'echo', { message: 'x'.repeat(200) }, CONSOLE_USER);
  const a = await asked;
  h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
  return h.core.waitCall(rec.id);
}

describe('a nearly full disk', () => {
  let h: ReturnType<typeof makeCore> | undefined;
  let watch: ReturnType<typeof watchSends> | undefined;
  afterEach(async () => {
    watch?.restore();
    await h?.dispose();
    h = undefined;
  });

  it('sends no call when the approval entry is written only in part (a short-writing file)', async () => {
    let failing = false;
    h = makeCore({
      auditFsync: true,
      auditIo: {
        writeSync: (fd, buf, off, len) =>
          failing ? (len > 40 ? writeSync(fd, buf, off, 40) : 0) : writeSync(fd, buf, off, len),
        fdatasyncSync: () => {},
      },
    });
    h.core.addServer('fx', fixtureStdio());
    // Watched before connecting: the trace's tap binds the transport's send when the connection opens.
    watch = watchSends();
    await h.core.connect('fx');
    expect(await askAndApprove(h)).toMatchObject({ outcome: 'ok' });
    expect(watch.sent).toHaveLength(1);
    failing = true;
    const r = await askAndApprove(h).catch((e: Error) => ({ thrown: e.message }));
    // Either the request itself could not be recorded, or its approval could not: in both cases nothing left.
    expect(JSON.stringify(r)).toMatch(/audit/);
    expect(watch.sent).toHaveLength(1);
    expect(h.core.verifyAudit().ok).toBe(true);
  });

  it('sends no call when the approval cannot be written on a small tmpfs that is full', async (ctx) => {
    const dir = tempDir();
    const mnt = join(dir, 'small');
    mkdirSync(mnt);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mnt], { stdio: 'pipe' });
    } catch (e) {
      console.log(
        `skipped: cannot mount a tmpfs here (${String((e as Error).message).split('\n')[0]}); the injected short write above covers the same path`,
      );
      rmSync(dir, { recursive: true, force: true });
      ctx.skip();
      return;
    }
    try {
      h = makeCore({ auditFsync: true, dataDir: join(mnt, 'data') });
      h.core.addServer('fx', fixtureStdio());
      watch = watchSends();
      await h.core.connect('fx');
      expect(await askAndApprove(h)).toMatchObject({ outcome: 'ok' });
      // Fill the disk to the last few bytes.
      let n = 0;
      for (const size of [32768, 8192, 2048, 512, 128, 32, 8]) {
        for (;;) {
          try {
            writeFileSync(join(mnt, `fill-${n++}`), Buffer.alloc(size));
          } catch {
            break;
          }
        }
      }
      const r = await askAndApprove(h).catch((e: Error) => ({ thrown: e.message }));
      expect(JSON.stringify(r)).toMatch(/audit|ENOSPC|no space/i);
      expect(watch.sent).toHaveLength(1);
      await h.dispose();
      h = undefined;
    } finally {
      execFileSync('umount', ['-l', mnt]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

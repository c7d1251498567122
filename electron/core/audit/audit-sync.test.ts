import { rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../e2e/harness/harness.js';
import { AuditLog, type AuditIo } from './audit-log.js';

/**
 * How a durable entry reaches the disk: shared syncs off the loop, or one sync on it for a call alone on a fast disk.
 */
describe('AuditLog durable appends', () => {
  let dir: string;
  let log: AuditLog;
  /** Syncs handed to a worker, held until the test lets them finish. */
  let held: Array<() => void>;
  /** Syncs run on the loop. */
  let onLoop: number;
  let failOnLoop: boolean;
  /** The clock syncs are timed by: moved by the test, so a loaded machine cannot make a fast disk look slow. */
  let clock: number;
  beforeEach(() => {
    clock = 0;
    dir = tempDir();
    held = [];
    onLoop = 0;
    failOnLoop = false;
    const io: AuditIo = {
      writeSync: (fd, buf, off, len) => writeSync(fd, buf, off, len),
      fdatasyncSync: () => {
        if (failOnLoop) throw new Error('EIO: the disk went away');
        onLoop++;
      },
      fdatasync: (_fd, done) => held.push(() => done(null)),
      now: () => clock,
    };
    log = new AuditLog(join(dir, 'audit.jsonl'), { fsync: true, io });
    log.open();
  });
  afterEach(() => {
    log.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const approve = (alone: boolean) =>
    log.appendDurable({ kind: 'approved', serverId: 's', tool: 't' }, { alone }).durable;
  const release = async () => {
    for (const go of held.splice(0)) go();
    await new Promise((r) => setImmediate(r));
  };

  it('shares one sync among the entries that come while one is under way, and resolves none before its sync', async () => {
    const settled: number[] = [];
    const first = approve(false).then(() => settled.push(1));
    const rest = [2, 3, 4].map((n) => approve(false).then(() => settled.push(n)));
    expect(held).toHaveLength(1);
    await new Promise((r) => setImmediate(r));
    expect(settled).toEqual([]);
    await release();
    await first;
    expect(settled).toEqual([1]);
    expect(held).toHaveLength(1); // the three that waited: one sync for all of them
    await release();
    await Promise.all(rest);
    expect(settled).toEqual([1, 2, 3, 4]);
    expect(onLoop).toBe(0);
  });

  it('syncs a call alone on the loop once the disk is known to be fast, and resolves it only after that sync', async () => {
    const first = approve(true);
    expect(held).toHaveLength(1); // how fast the disk is is not known yet: off the loop
    await release();
    await first;
    let resolved = false;
    const second = approve(true).then(() => (resolved = true));
    expect(onLoop).toBe(1);
    expect(held).toHaveLength(0);
    await second;
    expect(resolved).toBe(true);
  });

  it('keeps the sync off the loop when other calls are in flight, or when the disk has been slow', async () => {
    const first = approve(true);
    await release();
    await first;
    const busy = approve(false);
    expect(held).toHaveLength(1);
    expect(onLoop).toBe(0);
    clock += 25; // this sync takes 25 ms: the disk is slow now
    await release();
    await busy;
    const slow = approve(true);
    expect(held).toHaveLength(1);
    expect(onLoop).toBe(0);
    await release();
    await slow;
  });

  it('rejects an entry whose sync on the loop fails, and takes no more', async () => {
    const first = approve(true);
    await release();
    await first;
    failOnLoop = true;
    await expect(approve(true)).rejects.toThrow(/EIO/);
    expect(() => approve(true)).toThrow(/could not be written/);
  });
});

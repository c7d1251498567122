import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { processAlive } from '../support/index.js';

/**
 * One writer per audit log: a lock file beside it holding the writer's process id. Two processes
 * appending to one log would each chain from their own last entry and break the chain (verify would
 * then cry tampering). A lock left by a process that is gone is taken over.
 */
export class WriterLock {
  private held = false;
  /** The lock was left by a process that is gone: the last writer stopped without closing the log. */
  tookOver = false;

  constructor(readonly path: string) {}

  /** Takes the lock; returns the process id of another live writer instead, when there is one. */
  take(): number | null {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(this.path, 'wx', 0o600);
        writeSync(fd, String(process.pid));
        closeSync(fd);
        this.held = true;
        return null;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return null; // no lock possible here (read-only folder?): go on as before
        let pid = 0;
        try {
          pid = Number(readFileSync(this.path, 'utf8'));
        } catch {
          /* unreadable: taken over below */
        }
        if (pid > 0 && pid !== process.pid && processAlive(pid)) return pid;
        if (pid > 0 && pid !== process.pid) this.tookOver = true;
        rmSync(this.path, { force: true }); // left by a process that is gone (or by this one): taken over
      }
    }
    return null;
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    try {
      if (readFileSync(this.path, 'utf8') === String(process.pid)) rmSync(this.path, { force: true });
    } catch {
      /* already gone */
    }
  }
}

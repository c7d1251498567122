import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { readPlacedText, processAlive, processStart } from '../support/index.js';

/**
 * One writer per audit log: a lock file beside it naming the writer's process (its id and, where the
 * system says, its start time). Two processes appending to one log would each chain from their own
 * last entry and break the chain (verify would then cry tampering). A lock left by a process that is
 * gone is taken over: one whose id is free, now a zombie, or now used by a process that started later.
 */
export class WriterLock {
  private held = false;
  /** The lock was left by a process that is gone: the last writer stopped without closing the log. */
  tookOver = false;
  private readonly mine = ownerText(process.pid);

  constructor(readonly path: string) {}

  /** Takes the lock; returns the process id of another live writer instead, when there is one. */
  take(): number | null {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(this.path, 'wx', 0o600);
        writeSync(fd, this.mine);
        closeSync(fd);
        this.held = true;
        return null;
      } catch (e) {
        // no lock possible here (read-only folder?): go on as before
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return null;
        let owner: Owner = { pid: 0 };
        try {
          owner = parseOwner(readPlacedText(this.path, 'the writer lock', 64 * 1024));
        } catch {
          /* unreadable: taken over below */
        }
        const { pid, started } = owner;
        if (pid > 0 && pid !== process.pid && processAlive(pid, started)) return pid;
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
      if (readPlacedText(this.path, 'the writer lock', 64 * 1024) === this.mine) rmSync(this.path, { force: true });
    } catch {
      /* already gone */
    }
  }
}

interface Owner {
  pid: number;
  started?: string;
}

/** The lock's text: "PID START" (a bare "PID" where the start time is unknown, as older consoles wrote it). */
function ownerText(pid: number): string {
  const started = processStart(pid);
  return started && started !== 'zombie' ? `${pid} ${started}` : String(pid);
}

function parseOwner(text: string): Owner {
  const [pid, started] = text.trim().split(' ');
  return { pid: Number(pid), ...(started ? { started } : {}) };
}

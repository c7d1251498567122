import { closeSync, existsSync, fstatSync, ftruncateSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CheckpointSigner } from './signing.js';
import { CheckpointFile, type Checkpoint } from './checkpoint.js';
import { lastLine, setAsideTornTail } from './log-tail.js';
import { verifyChain } from './audit-verify.js';
import { WriterLock } from './writer-lock.js';
import { SyncJournal } from './sync-journal.js';
import { restoreFromJournal } from './journal-restore.js';
import { entryHash, GENESIS, sealedLine } from './chain.js';
import type { AuditEntry, AuditVerifyResult } from '../../../shared/schemas/audit.js';
import type { AuditFields } from './audit-fields.js';
import { matching, type AuditFilter } from './log-query.js';
import { nodeIo, writeAll, type AuditIo } from './audit-io.js';
import { AUDIT_LOG_MAX, readPlacedText, sha256 } from '../support/index.js';
import { unfinishedCalls } from './unfinished-calls.js';

export { entryHash, GENESIS, writeAll, type AuditIo };

/** A sync that has been taking longer than this never runs on the loop (see appendDurable). */
const INLINE_SYNC_MS = 2;

interface SyncWaiter {
  resolve: () => void;
  reject: (e: Error) => void;
}

/**
 * The append-only audit log: one JSON object a line, each chained to the one before by hash, so
 * that a changed, removed or reordered entry is found by `verify`; a checkpoint file beside it
 * holds the newest sequence number and hash, so that entries cut off its end are found too.
 * Appends are synchronous; an entry that gates a call is written whole and flushed before the
 * call is sent, or the append throws and nothing is sent.
 */
export class AuditLog {
  private fd: number | null = null;
  private seq = 0;
  private prevHash = GENESIS;
  private broken: string | null = null;
  /** Lines appended but not yet written; written in order with the next flushed entry, or on the next tick. */
  private queue: { line: string; seq: number; hash: string }[] = [];
  /** The newest entry actually in the file: what the checkpoint records (never an entry not yet written). */
  private written: Checkpoint = { seq: 0, hash: GENESIS };
  private scheduled = false;
  private writeError: Error | null = null;
  private readonly io: AuditIo;
  /** Bytes in the file (it is only appended to, by this object). */
  private size = 0;
  private readonly checkpoint: CheckpointFile;
  private readonly lock: WriterLock;
  /** Set when another process holds the log (why this one writes nothing). */
  private lockedBy: string | null = null;
  /** Group commit: one fdatasync in flight at a time; whoever waits meanwhile shares the next one. */
  private syncing = false;
  private waiters: SyncWaiter[] = [];
  /**
   * How long syncs have been taking (a moving average that halves an old figure's weight each sync, ms; unknown until
   * the first).
   */
  private syncMs = Infinity;
  /** close() came while a sync was in flight: these descriptors are closed when it returns. */
  private closeAfterSync: number[] = [];
  /** Where durable entries are synced when it can take them (see sync-journal.ts); none without fsync. */
  private readonly journal: SyncJournal | null;

  constructor(
    readonly path: string,
    private readonly opts: { fsync: boolean; io?: AuditIo; journalBytes?: number; signer?: CheckpointSigner } = {
      fsync: true,
    },
  ) {
    this.io = opts.io ?? nodeIo;
    this.checkpoint = new CheckpointFile(`${path}.checkpoint`, () => this.written, opts.signer);
    this.lock = new WriterLock(`${path}.lock`);
    this.journal = opts.fsync ? new SyncJournal(`${path}.journal`, opts.journalBytes) : null;
  }

  /** What signs the checkpoints (the data directory's key), when it could be opened. */
  get signer(): CheckpointSigner | undefined {
    return this.opts.signer;
  }

  get checkpointPath(): string {
    return this.checkpoint.path;
  }

  /** The checkpoint as written beside the log (with its signature when signed). */
  /** The newest entry's sequence number (written, or queued to be). */
  newestSeq(): number {
    return this.seq;
  }

  checkpointNow(): ReturnType<CheckpointFile['read']> {
    return this.checkpoint.read();
  }

  /** Opens the file and picks the chain up from its last entry; a torn last line is set aside first. */
  open(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const other = this.lock.take();
    this.fd = openSync(this.path, 'a+', 0o600);
    if (other !== null) {
      // SECURITY: another console writes this log. This one writes nothing to it: what only records is
      // left out (the warning says so), and what must be on disk first (an approval) fails, so no call is sent.
      this.lockedBy = `another MCP Console (process ${other}) is writing the audit log ${this.path}; one writer keeps its chain whole, so this one records nothing and sends no call: use that console, stop it, or use another --data-dir`;
      this.broken = this.lockedBy;
      return;
    }
    let restored: ReturnType<typeof restoreFromJournal>;
    try {
      restored = this.journal ? restoreFromJournal(this.journal.path, this.fd, this.io) : null;
    } catch (e) {
      // Not written back (a full disk): the journal is left as it is (nothing is written over it before
      // the log takes a sync, and a full disk takes none), so the next start puts it back; a part
      // written back is a torn tail, set aside below.
      restored = {
        skipped: `it could not be written back into the log (${(e as Error).message}); it is kept for the next start`,
      };
    }
    const torn = setAsideTornTail(this.fd, this.path);
    this.size = fstatSync(this.fd).size;
    this.journal?.open();
    const last = lastLine(this.fd);
    if (last) {
      try {
        const e = JSON.parse(last) as AuditEntry;
        this.seq = typeof e.seq === 'number' ? e.seq : 0;
        this.prevHash = typeof e.hash === 'string' ? e.hash : sha256(last);
        this.written = { seq: this.seq, hash: this.prevHash };
      } catch {
        // A whole line that is not JSON is not an interrupted write: keep chaining; verify points at it.
        this.prevHash = sha256(last);
        this.broken = 'the last line of the audit log is not JSON';
      }
    }
    if (restored && 'lines' in restored)
      this.append(
        {
          kind: 'log-recovered',
          reason: `${restored.lines} ${restored.lines === 1 ? 'entry' : 'entries'} that were on disk only in the sync journal (the machine stopped before the log was written out) were restored from it`,
          detail: { file: this.journal!.path, bytes: restored.bytes, entries: restored.lines },
        },
        true,
      );
    else if (restored) this.broken = `the sync journal was not used: ${restored.skipped}`;
    if (torn) {
      this.append(
        {
          kind: 'log-recovered',
          reason: `a torn last line (${torn.bytes} bytes, from an interrupted write) was set aside`,
          detail: { file: torn.file, bytes: torn.bytes },
        },
        true,
      );
      this.broken = `${this.broken ? `${this.broken}; ` : ''}the audit log ended in a torn line (an interrupted write); it was kept in ${torn.file} and the log goes on from the last whole entry`;
    } else if (this.seq > 0 && !existsSync(this.checkpointPath)) {
      this.checkpoint.writeNow();
    }
    // The last writer stopped without closing the log (its lock was left behind, or the log had to be
    // mended): the calls it left without an outcome get one, saying what is known of each.
    if (this.lock.tookOver || (restored && 'lines' in restored) || torn) {
      const open = unfinishedCalls(this.path);
      open.forEach((fields, i) => this.append(fields, i === open.length - 1));
      const unknown = open.filter((f) => f.outcome === 'unknown').length;
      if (open.length)
        this.broken = `${this.broken ? `${this.broken}; ` : ''}MCP Console stopped last time without closing its audit log, with ${open.length} ${open.length === 1 ? 'call' : 'calls'} open: ${unknown ? `${unknown} had been approved and may have reached their server (outcome unknown), ` : ''}${open.length - unknown} had not been sent; each is marked "abandoned" in the log`;
    }
  }

  /** A problem found when the log was opened, if any. */
  get warning(): string | null {
    return this.broken;
  }

  /**
   * Appends one entry with a synchronous write (it is out of the process when this returns). With
   * `flush`, it is also on disk (fdatasync) before this returns: used for the entry that lets a
   * call go out. Throws when it cannot be written whole: the caller must then not act.
   */
  append(fields: AuditFields, flush = false): AuditEntry {
    if (this.fd === null) throw new Error('the audit log is not open');
    if (this.writeError) throw new Error(`the audit log could not be written: ${this.writeError.message}`);
    if (this.lockedBy !== null) {
      if (flush) throw new Error(this.lockedBy);
      // not written: see lockedBy
      return { ...fields, seq: 0, time: new Date().toISOString(), prevHash: '', hash: '' } as AuditEntry;
    }
    // Object.assign, not a spread with fields after it: the same object (same key order), a quarter of the time.
    const body = Object.assign({}, fields, {
      seq: this.seq + 1,
      time: new Date().toISOString(),
      prevHash: this.prevHash,
    }) as Record<string, unknown>;
    const { line, hash } = sealedLine(body);
    body.hash = hash;
    const entry = body as unknown as AuditEntry;
    this.queue.push({ line: line + '\n', seq: entry.seq, hash });
    this.seq = entry.seq;
    this.prevHash = entry.hash;
    if (flush) {
      this.drain();
      if (this.opts.fsync) this.sync();
    } else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        try {
          this.drain();
        } catch {
          /* recorded in writeError: the next append throws */
        }
      });
    }
    return entry;
  }

  /**
   * Appends one entry, writes it at once, and resolves when it is on disk. Concurrent callers share
   * one fdatasync (group commit), run off the main thread: a thousand approvals a second cost a few
   * hundred syncs, not a thousand, and the loop keeps serving meanwhile. Rejects (or throws) when
   * the entry cannot be written or synced: the caller must then not act.
   *
   * `alone` (nothing else in flight that the loop would serve meanwhile): the sync runs on the loop,
   * when the disk has been syncing in under INLINE_SYNC_MS. Handing it to a worker thread and back
   * costs two thread wake-ups, 0.1 ms here, half of what the sync itself takes; a slow disk's syncs
   * stay off the loop whatever the caller says.
   */
  appendDurable(fields: AuditFields, opts: { alone?: boolean } = {}): { entry: AuditEntry; durable: Promise<void> } {
    if (this.lockedBy !== null) throw new Error(this.lockedBy);
    const entry = this.append(fields);
    this.drain();
    if (!this.opts.fsync) return { entry, durable: Promise.resolve() };
    const durable = new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      if (!this.syncing)
        this.groupSync(opts.alone === true && this.waiters.length === 1 && this.syncMs < INLINE_SYNC_MS);
    });
    return { entry, durable };
  }

  /** One fdatasync for everyone waiting now; those who come while it runs wait for the next. */
  private groupSync(inline = false): void {
    const group = this.waiters;
    this.waiters = [];
    const fd = this.fd;
    if (fd === null) {
      const e = new Error('the audit log is closed');
      for (const w of group) w.reject(e);
      return;
    }
    // The lines written since the last sync go to the journal, and the journal is synced; or the log is.
    let target = fd;
    try {
      const plan = this.journal?.plan(this.size);
      if (plan?.target === 'journal') target = plan.fd;
    } catch (e) {
      this.fail(e as Error, null);
      for (const w of group) w.reject(this.writeError!);
      return;
    }
    this.syncing = true;
    const now = this.io.now ?? (() => performance.now());
    const t0 = now();
    const done = (err: Error | null) => {
      this.syncing = false;
      const took = now() - t0;
      this.syncMs = this.syncMs === Infinity ? took : (this.syncMs + took) / 2;
      for (const old of this.closeAfterSync.splice(0)) closeSync(old);
      if (err) {
        this.fail(err, null);
        for (const w of [...group, ...this.waiters.splice(0)]) w.reject(this.writeError!);
        return;
      }
      for (const w of group) w.resolve();
      if (this.waiters.length > 0) this.groupSync();
    };
    if (inline) {
      let err: Error | null = null;
      try {
        this.io.fdatasyncSync(target);
      } catch (e) {
        err = e as Error;
      }
      done(err);
    } else if (this.io.fdatasync) this.io.fdatasync(target, done);
    else
      setImmediate(() => {
        try {
          this.io.fdatasyncSync(target);
          done(null);
        } catch (e) {
          done(e as Error);
        }
      });
  }

  /** Writes every queued line now, in order, with one system call; a failed write leaves no partial line behind. */
  private drain(): void {
    this.scheduled = false;
    if (this.queue.length === 0 || this.fd === null) return;
    if (this.writeError) throw this.writeError;
    const batch = this.queue;
    const buf = Buffer.from(batch.map((q) => q.line).join(''), 'utf8');
    this.queue = [];
    const before = this.size;
    try {
      writeAll(this.io, this.fd, buf);
    } catch (e) {
      this.fail(e as Error, before);
      throw this.writeError;
    }
    this.journal?.wrote(buf, before);
    this.size += buf.length;
    const last = batch.at(-1);
    if (last) this.written = { seq: last.seq, hash: last.hash };
    this.checkpoint.schedule();
  }

  private sync(): void {
    try {
      this.io.fdatasyncSync(this.fd!);
    } catch (e) {
      this.fail(e as Error, null);
      throw this.writeError;
    }
    this.journal?.restart(this.size);
  }

  /** After a failed write the log takes no more entries; the bytes of a half-written line are cut off again. */
  private fail(e: Error, truncateTo: number | null): void {
    this.writeError = e;
    if (truncateTo !== null && this.fd !== null) {
      try {
        ftruncateSync(this.fd, truncateTo);
        this.size = truncateTo;
      } catch {
        /* the torn tail is set aside on the next open */
      }
    }
  }

  /** Resolves once nothing of the log is still being written in the background (the checkpoint, a sync). */
  async idle(): Promise<void> {
    await this.checkpoint.idle();
    while (this.syncing) await new Promise((r) => setImmediate(r));
  }

  close(): void {
    if (this.fd !== null) {
      try {
        this.drain();
      } catch {
        /* writeError already says why */
      } finally {
        // A sync in flight still uses the descriptors: they are closed when that sync returns.
        const fds = [this.fd, this.journal?.detach() ?? null].filter((f): f is number => f !== null);
        if (this.syncing) this.closeAfterSync.push(...fds);
        else for (const f of fds) closeSync(f);
      }
      this.checkpoint.flush();
    }
    this.fd = null;
    this.lock.release();
  }

  /**
   * Checks the whole chain and the checkpoint. Names the first entry that was changed, removed,
   * inserted or reordered; a log that ends before its checkpoint (entries cut off its end); and
   * tells torn tails that were recovered (an interrupted write) apart from tampering.
   */
  verify(): AuditVerifyResult {
    if (this.fd !== null) this.drain();
    this.checkpoint.flush();
    // Not open (the CLI, with no console running): judged with what the sync journal holds past its end.
    return verifyChain(this.path, this.checkpoint, this.fd === null ? `${this.path}.journal` : null);
  }

  /** Entries matching a filter, oldest first; the newest `limit` of them. */
  query(q: AuditFilter): AuditEntry[] {
    return matching(this.readLines(), q);
  }

  private readLines(): string[] {
    if (this.fd !== null) this.drain();
    if (!existsSync(this.path)) return [];
    return readPlacedText(this.path, 'the audit log', AUDIT_LOG_MAX)
      .split('\n')
      .filter((l) => l.length > 0);
  }
}

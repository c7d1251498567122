import { createReadStream, existsSync } from 'node:fs';
import { writeFileAtomic } from '../../support/index.js';
import { readCursor, seqOf } from './ship-cursor.js';
import { createInterface } from 'node:readline';
import type { AuditEntry } from '../../../../shared/schemas/audit.js';
import type { ShipTargetStatus } from '../../../../shared/schemas/shipping.js';
import type { AuditFields } from '../audit-fields.js';
import { anchorFrom } from '../anchor.js';
import type { ShipItem, Sink } from './sink.js';

/** Entries held in memory at most; past it, they are read again from the log (which is the queue on disk). */
const IN_MEMORY = 10_000;
/** Entries a receiver gets in one message (syslog: one write; OTLP: one request). */
const BATCH = 500;
/** Waits between attempts while a receiver is down: doubling from the first to the last. */
const RETRY_MS = [500, 1000, 2000, 5000, 10_000, 30_000];
/** How often the signed checkpoint is shipped after the entries it covers, at most. */
const ANCHOR_EVERY_MS = 1000;

export interface ShipperDeps {
  /** The audit log (read from when the receiver is behind). */
  logPath: string;
  /** Where this target's cursor is kept: the newest entry it is known to have. */
  cursorPath: string;
  /** The log's newest sequence number. */
  logSeq(): number;
  /** The newest signed checkpoint, if any. */
  checkpoint(): { seq: number; hash: string; sig?: string; key?: string } | null;
  audit(f: AuditFields): void;
  changed(): void;
  /** How many entries a new or long-down target is sent at most (older ones are skipped, and that is said). */
  maxBacklog: number;
  /** Where entries are read instead of the log file (a team's chain): those after `seq`, at most `max`, in order. */
  readAfter?(seq: number, max: number): Promise<Array<{ entry: AuditEntry; line: string }>>;
  /** Where the cursor is kept instead of `cursorPath` (a team's store): as read at start, and each delivery's. */
  cursor?: { seq: number; save(seq: number): void };
}

const item = (e: AuditEntry, line: string, end: number | undefined): ShipItem & { end?: number } => ({
  seq: e.seq,
  kind: e.kind,
  time: e.time,
  hash: e.hash,
  prevHash: e.prevHash,
  line,
  ...(end !== undefined && { end }),
});
const lineBytes = (line: string) => Buffer.byteLength(line, 'utf8') + 1;

/**
 * Ships the audit log to one receiver, in order and at least once. The log is the queue on disk:
 * a cursor file remembers the newest entry the receiver is known to have, written after each
 * delivery; everything after it is sent again after a restart of either side (a receiver sees a
 * repeated entry by its `seq`). New entries are sent as they are written; while the receiver is
 * down they wait in the log (and in memory, up to IN_MEMORY), and the console keeps working.
 */
export class Shipper {
  /** What waits, in order; `end` is where its line ends in the log file, when known (the next read starts there). */
  private queue: Array<ShipItem & { end?: number }> = [];
  /** Where the last delivered entry's line ends in the log file, when known. */
  private shippedEnd: number | undefined;
  /** Entries after the cursor that are in the log but not in `queue`: read from the file. */
  private behind = true;
  private shipped = 0;
  private pumping = false;
  private stopped = false;
  private failures = 0;
  private outage: string | null = null;
  private since: string | undefined;
  private skipped = 0;
  private anchorSeq = 0;
  private anchorAt = 0;
  private wake: (() => void) | null = null;

  constructor(
    readonly kind: 'syslog' | 'otlp',
    private readonly sink: Sink,
    private readonly d: ShipperDeps,
  ) {}

  start(): void {
    const cursor = this.d.cursor
      ? { seq: this.d.cursor.seq, end: undefined }
      : readCursor(this.d.cursorPath, this.sink.target);
    this.shipped = cursor.seq;
    this.shippedEnd = cursor.end;
    const newest = this.d.logSeq();
    if (newest - this.shipped > this.d.maxBacklog) {
      this.skipped = newest - this.d.maxBacklog - this.shipped;
      this.d.audit({
        kind: 'shipping',
        reason: `${this.sink.target}: ${this.skipped} older entries are not shipped (more than ${this.d.maxBacklog} waited); shipping starts at seq ${newest - this.d.maxBacklog + 1}`,
        detail: { target: this.sink.target, state: 'skipped', from: this.shipped + 1, to: newest - this.d.maxBacklog },
      });
      this.shipped = newest - this.d.maxBacklog;
      this.shippedEnd = undefined;
    }
    void this.pump();
  }

  /** A new entry of the log: queued when nothing older waits in the file, then sent. */
  appended(e: AuditEntry, line: string): void {
    if (this.stopped || e.seq <= 0) return;
    if (!this.behind && this.queue.length < IN_MEMORY && (this.queue.at(-1)?.seq ?? this.shipped) === e.seq - 1) {
      const before = this.queue.length ? this.queue.at(-1)!.end : this.shippedEnd;
      this.queue.push(item(e, line, before === undefined ? undefined : before + lineBytes(line)));
    } else this.behind = true;
    this.kick();
  }

  /** The source has entries after what was queued (a team's chain grew): they are read from it. */
  poke(): void {
    this.behind = true;
    this.kick();
  }

  status(): ShipTargetStatus {
    const waiting = Math.max(0, this.d.logSeq() - this.shipped);
    return {
      target: this.sink.target,
      kind: this.kind,
      state: this.stopped
        ? 'off'
        : this.outage
          ? this.outage.startsWith('stalled')
            ? 'stalled'
            : 'down'
          : waiting > 0
            ? 'sending'
            : 'caught-up',
      acknowledged: this.sink.acknowledged,
      shippedSeq: this.shipped,
      waiting,
      ...(this.outage && { error: this.outage, since: this.since }),
      ...(this.skipped > 0 && { skipped: this.skipped }),
    };
  }

  stop(): void {
    this.stopped = true;
    this.kick();
    this.sink.close();
  }

  private kick(): void {
    if (this.wake) {
      const w = this.wake;
      this.wake = null;
      w();
    } else if (!this.pumping) void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (!this.stopped) {
        if (this.behind) await this.refill();
        if (this.stopped) break;
        if (this.queue.length === 0) {
          if (this.behind)
            await this.pause(50); // the log's newest lines are not on disk yet
          else break;
          continue;
        }
        const batch = this.queue.slice(0, BATCH);
        try {
          const anchor = this.anchorFor(batch.at(-1)!.seq);
          await this.sink.send(anchor ? [...batch, anchor] : batch);
          if (!this.stopped) this.delivered(batch.at(-1)!, batch.length, anchor);
        } catch (e) {
          if (this.stopped) break;
          this.down((e as Error).message);
          await this.pause(RETRY_MS[Math.min(this.failures - 1, RETRY_MS.length - 1)]!);
        }
      }
    } finally {
      this.pumping = false;
      this.d.changed();
    }
  }

  private delivered(last: ShipItem & { end?: number }, n: number, anchor: ShipItem | null): void {
    const seq = last.seq;
    this.queue.splice(0, n);
    this.shipped = seq;
    this.shippedEnd = last.end;
    if (anchor) this.anchorSeq = anchor.seq;
    if (this.d.cursor) this.d.cursor.save(seq);
    else
      writeFileAtomic(
        this.d.cursorPath,
        JSON.stringify({ target: this.sink.target, seq, ...(last.end !== undefined && { end: last.end }) }) + '\n',
      );
    if (this.outage) {
      this.d.audit({
        kind: 'shipping',
        reason: `${this.sink.target}: shipping resumed after ${this.failures} failed attempts since ${this.since} (${this.outage})`,
        detail: { target: this.sink.target, state: 'resumed', seq },
      });
      this.outage = null;
      this.since = undefined;
    }
    this.failures = 0;
    this.d.changed();
  }

  private down(message: string): void {
    this.failures++;
    if (this.outage === null) {
      this.outage = message;
      this.since = new Date().toISOString();
      // Recorded once an outage: what waits stays in the log and is sent once the receiver is back.
      this.d.audit({
        kind: 'shipping',
        reason: `${this.sink.target}: cannot ship the audit log (${message}); entries wait in the log and are sent when it is back`,
        detail: { target: this.sink.target, state: 'down', seq: this.shipped },
      });
      this.d.changed();
    } else this.outage = message;
  }

  /**
   * The signed checkpoint as an anchor item, when it covers only entries in this batch or before and a second has
   * passed.
   */
  private anchorFor(upTo: number): ShipItem | null {
    if (Date.now() - this.anchorAt < ANCHOR_EVERY_MS) return null;
    const cp = this.d.checkpoint();
    if (!cp || cp.seq > upTo || cp.seq <= this.anchorSeq) return null;
    const a = anchorFrom(cp);
    if (typeof a === 'string') return null;
    this.anchorAt = Date.now();
    return {
      seq: a.seq,
      kind: 'checkpoint',
      time: a.at,
      hash: a.hash,
      prevHash: '',
      line: JSON.stringify(a),
      anchor: true,
    };
  }

  /**
   * Reads the entries after the last one queued (or delivered) from the log, up to IN_MEMORY: from
   * where that entry's line ends when it is known (checked: the first line read must be the next
   * entry), else from the start of the file.
   */
  private async refill(): Promise<void> {
    const from = this.queue.at(-1)?.seq ?? this.shipped;
    if (this.d.readAfter) return this.refillFrom(this.d.readAfter, from);
    if (IN_MEMORY - this.queue.length <= 0 || !existsSync(this.d.logPath)) return;
    const at = this.queue.length ? this.queue.at(-1)!.end : this.shippedEnd;
    try {
      const read = await this.readFrom(at ?? 0, from, at !== undefined);
      if (read === 'moved') {
        // The file is not as remembered (a torn tail set aside, say): read it from the start.
        if (this.queue.length) this.queue.at(-1)!.end = undefined;
        else this.shippedEnd = undefined;
        await this.readFrom(0, from, false);
      }
    } catch {
      return; // the log could not be read just now (closing, moved): still behind, read again later
    }
    const last = this.queue.at(-1)?.seq ?? this.shipped;
    // The log's newest entry as of now, after reading: one written while the file was read (and not
    // queued, as we were behind) leaves us behind, to be read next.
    this.behind = last < this.d.logSeq() || this.queue.length >= IN_MEMORY;
  }

  /** The same from another source than the log file (a team's chain). */
  private async refillFrom(read: NonNullable<ShipperDeps['readAfter']>, from: number): Promise<void> {
    try {
      for (const { entry, line } of await read(from, IN_MEMORY - this.queue.length)) {
        if (entry.seq !== (this.queue.at(-1)?.seq ?? this.shipped) + 1) break;
        this.queue.push(item(entry, line, undefined));
      }
    } catch {
      return; // the source could not be read just now: still behind, read again later
    }
    this.behind = (this.queue.at(-1)?.seq ?? this.shipped) < this.d.logSeq() || this.queue.length >= IN_MEMORY;
  }

  /**
   * Queues the entries after `from` found reading the log from byte `start`; 'moved' when the first line there is not
   * the next entry.
   */
  private async readFrom(start: number, from: number, checkFirst: boolean): Promise<'ok' | 'moved'> {
    let last = from;
    let pos = start;
    let first = true;
    const lines = createInterface({
      input: createReadStream(this.d.logPath, { encoding: 'utf8', start }),
      crlfDelay: Infinity,
    });
    try {
      for await (const line of lines) {
        const seq = seqOf(line);
        pos += lineBytes(line);
        if (first && checkFirst && seq !== from + 1 && line !== '') return 'moved';
        first = false;
        if (seq === null || seq <= last) continue;
        if (seq !== last + 1) break; // a gap in the file (being written): read again later
        let e: AuditEntry;
        try {
          e = JSON.parse(line) as AuditEntry;
        } catch {
          break;
        }
        this.queue.push(item(e, line, pos));
        last = seq;
        if (this.queue.length >= IN_MEMORY) break;
      }
    } finally {
      lines.close();
    }
    return 'ok';
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      t.unref?.();
      // A new entry does not cut a wait for a receiver that is down (the wait is its backoff).
      this.wake = this.outage ? null : () => (clearTimeout(t), resolve());
    });
  }
}

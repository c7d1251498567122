import { closeSync, existsSync, fdatasyncSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { canonicalJson } from '../../shared/canonical-json.js';
import type { AuditEntry, AuditKind, AuditVerifyResult } from '../../shared/schemas/audit.js';
import { sha256 } from './hash.js';

/** The hash that starts the chain. */
export const GENESIS = '0'.repeat(64);

/** The fields a caller gives; seq, time and the chain are added by the log. */
export type AuditFields = Omit<AuditEntry, 'seq' | 'time' | 'prevHash' | 'hash'> & { kind: AuditKind };

/** The hash of an entry: sha-256 of the canonical JSON of every field but `hash`. */
export function entryHash(entry: Record<string, unknown>): string {
  const { hash: _omit, ...rest } = entry;
  return sha256(canonicalJson(rest));
}

/**
 * The append-only audit log: one JSON object a line, each chained to the one before by hash, so
 * that a changed, removed or reordered entry is found by `verify`. Appends are synchronous and
 * flushed, so an entry that gates a call is on disk before the call is sent.
 */
export class AuditLog {
  private fd: number | null = null;
  private seq = 0;
  private prevHash = GENESIS;
  private broken: string | null = null;
  /** Lines appended but not yet written; written in order with the next flushed entry, or on the next tick. */
  private queue: string[] = [];
  private scheduled = false;
  private writeError: Error | null = null;

  constructor(
    readonly path: string,
    private readonly opts: { fsync: boolean } = { fsync: true },
  ) {}

  /** Opens the file and picks the chain up from its last entry. */
  open(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    this.fd = openSync(this.path, 'a+', 0o600);
    const last = this.lastLine();
    if (!last) return;
    try {
      const e = JSON.parse(last) as AuditEntry;
      this.seq = typeof e.seq === 'number' ? e.seq : 0;
      this.prevHash = typeof e.hash === 'string' ? e.hash : sha256(last);
    } catch {
      // The tail is damaged: keep chaining from its bytes; verify will point at it.
      this.prevHash = sha256(last);
      this.broken = 'the last line of the audit log is not JSON';
    }
  }

  /** A problem found when the log was opened, if any. */
  get warning(): string | null {
    return this.broken;
  }

  /**
   * Appends one entry with a synchronous write (it is out of the process when this returns). With
   * `flush`, it is also on disk (fdatasync) before this returns: used for the entry that lets a
   * call go out. Throws when it cannot be written: the caller must then not act.
   */
  append(fields: AuditFields, flush = false): AuditEntry {
    if (this.fd === null) throw new Error('the audit log is not open');
    if (this.writeError) throw new Error(`the audit log could not be written: ${this.writeError.message}`);
    const body = { ...fields, seq: this.seq + 1, time: new Date().toISOString(), prevHash: this.prevHash } as Record<string, unknown>;
    const entry = { ...body, hash: entryHash(body) } as AuditEntry;
    this.queue.push(JSON.stringify(entry) + '\n');
    if (flush) {
      this.drain();
      if (this.opts.fsync) fdatasyncSync(this.fd);
    } else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        try {
          this.drain();
        } catch (e) {
          this.writeError = e as Error;
        }
      });
    }
    this.seq = entry.seq;
    this.prevHash = entry.hash;
    return entry;
  }

  /** Writes every queued line now, in order, with one system call. */
  private drain(): void {
    this.scheduled = false;
    if (this.queue.length === 0 || this.fd === null) return;
    const text = this.queue.join('');
    this.queue = [];
    writeSync(this.fd, text);
  }

  close(): void {
    if (this.fd !== null) {
      try {
        this.drain();
      } finally {
        closeSync(this.fd);
      }
    }
    this.fd = null;
  }

  /** Checks the whole chain; names the first entry that was changed, removed or reordered. */
  verify(): AuditVerifyResult {
    const lines = this.readLines();
    let prev = GENESIS;
    let prevSeq = 0;
    for (let i = 0; i < lines.length; i++) {
      const bad = (reason: string, seq?: number): AuditVerifyResult => ({ ok: false, entries: lines.length, firstBadLine: i + 1, firstBadSeq: seq, reason });
      let e: Record<string, unknown>;
      try {
        e = JSON.parse(lines[i]) as Record<string, unknown>;
      } catch {
        return bad('not valid JSON');
      }
      const seq = typeof e.seq === 'number' ? e.seq : undefined;
      if (entryHash(e) !== e.hash) return bad('its content does not match its hash (the entry was changed)', seq);
      if (e.prevHash !== prev) return bad('it does not follow the entry before it (an entry was removed, inserted or reordered)', seq);
      if (seq !== prevSeq + 1) return bad(`sequence ${seq} follows ${prevSeq}`, seq);
      prev = e.hash as string;
      prevSeq = seq;
    }
    return { ok: true, entries: lines.length };
  }

  /** Entries matching a filter, oldest first; the newest `limit` of them. */
  query(q: { serverId?: string; tool?: string; kind?: string; since?: string; until?: string; limit: number }): AuditEntry[] {
    const out: AuditEntry[] = [];
    for (const line of this.readLines()) {
      let e: AuditEntry;
      try {
        e = JSON.parse(line) as AuditEntry;
      } catch {
        continue;
      }
      if (q.serverId !== undefined && e.serverId !== q.serverId) continue;
      if (q.tool !== undefined && e.tool !== q.tool) continue;
      if (q.kind !== undefined && e.kind !== q.kind) continue;
      if (q.since !== undefined && e.time < q.since) continue;
      if (q.until !== undefined && e.time > q.until) continue;
      out.push(e);
    }
    return out.slice(Math.max(0, out.length - q.limit));
  }

  private readLines(): string[] {
    if (this.fd !== null) this.drain();
    if (!existsSync(this.path)) return [];
    return readFileSync(this.path, 'utf8').split('\n').filter((l) => l.length > 0);
  }

  private lastLine(): string | null {
    const fd = this.fd!;
    const size = fstatSync(fd).size;
    if (size === 0) return null;
    let chunk = 64 * 1024;
    for (;;) {
      const start = Math.max(0, size - chunk);
      const buf = Buffer.alloc(size - start);
      readSync(fd, buf, 0, buf.length, start);
      const text = buf.toString('utf8').replace(/\n+$/, '');
      const nl = text.lastIndexOf('\n');
      if (nl >= 0 || start === 0) return text.slice(nl + 1) || null;
      chunk *= 4;
    }
  }
}

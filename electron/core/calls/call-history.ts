import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { CallRecord } from '../../../shared/schemas/call.js';
import { isMissing, readPlacedText, writeFileAtomic } from '../support/index.js';

/** The calls History keeps across restarts (the newest), and the most of a result kept with one. */
export const KEPT_CALLS = 500;
export const KEPT_RESULT_CHARS = 64 * 1024;
/** The file is read whole at start: never more than this (a larger one is cut to its newest lines). */
const HISTORY_FILE_MAX = 16 * 1024 * 1024;

/**
 * History across restarts: each call that ended, as one JSON line of `history.jsonl` in the data directory (its result
 * kept when small), read back at start; the file is rewritten to the newest KEPT_CALLS when it holds twice that. The
 * audit log stays the record of what happened; this is the developer's memory of it.
 */
export class CallHistory {
  private lines = 0;
  readonly path: string | null;
  /** Why the file could not be read or written (History then starts empty, or stops keeping): said once. */
  problem: string | null = null;

  constructor(dataDir: string | null) {
    this.path = dataDir ? join(dataDir, 'history.jsonl') : null;
  }

  /** The calls kept, oldest first; a line that is not a call is skipped. */
  load(): CallRecord[] {
    if (!this.path) return [];
    let text: string;
    try {
      text = readPlacedText(this.path, 'the history file', HISTORY_FILE_MAX);
    } catch (e) {
      if (!isMissing(e)) this.problem = `History from earlier sessions could not be read: ${(e as Error).message}`;
      return [];
    }
    const calls: CallRecord[] = [];
    for (const line of text.split('\n').slice(-KEPT_CALLS * 2)) {
      if (!line) continue;
      try {
        const r = CallRecord.safeParse(JSON.parse(line));
        if (r.success && r.data.state === 'done') calls.push(r.data);
      } catch {
        /* a torn last line: skipped */
      }
    }
    this.lines = calls.length;
    return calls.slice(-KEPT_CALLS);
  }

  /** Keeps one ended call (its result only when small); every `KEPT_CALLS` more, the file drops its oldest. */
  keep(r: CallRecord, newest: () => CallRecord[]): void {
    if (!this.path || this.problem?.startsWith('History is not kept')) return;
    try {
      appendFileSync(this.path, JSON.stringify(kept(r)) + '\n', { mode: 0o600 });
      if (++this.lines >= KEPT_CALLS * 2) {
        const last = newest()
          .filter((c) => c.state === 'done')
          .slice(-KEPT_CALLS);
        writeFileAtomic(this.path, last.map((c) => JSON.stringify(kept(c)) + '\n').join(''));
        this.lines = last.length;
      }
    } catch (e) {
      this.problem = `History is not kept across restarts: ${(e as Error).message}`;
    }
  }
}

/** A call as kept: its result dropped when large (the audit log has its sizes; History says it was not kept). */
function kept(r: CallRecord): CallRecord {
  if (!r.result || JSON.stringify(r.result).length <= KEPT_RESULT_CHARS) return r;
  const { result: _dropped, ...rest } = r;
  return rest;
}

import { existsSync } from 'node:fs';
import { AUDIT_LOG_MAX, readPlacedBytes, readPlacedText } from '../support/index.js';
import type { AuditVerifyResult } from '../../../shared/schemas/audit.js';
import type { CheckpointFile } from './checkpoint.js';
import { entryHash, GENESIS, lineSealed } from './chain.js';
import { journalWaiting } from './journal-restore.js';

/**
 * Checks the whole chain of the log at `path` and its checkpoint. Names the first entry that was
 * changed, removed, inserted or reordered; a log that ends before its checkpoint (entries cut off its
 * end); and tells torn tails that were recovered (an interrupted write) apart from tampering.
 */
export function verifyChain(
  path: string,
  checkpoint: Pick<CheckpointFile, 'read' | 'path'>,
  journalPath: string | null = null,
): AuditVerifyResult {
  const result = verifyText(path, checkpoint);
  // After a crash of the machine, entries the sync journal holds beyond the log's end are not lost,
  // and not removed: the console puts them back when it next opens the log. The log is judged with them.
  const waiting = journalPath && existsSync(path) ? journalWaiting(journalPath, path) : null;
  if (!waiting) return result;
  const one = waiting.lines === 1;
  const note = `${one ? '1 entry' : `${waiting.lines} entries`} after the log's end ${one ? 'is' : 'are'} in the sync journal (the machine stopped before the log was written out); the console puts ${one ? 'it' : 'them'} back when it next opens the log`;
  const whole = result.ok ? result : verifyText(path, checkpoint, waiting.tail);
  return whole.ok
    ? { ...whole, warning: [whole.warning, note].filter(Boolean).join('; ') }
    : { ...whole, reason: `${whole.reason}; ${note}` };
}

function verifyText(
  path: string,
  checkpoint: Pick<CheckpointFile, 'read' | 'path'>,
  after?: Buffer,
): AuditVerifyResult {
  if (!existsSync(path)) return { ok: false, entries: 0, reason: `there is no audit log at ${path}` };
  // `after`: bytes that belong after the file's end (the sync journal's, not yet put back), checked as if they were
  // there.
  const text = after
    ? Buffer.concat([readPlacedBytes(path, 'the audit log', AUDIT_LOG_MAX), after]).toString('utf8')
    : readPlacedText(path, 'the audit log', AUDIT_LOG_MAX);
  const lines = text.split('\n');
  const tornTail = lines.length > 0 && lines[lines.length - 1] !== '';
  if (!tornTail) lines.pop();
  const recovered: { seq: number; file: string }[] = [];
  let prev = GENESIS;
  let prevSeq = 0;
  let lastHash = GENESIS;
  for (const [i, line] of lines.entries()) {
    const bad = (reason: string, seq?: number): AuditVerifyResult => ({
      ok: false,
      entries: lines.length,
      firstBadLine: i + 1,
      firstBadSeq: seq,
      reason,
      recovered: recovered.length ? recovered : undefined,
    });
    let e: Record<string, unknown>;
    try {
      e = JSON.parse(line) as Record<string, unknown>;
    } catch {
      if (tornTail && i === lines.length - 1)
        return bad(
          'not valid JSON: a torn last line (an interrupted write), set aside when the console next opens the log',
          prevSeq + 1,
        );
      return bad('not valid JSON');
    }
    const seq = typeof e.seq === 'number' ? e.seq : undefined;
    // Sealed as written (this version), or by the canonical JSON of its fields (entries written before).
    const sealed = typeof e.hash === 'string' && (lineSealed(line, e.hash) || entryHash(e) === e.hash);
    if (!sealed) return bad('its content does not match its hash (the entry was changed)', seq);
    if (e.prevHash !== prev)
      return bad('it does not follow the entry before it (an entry was removed, inserted or reordered)', seq);
    if (seq !== prevSeq + 1) return bad(`sequence ${seq} follows ${prevSeq}`, seq);
    if (e.kind === 'log-recovered') {
      const d = (e.detail ?? {}) as { file?: unknown; entries?: unknown };
      recovered.push({
        seq,
        file: String(d.file ?? ''),
        ...(typeof d.entries === 'number' ? { restored: d.entries } : {}),
      });
    }
    prev = e.hash as string;
    prevSeq = seq;
    lastHash = prev;
  }
  const result: AuditVerifyResult = {
    ok: true,
    entries: lines.length,
    recovered: recovered.length ? recovered : undefined,
  };
  const cp = checkpoint.read();
  if (cp === 'missing') {
    if (lines.length > 0)
      result.warning = 'no checkpoint beside the log: entries cut off its end could not be detected';
    return result;
  }
  if (cp === 'unreadable')
    return { ...result, ok: false, reason: `the checkpoint ${checkpoint.path} is not readable (it was changed)` };
  if (cp.seq > prevSeq)
    return {
      ...result,
      ok: false,
      firstBadSeq: prevSeq + 1,
      reason: `the log ends at seq ${prevSeq}, before its checkpoint at seq ${cp.seq}: entries were removed from its end`,
    };
  if (cp.seq === prevSeq && cp.hash !== lastHash)
    return {
      ...result,
      ok: false,
      firstBadSeq: prevSeq,
      reason: `the newest entry (seq ${prevSeq}) is not the one the checkpoint recorded`,
    };
  return result;
}

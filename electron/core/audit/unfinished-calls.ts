import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { AuditEntry, AuditKind } from '../../../shared/schemas/audit.js';
import type { AuditFields } from './audit-fields.js';

/** The entries that give a call its outcome (a task's answers refused or allowed are not the call's). */
const ENDS: ReadonlySet<AuditKind> = new Set<AuditKind>(['completed', 'failed', 'denied', 'expired', 'abandoned']);

const CHUNK = 1 << 20;

/**
 * The calls a log holds a request for and no outcome, as the entries that close them: what a console
 * that stopped mid-call without closing its log (a crash of it or of the machine) left open. A call
 * whose approval is in the log may have reached its server (its outcome is unknown); one without
 * was never sent (nothing goes out before its approval is on disk).
 * The log is read in slices, and only lines about a call are parsed: what is held is the calls open
 * at one point of the log, not the log.
 */
export function unfinishedCalls(path: string): AuditFields[] {
  const open = new Map<string, { requested: AuditEntry; approvedSeq?: number }>();
  const see = (line: string): void => {
    if (!line.includes('"callId":"')) return;
    let e: AuditEntry;
    try {
      e = JSON.parse(line) as AuditEntry;
    } catch {
      return; // verify names a line that is not JSON; it says nothing of a call here
    }
    if (!e.callId) return;
    const ofTask = (e.detail as { method?: unknown } | undefined)?.method === 'tasks/update';
    if (e.kind === 'call-requested') open.set(e.callId, { requested: e });
    else if (e.kind === 'approved' && !ofTask) {
      const c = open.get(e.callId);
      if (c) c.approvedSeq = e.seq;
    } else if (ENDS.has(e.kind) && !ofTask) open.delete(e.callId);
  };
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(CHUNK);
    const text = new StringDecoder('utf8'); // a character cut between two slices stays whole
    let rest = '';
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) {
      const lines = (rest + text.write(buf.subarray(0, n))).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) see(line);
    }
    see(rest);
  } finally {
    closeSync(fd);
  }
  return [...open.values()].map(({ requested: r, approvedSeq }) =>
    abandoned(
      r,
      approvedSeq === undefined
        ? 'MCP Console stopped (it did not close its log) before this call was decided: it was never sent'
        : 'MCP Console stopped (it did not close its log) after this call was approved: it may have reached the server, and its outcome is unknown',
      approvedSeq === undefined ? undefined : { approvedSeq },
    ),
  );
}

/**
 * The entry that closes a call left open: `not-sent` before its approval, `unknown` after (`approved` in `detail` says
 * which: `approvedSeq`, or `approved: true` when only that is known), with the reason, and its request's sequence.
 */
export function abandoned(
  r: AuditEntry,
  reason: string,
  detail?: { approvedSeq?: number; approved?: boolean; instance?: string },
): AuditFields {
  const approved = detail?.approvedSeq !== undefined || detail?.approved === true;
  return {
    kind: 'abandoned',
    serverId: r.serverId,
    serverIdentity: r.serverIdentity,
    tool: r.tool,
    fingerprint: r.fingerprint,
    callId: r.callId,
    argsHash: r.argsHash,
    requestedBy: r.requestedBy,
    decidedBy: 'system',
    outcome: approved ? 'unknown' : 'not-sent',
    reason,
    detail: { requestedSeq: r.seq, ...detail },
  };
}

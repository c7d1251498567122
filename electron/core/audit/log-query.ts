import type { AuditEntry } from '../../../shared/schemas/audit.js';
import { requesterKey } from '../../../shared/requester-text.js';

/** What the audit views and `audit.query` filter by. */
export interface AuditFilter {
  serverId?: string;
  tool?: string;
  kind?: string;
  requester?: string;
  since?: string;
  until?: string;
  limit: number;
}

/** The entries of the log's lines that match a filter, oldest first; the newest `limit` of them. */
export function matching(lines: string[], q: AuditFilter): AuditEntry[] {
  const out: AuditEntry[] = [];
  for (const line of lines) {
    let e: AuditEntry;
    try {
      e = JSON.parse(line) as AuditEntry;
    } catch {
      continue;
    }
    if (q.serverId !== undefined && e.serverId !== q.serverId) continue;
    if (q.tool !== undefined && e.tool !== q.tool) continue;
    if (q.kind !== undefined && e.kind !== q.kind) continue;
    if (q.requester !== undefined && (!e.requestedBy || requesterKey(e.requestedBy) !== q.requester)) continue;
    if (q.since !== undefined && e.time < q.since) continue;
    if (q.until !== undefined && e.time > q.until) continue;
    out.push(e);
    if (out.length > q.limit * 2) out.splice(0, out.length - q.limit);
  }
  return out.slice(Math.max(0, out.length - q.limit));
}

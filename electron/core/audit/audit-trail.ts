import type { AuditEntry, AuditVerifyResult } from '../../../shared/schemas/audit.js';
import type { EventBus } from '../support/index.js';
import type { AuditFields } from './audit-fields.js';
import type { AuditLog } from './audit-log.js';

/**
 * The one path by which any part of the core records something: the entry is written to the
 * hash-chained log, then announced to every front end (the Audit view updates while it is open).
 */
export class AuditTrail {
  constructor(
    private readonly log: AuditLog,
    private readonly bus: EventBus,
  ) {}

  /** Writes an entry (synced to disk first when `flush`) and announces it. Throws when it cannot be written. */
  record(fields: AuditFields, flush = false): AuditEntry {
    const entry = this.log.append(fields, flush);
    this.bus.emit('audit.appended', entry);
    return entry;
  }

  /**
   * Writes an entry and announces it; `durable` resolves once it is on disk (group commit). Throws, or rejects, when it
   * cannot be.
   */
  recordDurable(fields: AuditFields, opts: { alone?: boolean } = {}): { entry: AuditEntry; durable: Promise<void> } {
    const written = this.log.appendDurable(fields, opts);
    this.bus.emit('audit.appended', written.entry);
    return written;
  }

  /** Records that something failed where nobody awaits it; never throws (the log may be closed or failing). */
  internalError(what: string, e: unknown): void {
    try {
      this.record({ kind: 'internal-error', reason: `${what}: ${(e as Error)?.message ?? String(e)}` });
    } catch {
      /* nothing more to do */
    }
  }

  query(q: Parameters<AuditLog['query']>[0]): AuditEntry[] {
    return this.log.query(q);
  }

  verify(): AuditVerifyResult {
    return this.log.verify();
  }
}

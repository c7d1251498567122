import type { AuditEntry, AuditVerifyResult } from '../../../shared/schemas/audit.js';
import type { EventBus } from '../support/index.js';
import type { AuditFields } from './audit-fields.js';
import type { AuditLog } from './audit-log.js';

/** Where entries go besides the log (a team's shared chain): `add` resolves once the entry is there. */
export interface AuditMirror {
  add(entry: AuditEntry): Promise<void>;
}

/** How long an entry that lets a call go waits for the mirror before the call is refused. */
const MIRROR_WAIT_MS = 10_000;

/**
 * The one path by which any part of the core records something: the entry is written to the
 * hash-chained log, then announced to every front end (the Audit view updates while it is open).
 */
export class AuditTrail {
  private mirror: AuditMirror | undefined;

  constructor(
    private readonly log: AuditLog,
    private readonly bus: EventBus,
  ) {}

  /** Writes an entry (synced to disk first when `flush`) and announces it. Throws when it cannot be written. */
  record(fields: AuditFields, flush = false): AuditEntry {
    const entry = this.log.append(fields, flush);
    this.mirror?.add(entry).catch(() => undefined);
    this.bus.emit('audit.appended', entry);
    return entry;
  }

  /** From now on every entry is also written to `mirror` (a team's chain); a durable one waits for it too. */
  mirrorTo(mirror: AuditMirror): void {
    this.mirror = mirror;
  }

  /**
   * Writes an entry and announces it; `durable` resolves once it is on disk (group commit). Throws, or rejects, when it
   * cannot be.
   */
  recordDurable(fields: AuditFields, opts: { alone?: boolean } = {}): { entry: AuditEntry; durable: Promise<void> } {
    const written = this.log.appendDurable(fields, opts);
    this.bus.emit('audit.appended', written.entry);
    if (!this.mirror) return written;
    // SECURITY: on a team's store, what lets a call go is in the team's chain before the call is sent.
    const mirrored = new Promise<void>((ok, fail) => {
      const t = setTimeout(
        () => fail(new Error(`the team's audit chain did not take the entry in ${MIRROR_WAIT_MS / 1000} s`)),
        MIRROR_WAIT_MS,
      );
      this.mirror!.add(written.entry).then(
        () => (clearTimeout(t), ok()),
        (e: Error) => (clearTimeout(t), fail(e)),
      );
    });
    return { entry: written.entry, durable: Promise.all([written.durable, mirrored]).then(() => undefined) };
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

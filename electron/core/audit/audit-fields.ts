import type { AuditEntry, AuditKind } from '../../../shared/schemas/audit.js';

/** The fields a caller gives; seq, time and the chain are added by the log. */
export type AuditFields = Omit<AuditEntry, 'seq' | 'time' | 'prevHash' | 'hash'> & { kind: AuditKind };

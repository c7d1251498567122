import type { AuditEntry } from '../../../shared/schemas/audit';
import type { ConsentRecord } from '../../../shared/schemas/consent';
import type { Slice } from '../../store/slice';

/** Audit entries the page holds at most (the log itself keeps all). */
const AUDIT_KEEP = 2000;

/** The audit entries seen (loaded and announced), and the consents people gave. */
export interface AuditSlice {
  audit: AuditEntry[];
  /** Command lines and trust a person confirmed (outside the page). */
  consents: ConsentRecord[];
  auditLoaded(entries: AuditEntry[]): void;
  auditAppended(e: AuditEntry): void;
  consentsChanged(c: ConsentRecord[]): void;
}

export const auditSlice: Slice<AuditSlice> = (set) => ({
  audit: [],
  consents: [],
  auditLoaded: (entries) => set({ audit: entries }),
  auditAppended: (e) => set((s) => ({ audit: [...s.audit, e].slice(-AUDIT_KEEP) })),
  consentsChanged: (c) => set({ consents: c }),
});

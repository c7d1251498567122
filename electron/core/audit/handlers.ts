import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { AuditTrail } from './audit-trail.js';

/** The audit log: a query, and the verification of its chain. */
export function auditHandlers(d: { trail: AuditTrail }): HandlersOf<NamesIn<'audit'>> {
  return {
    'audit.query': (i) => d.trail.query(i),
    'audit.verify': () => d.trail.verify(),
  };
}

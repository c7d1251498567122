import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { AuditTrail } from './audit-trail.js';
import type { AuditShipping } from './shipping/audit-shipping.js';

/** The audit log: a query, the verification of its chain, and where it is shipped. */
export function auditHandlers(d: {
  trail: AuditTrail;
  shipping: Pick<AuditShipping, 'view'>;
}): HandlersOf<NamesIn<'audit'>> {
  return {
    'audit.query': (i) => d.trail.query(i),
    'audit.verify': () => d.trail.verify(),
    'audit.shipping': () => d.shipping.view(),
  };
}

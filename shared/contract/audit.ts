import { z } from 'zod';
import { none } from './common.js';
import { AuditEntry, AuditQuery, AuditVerifyResult } from '../schemas/audit.js';
import { ShippingView } from '../schemas/shipping.js';

/** The audit log: queries and the verification of its chain. */
export const requests = {
  'audit.query': { input: AuditQuery.strict(), output: z.array(AuditEntry) },
  'audit.verify': { input: none, output: AuditVerifyResult },
  /** Where the audit trail is shipped (syslog, OpenTelemetry) and how far each receiver has it. */
  'audit.shipping': { input: none, output: ShippingView },
} as const;

export const events = {
  'audit.appended': AuditEntry,
  'audit.shippingChanged': ShippingView,
} as const;

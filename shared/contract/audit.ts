import { z } from 'zod';
import { none } from './common.js';
import { AuditEntry, AuditQuery, AuditVerifyResult } from '../schemas/audit.js';

/** The audit log: queries and the verification of its chain. */
export const requests = {
  'audit.query': { input: AuditQuery.strict(), output: z.array(AuditEntry) },
  'audit.verify': { input: none, output: AuditVerifyResult },
} as const;

export const events = {
  'audit.appended': AuditEntry,
} as const;

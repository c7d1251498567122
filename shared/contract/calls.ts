import { z } from 'zod';
import { none } from './common.js';
import { Approval, CallRecord, DecideInput, Progress } from '../schemas/call.js';
import { ServerId } from '../schemas/server.js';

/** Tool calls and the approval gate in front of them. */
export const requests = {
  'calls.request': {
    input: z.object({ serverId: ServerId, tool: z.string().min(1), args: z.record(z.string(), z.unknown()), asTask: z.boolean().optional() }).strict(),
    output: CallRecord,
  },
  'calls.cancel': { input: z.object({ callId: z.string() }).strict(), output: CallRecord },
  'calls.list': { input: none, output: z.array(CallRecord) },
  'calls.get': { input: z.object({ callId: z.string() }).strict(), output: CallRecord },
  'calls.wait': { input: z.object({ callId: z.string() }).strict(), output: CallRecord },
  /** A result held back from its agent (`resultScan: ask`): the person releases it to the agent, or withholds it. */
  'calls.releaseResult': { input: z.object({ callId: z.string(), release: z.boolean() }).strict(), output: CallRecord },
  'approvals.pending': { input: none, output: z.array(Approval) },
  'approvals.decide': { input: DecideInput.strict(), output: Approval },
} as const;

export const events = {
  'approval.requested': Approval,
  'approval.resolved': Approval,
  'call.updated': CallRecord,
  'call.progress': z.object({ callId: z.string(), progress: Progress }),
} as const;

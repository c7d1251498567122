import { z } from 'zod';
import { none } from './common.js';
import { Approval, DecideInput } from '../schemas/call.js';

/** The approval gate in front of every tool call: what waits for a person, and their decision. */
export const requests = {
  'approvals.pending': { input: none, output: z.array(Approval) },
  'approvals.decide': { input: DecideInput.strict(), output: Approval },
} as const;

export const events = {
  'approval.requested': Approval,
  'approval.resolved': Approval,
  /** A call that needs several people got one more approval (its `votes`); it still waits. */
  'approval.voted': Approval,
} as const;

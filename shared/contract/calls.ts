import { z } from 'zod';
import { none } from './common.js';
import { CallRecord, Progress } from '../schemas/call.js';
import { ServerId } from '../schemas/server.js';

/** Tool calls: asked for (through the approval gate), followed, cancelled, and results released to their agent. */
export const requests = {
  'calls.request': {
    input: z
      .object({
        serverId: ServerId,
        tool: z.string().min(1),
        args: z.record(z.string(), z.unknown()),
        asTask: z.boolean().optional(),
      })
      .strict(),
    output: CallRecord,
  },
  'calls.cancel': { input: z.object({ callId: z.string() }).strict(), output: CallRecord },
  'calls.list': { input: none, output: z.array(CallRecord) },
  'calls.get': { input: z.object({ callId: z.string() }).strict(), output: CallRecord },
  'calls.wait': { input: z.object({ callId: z.string() }).strict(), output: CallRecord },
  /** A result held back from its agent (`resultScan: ask`): the person releases it to the agent, or withholds it. */
  'calls.releaseResult': { input: z.object({ callId: z.string(), release: z.boolean() }).strict(), output: CallRecord },
} as const;

export const events = {
  'call.updated': CallRecord,
  'call.progress': z.object({ callId: z.string(), progress: Progress }),
} as const;

import { z } from 'zod';
import { byServer } from './common.js';
import { ServerId } from '../schemas/server.js';
import { TraceEntry, TracePage } from '../schemas/trace.js';

/** Each server's protocol trace: every message both ways, bounded. */
export const requests = {
  'trace.list': {
    input: z
      .object({
        serverId: ServerId,
        since: z.number().int().min(0).optional(),
        method: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(5000).optional(),
        /**
         * Without the messages: rows for a list (a trace keeps up to 8 MB of them per server); `trace.get` gives one
         * whole.
         */
        brief: z.boolean().optional(),
      })
      .strict(),
    output: TracePage,
  },
  'trace.get': { input: z.object({ serverId: ServerId, seq: z.number().int().min(0) }).strict(), output: TraceEntry },
  /** Everything the trace holds for a server as JSONL (one entry a line), for a file. */
  'trace.export': { input: byServer, output: z.object({ jsonl: z.string(), entries: z.number().int() }) },
  'trace.clear': { input: byServer, output: z.object({ ok: z.literal(true) }) },
} as const;

export const events = {} as const;

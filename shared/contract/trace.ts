import { z } from 'zod';
import { byServer, none } from './common.js';
import { ServerId } from '../schemas/server.js';
import { TraceEntry, TracePage } from '../schemas/trace.js';
import { RecordingState } from '../schemas/recording.js';

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
  /** Every server's entries after `since` (a seq), in order, without their messages: the live timeline. */
  'trace.since': {
    input: z
      .object({ since: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(5000).optional() })
      .strict(),
    output: TracePage,
  },
  'trace.get': { input: z.object({ serverId: ServerId, seq: z.number().int().min(0) }).strict(), output: TraceEntry },
  /** Everything the trace holds for a server as JSONL (one entry a line), for a file. */
  'trace.export': { input: byServer, output: z.object({ jsonl: z.string(), entries: z.number().int() }) },
  'trace.clear': { input: byServer, output: z.object({ ok: z.literal(true) }) },
  /**
   * Starts the console's recording (shared/schemas/recording.ts) of these servers (all when none are named) into a new
   * file of the data directory's `recordings/`; one at a time.
   */
  'trace.recordStart': {
    input: z.object({ servers: z.array(ServerId).max(1000).optional() }).strict(),
    output: RecordingState,
  },
  'trace.recordStop': { input: none, output: RecordingState },
  /** The recording being written (its counts so far), or the last one. */
  'trace.recording': { input: none, output: RecordingState },
} as const;

export const events = {
  /** A recording started or ended (stopped, the console closing, its size limit, a write error). */
  'trace.recording': RecordingState,
} as const;

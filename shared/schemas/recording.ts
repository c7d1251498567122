import { z } from 'zod';
import { CallOutcome, Decider } from './call.js';
import { Requester } from './requester.js';
import { TraceEntry } from './trace.js';

/**
 * A recording: one or more servers' whole traffic and the decisions taken on their calls, one JSON object a line
 * (JSONL), written as it happens (`--record FILE`, the Trace tab). Every line has `type`; the first is `recording`,
 * the last `end` (a file without one was cut short: what it holds still replays). `t` is milliseconds since the
 * recording began. Published as `shared/schemas/recording.schema.json` (one line's schema); the `type` values and the
 * keys below are stable (AUTOMATION.md).
 *
 * Secrets are left out and marked: a value the console takes for a secret (an argument named like one, a token's
 * shape, a value seen as one earlier in the session) is written as {@link REDACTED}, and the line lists where in
 * `redacted` (JSON pointers into `message`). HTTP carries no Authorization header and no query string into the trace.
 */
export const RECORDING_FORMAT = 1;
export { REDACTED } from '../recording/marker.js';

export const RecordingStart = z
  .object({
    type: z.literal('recording'),
    format: z.literal(RECORDING_FORMAT),
    startedAt: z.string(),
    /** The console's version that wrote it. */
    console: z.string(),
    /** What recorded it: `serve`, `page`, or the command (`test`, `call`, …). */
    by: z.string(),
    /** The JSON pointers (into a request's params) a mock ignores when it matches requests, unless told otherwise. */
    ignore: z.array(z.string()).optional(),
  })
  .strict();

/** A server as it was when the recording ended (or when it was first seen): how it was reached and what it said. */
export const RecordedServer = z
  .object({
    type: z.literal('server'),
    t: z.number(),
    serverId: z.string(),
    transport: z.enum(['stdio', 'http', 'sse']).optional(),
    /** A remote server's address: origin and path, never a query string. */
    url: z.string().optional(),
    /** A local server's program (its file name only: arguments and environment may carry secrets). */
    command: z.string().optional(),
    era: z.string().optional(),
    protocolVersion: z.string().optional(),
    serverInfo: z.record(z.string(), z.unknown()).optional(),
    capabilities: z.record(z.string(), z.unknown()).optional(),
    instructions: z.string().optional(),
  })
  .strict();

/** A message of a server's wire, either way: a trace entry with its message whole, and where secrets were left out. */
export const RecordedMessage = TraceEntry.omit({ preview: true })
  .extend({
    type: z.literal('message'),
    t: z.number(),
    redacted: z.array(z.string()).optional(),
    /** Larger than a recording keeps: `message` is absent and this is its opening. */
    truncated: z.string().optional(),
  })
  .strict();

/** A call's state as it changed: asked for, waiting for a person, decided (by whom), done (how). */
export const RecordedCall = z
  .object({
    type: z.literal('call'),
    t: z.number(),
    at: z.string(),
    callId: z.string(),
    serverId: z.string(),
    tool: z.string(),
    requestedBy: Requester,
    argsHash: z.string(),
    state: z.enum(['awaiting-approval', 'running', 'done']),
    decidedBy: Decider.optional(),
    reason: z.string().optional(),
    outcome: CallOutcome.optional(),
    durationMs: z.number().optional(),
  })
  .strict();

/** A server's question to the person (elicitation), asked and answered; the answer's values are not recorded. */
export const RecordedQuestion = z
  .object({
    type: z.literal('question'),
    t: z.number(),
    at: z.string(),
    id: z.string(),
    serverId: z.string(),
    kind: z.enum(['elicitation', 'sampling']).optional(),
    mode: z.enum(['form', 'url']).optional(),
    status: z.string(),
  })
  .strict();

/** Lines that could not be written in time (a disk slower than the traffic): how many, since the last line. */
export const RecordingGap = z.object({ type: z.literal('gap'), t: z.number(), dropped: z.number().int() }).strict();

export const RecordingEnd = z
  .object({
    type: z.literal('end'),
    t: z.number(),
    at: z.string(),
    messages: z.number().int(),
    calls: z.number().int(),
    /** Lines dropped over the whole recording (see `gap`). */
    dropped: z.number().int(),
    /** Why it ended: stopped, the command or console ended, the size limit, a write error. */
    reason: z.string(),
  })
  .strict();

export const RecordingLine = z.discriminatedUnion('type', [
  RecordingStart,
  RecordedServer,
  RecordedMessage,
  RecordedCall,
  RecordedQuestion,
  RecordingGap,
  RecordingEnd,
]);
export type RecordingLine = z.infer<typeof RecordingLine>;
export type RecordedMessage = z.infer<typeof RecordedMessage>;
export type RecordedServer = z.infer<typeof RecordedServer>;
export type RecordedCall = z.infer<typeof RecordedCall>;

/** The console's own recording (the Trace tab, `serve --record`): being written, or the last one written. */
export const RecordingState = z.object({
  recording: z.boolean(),
  file: z.string().optional(),
  /** What started it: `page`, `serve`. */
  by: z.string().optional(),
  startedAt: z.string().optional(),
  /** The servers it records (all when absent). */
  servers: z.array(z.string()).optional(),
  messages: z.number().int(),
  calls: z.number().int(),
  bytes: z.number().int(),
  dropped: z.number().int(),
  /** Why the last one ended (stopped, the console closed, the size limit, a write error). */
  reason: z.string().optional(),
});
export type RecordingState = z.infer<typeof RecordingState>;

/** The published JSON Schema of one line (`shared/schemas/recording.schema.json`). */
export function recordingJsonSchema(): Record<string, unknown> {
  return {
    $id: 'https://mcp-console.dev/schemas/recording.schema.json',
    title: 'MCP Console recording line',
    description:
      'One line of an MCP Console recording (JSONL): the first is "recording", the last "end"; secrets are written as "[redacted]".',
    ...(z.toJSONSchema(RecordingLine, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>),
  };
}

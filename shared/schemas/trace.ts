import { z } from 'zod';

/** What HTTP carried a message (Streamable HTTP and SSE): the request line, the MCP headers both ways, the status. */
export const TraceHttp = z.object({
  method: z.string(),
  url: z.string(),
  status: z.number().int().optional(),
  /**
   * Request headers the protocol defines (MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*, Mcp-Session-Id,
   * Last-Event-ID); never Authorization.
   */
  headers: z.record(z.string(), z.string()),
  /** Response headers of interest (Content-Type, Mcp-Session-Id, WWW-Authenticate). */
  responseHeaders: z.record(z.string(), z.string()).optional(),
  ms: z.number().optional(),
});
export type TraceHttp = z.infer<typeof TraceHttp>;

/** One line of a server's protocol trace (also one line of its JSONL export). */
export const TraceEntry = z.object({
  seq: z.number().int(),
  at: z.string(),
  serverId: z.string(),
  /** out: the console sent it; in: the server did. */
  dir: z.enum(['out', 'in']),
  kind: z.enum(['request', 'response', 'error', 'notification', 'http']),
  id: z.union([z.string(), z.number()]).optional(),
  method: z.string().optional(),
  /** tools/call, prompts/get, resources/read: the name or URI the request is about. */
  name: z.string().optional(),
  /** A response: milliseconds since its request was sent. */
  ms: z.number().optional(),
  /** A multi round-trip exchange (2026-07-28 input_required): the id of its first request, and this leg's round. */
  group: z.union([z.string(), z.number()]).optional(),
  round: z.number().int().optional(),
  /** Approximate size of the message in bytes. */
  bytes: z.number().int(),
  /** The message itself, unless it was larger than the trace keeps (then `preview`). */
  message: z.unknown().optional(),
  preview: z.string().optional(),
  http: TraceHttp.optional(),
  /** A message of an MCP App view's channel (page ↔ view), not of the server's wire: out to the view, in from it. */
  view: z.object({ tool: z.string(), viewId: z.string() }).optional(),
});
export type TraceEntry = z.infer<typeof TraceEntry>;

export const TracePage = z.object({
  entries: z.array(TraceEntry),
  /** How many entries this server's trace has let go (it is bounded). */
  dropped: z.number().int(),
});
export type TracePage = z.infer<typeof TracePage>;

import { z } from 'zod';

const stringMap = z.record(z.string(), z.string());

/** A stdio server: a command the console spawns. */
export const StdioConfig = z.object({
  type: z.literal('stdio'),
  command: z.string().min(1, 'must be a non-empty string'),
  args: z.array(z.string()).default([]),
  env: stringMap.default({}),
  cwd: z.string().min(1).optional(),
}).strict();

/** A remote server: Streamable HTTP, legacy SSE, or `auto` (Streamable HTTP, then SSE). */
export const RemoteConfig = z.object({
  type: z.enum(['http', 'sse', 'auto']),
  url: z.url({ protocol: /^https?$/, error: 'must be an http: or https: URL' }),
  headers: stringMap.default({}),
}).strict();

/** A server's connection settings in the console's normalised form. */
export const ServerConfig = z.discriminatedUnion('type', [StdioConfig, RemoteConfig]);
export type ServerConfig = z.infer<typeof ServerConfig>;
export type ServerConfigInput = z.input<typeof ServerConfig>;

/** The user's choices about one server. */
export const ServerSettings = z.object({
  /** Annotations from this server are believed (they are claims otherwise). */
  trusted: z.boolean().default(false),
  /** With `trusted`: tools declared read-only run without asking. */
  autoApproveReadOnly: z.boolean().default(false),
  connectTimeoutMs: z.number().int().min(100).max(600_000).default(30_000),
  callTimeoutMs: z.number().int().min(100).max(86_400_000).default(60_000),
});
export type ServerSettings = z.infer<typeof ServerSettings>;

/** A server id: the key of its entry in a host config. */
export const ServerId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'must not contain control characters');

export const ServerStatus = z.enum(['disconnected', 'connecting', 'connected', 'error']);
export type ServerStatus = z.infer<typeof ServerStatus>;

/** Everything a front end shows about one server. */
export const ServerView = z.object({
  id: z.string(),
  config: ServerConfig,
  settings: ServerSettings,
  /** Saved in the data directory (false for servers loaded from --config for this run). */
  saved: z.boolean(),
  identity: z.string(),
  status: ServerStatus,
  /** The transport actually in use once connected. */
  transport: z.enum(['stdio', 'http', 'sse']).optional(),
  error: z.string().optional(),
  exitCode: z.number().nullable().optional(),
  signal: z.string().nullable().optional(),
  lastStderr: z.array(z.string()).optional(),
  serverInfo: z.record(z.string(), z.unknown()).optional(),
  protocolVersion: z.string().optional(),
  capabilities: z.record(z.string(), z.unknown()).optional(),
  instructions: z.string().optional(),
  toolCount: z.number().int(),
  connectedAt: z.string().optional(),
});
export type ServerView = z.infer<typeof ServerView>;

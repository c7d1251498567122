import { z } from 'zod';
import { PendingConsent } from './consent.js';
import { OAuthConfig } from './auth.js';

const stringMap = z.record(z.string(), z.string());

/** A stdio server: a command the console spawns. */
export const StdioConfig = z
  .object({
    type: z.literal('stdio'),
    command: z.string().min(1, 'must be a non-empty string'),
    args: z.array(z.string()).default([]),
    env: stringMap.default({}),
    cwd: z.string().min(1).optional(),
  })
  .strict();

/** A remote server: Streamable HTTP, legacy SSE, or `auto` (Streamable HTTP, then SSE). */
export const RemoteConfig = z
  .object({
    type: z.enum(['http', 'sse', 'auto']),
    url: z.url({ protocol: /^https?$/, error: 'must be an http: or https: URL' }),
    headers: stringMap.default({}),
    /**
     * OAuth: how the console identifies itself to the server's authorization server (optional: discovery finds the
     * rest).
     */
    oauth: OAuthConfig.optional(),
  })
  .strict();

/** A server's connection settings in the console's normalised form. */
export const ServerConfig = z.discriminatedUnion('type', [StdioConfig, RemoteConfig]);
export type ServerConfig = z.infer<typeof ServerConfig>;
export type ServerConfigInput = z.input<typeof ServerConfig>;

const settingsFields = {
  /** Annotations from this server are believed (they are claims otherwise). */
  trusted: z.boolean(),
  /** With `trusted`: tools declared read-only run without asking. */
  autoApproveReadOnly: z.boolean(),
  connectTimeoutMs: z.number().int().min(100).max(600_000),
  callTimeoutMs: z.number().int().min(100).max(86_400_000),
  /**
   * A call's timeout starts again each time the server reports progress (a long job that says it is alive is not cut
   * off).
   */
  resetTimeoutOnProgress: z.boolean(),
  /**
   * Which protocol era to speak: `auto` asks the server (`server/discover`, falling back to the
   * 2025 `initialize` handshake), `modern` insists on 2026-07-28, `legacy` speaks only the 2025 era.
   */
  era: z.enum(['auto', 'modern', 'legacy']),
  /**
   * MCP Apps: the device permissions this server's views may have, of those a view declares (none by
   * default). The browser (or the desktop shell) still has its own say.
   */
  viewPermissions: z.array(z.enum(['camera', 'microphone', 'geolocation', 'clipboardWrite'])).max(4),
  /**
   * Roots (deprecated in 2026-07-28, still asked for by 2025-era servers such as the filesystem
   * server): the directories this server is told it may work in when it asks (roots/list). None by default.
   */
  roots: z
    .array(
      z
        .object({
          uri: z
            .string()
            .regex(/^file:\/\//, 'a root is a file:// URI')
            .max(4096),
          name: z.string().max(200).optional(),
        })
        .strict(),
    )
    .max(100),
};

/** The protocol era a connection negotiated: `modern` (2026-07-28, stateless) or `legacy` (2025, `initialize`). */
export const ProtocolEra = z.enum(['modern', 'legacy']);
export type ProtocolEra = z.infer<typeof ProtocolEra>;

/** The user's choices about one server. */
export const ServerSettings = z.object({
  trusted: settingsFields.trusted.default(false),
  autoApproveReadOnly: settingsFields.autoApproveReadOnly.default(false),
  connectTimeoutMs: settingsFields.connectTimeoutMs.default(30_000),
  callTimeoutMs: settingsFields.callTimeoutMs.default(60_000),
  resetTimeoutOnProgress: settingsFields.resetTimeoutOnProgress.default(true),
  era: settingsFields.era.default('auto'),
  viewPermissions: settingsFields.viewPermissions.default([]),
  roots: settingsFields.roots.default([]),
});
/** A change to some of a server's settings: no defaults, so what is not named stays as it is. */
export const ServerSettingsPatch = z.object(settingsFields).partial().strict();
export type ServerSettings = z.infer<typeof ServerSettings>;

/** A server id: the key of its entry in a host config. */
export const ServerId = z
  .string()
  .min(1)
  .max(128)
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'must not contain control characters');

/** `awaiting-consent`: the command line waits for a person to confirm it on a surface the page cannot drive. */
export const ServerStatus = z.enum(['disconnected', 'awaiting-consent', 'connecting', 'connected', 'error']);
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
  /** The era the connection negotiated, once connected. */
  era: ProtocolEra.optional(),
  capabilities: z.record(z.string(), z.unknown()).optional(),
  instructions: z.string().optional(),
  toolCount: z.number().int(),
  connectedAt: z.string().optional(),
  /** What the console waits for a person to confirm (launching its command line, trusting it). */
  consent: PendingConsent.optional(),
  /**
   * Why the tools shown may not be what the server runs (a re-list failed); calls are asked again until one succeeds.
   */
  catalogStale: z.string().optional(),
  /** Launching this command line was consented to (always true for remote servers). */
  launchConsented: z.boolean(),
});
export type ServerView = z.infer<typeof ServerView>;

/** One server's connection doctor report: what is known of its connection, and what to try. */
export const DoctorReport = z.object({
  serverId: z.string(),
  status: ServerStatus,
  transport: z.enum(['stdio', 'http', 'sse']).optional(),
  era: ProtocolEra.optional(),
  protocolVersion: z.string().optional(),
  serverInfo: z.record(z.string(), z.unknown()).optional(),
  capabilities: z.record(z.string(), z.unknown()).optional(),
  /** A round trip: `ping` in the 2025 era, `server/discover` in 2026-07-28 (which has no ping). */
  latency: z.object({ method: z.string(), ms: z.number() }).optional(),
  latencyError: z.string().optional(),
  /** How the server is reached with credentials: none, which headers are sent (names only), or what it answered. */
  auth: z.string(),
  lastErrors: z.array(z.string()),
  advice: z.array(z.string()),
});
export type DoctorReport = z.infer<typeof DoctorReport>;

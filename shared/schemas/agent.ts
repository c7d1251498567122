import { z } from 'zod';
import { Person } from './person.js';
import { Requester } from './requester.js';
import { ToolChange } from './tool.js';

/** An agent's name: what its host and the person call it (also its key in the audit log). */
export const AgentName = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
    'letters, digits, "_", "." and "-", starting with a letter or digit, at most 64',
  );

/** An agent of the approval gateway, as every front end shows it (never its token). */
export const AgentView = z.object({
  name: AgentName,
  /** The upstream servers it may see and call. */
  servers: z.array(z.string()),
  createdAt: z.string(),
  /** Set once revoked: its token is refused from then on. */
  revokedAt: z.string().optional(),
  /** When it last called or listed through the gateway (this session). */
  lastSeenAt: z.string().optional(),
  /** On a team service: the person it belongs to (who made its token); its calls say "agent A of person". */
  owner: Person.optional(),
});
export type AgentView = z.infer<typeof AgentView>;

/** A new agent: the only time its token is shown. */
export const NewAgent = AgentView.extend({ token: z.string() });
export type NewAgent = z.infer<typeof NewAgent>;

/** A standing decision: allow for this session, always allow (persisted), or never. */
export const GrantScope = z.enum(['session', 'always', 'never']);
export type GrantScope = z.infer<typeof GrantScope>;
/**
 * What a grant covers: one tool; the tools of a trusted server that declare themselves read-only;
 * or every tool of a server. The last two are for the session only, and hold for the tools as they
 * were when granted (a tool added or changed since is asked for again).
 */
export const GrantCover = z.enum(['tool', 'read-only', 'server']);
export type GrantCover = z.infer<typeof GrantCover>;

/** One standing grant: who it is for, what it covers and what it is bound to. */
export const GrantView = z.object({
  id: z.string(),
  requester: Requester,
  serverId: z.string(),
  /** The tool; '*' for a grant that covers more than one. */
  tool: z.string(),
  scope: GrantScope,
  covers: GrantCover.default('tool'),
  /** The server identity and tool definition it holds for (not for "never", which holds for the name). */
  serverIdentity: z.string().optional(),
  fingerprint: z.string().optional(),
  grantedBy: z.string(),
  grantedAt: z.string(),
  lastUsedAt: z.string().optional(),
  uses: z.number().int(),
});
export type GrantView = z.infer<typeof GrantView>;

/** A tool an agent cannot see until the person accepts it: new, or changed since it was accepted. */
export const PendingTool = z.object({
  serverId: z.string(),
  tool: z.string(),
  fingerprint: z.string(),
  state: z.enum(['new', 'changed']),
  /** For a changed tool: what changed since it was accepted. */
  diff: ToolChange.optional(),
});
export type PendingTool = z.infer<typeof PendingTool>;

/** Where agents reach the console: the HTTP endpoint (when one runs) and how to configure a host. */
export const GatewayInfo = z.object({
  httpUrl: z.string().optional(),
  /** The `mcp-console bridge` command line a host launches (stdio). */
  bridgeCommand: z.array(z.string()),
});
export type GatewayInfo = z.infer<typeof GatewayInfo>;

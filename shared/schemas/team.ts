import { z } from 'zod';

/**
 * What a person may do on a team service. `member`: sign in, make agents of their own, call tools (through the
 * gate like anyone); `approver`: a member who decides calls; `admin`: servers, agents of anyone, policy-adjacent
 * settings, the audit log; `auditor`: reads the audit log and the queue, decides and changes nothing.
 */
export const TeamRole = z.enum(['member', 'approver', 'admin', 'auditor']);
export type TeamRole = z.infer<typeof TeamRole>;

const Group = z.string().min(1).max(256);
const Groups = z.array(Group).max(100).default([]);

/**
 * `mcp-console serve --team FILE`: the console as one team's approval service (keys stable, in AUTOMATION.md).
 * Unknown keys are refused, so a misspelt key never silently weakens the service.
 */
export const TeamFile = z
  .object({
    /** Where the service listens. Any interface but loopback needs `tls`. */
    listen: z
      .object({
        host: z.string().min(1).max(253).default('127.0.0.1'),
        port: z.number().int().min(0).max(65535),
      })
      .strict(),
    /**
     * The address people's browsers use (behind a proxy it differs from `listen`): the only Origin the service
     * accepts, and the base of the sign-in's redirect URI (`<publicUrl>/auth/callback`).
     */
    publicUrl: z.url({ protocol: /^https?$/ }).max(2000),
    /** PEM files for HTTPS (paths relative to this file). */
    tls: z
      .object({ cert: z.string().min(1), key: z.string().min(1) })
      .strict()
      .optional(),
    oidc: z
      .object({
        /** The provider's issuer URL; its `/.well-known/openid-configuration` is read at start. */
        issuer: z.url().max(2000),
        clientId: z.string().min(1).max(500),
        /** A file holding the client secret (never the secret itself in this file); none: a public client. */
        clientSecretFile: z.string().min(1).optional(),
        scopes: z.array(z.string().min(1).max(100)).max(20).default(['openid', 'profile', 'email']),
        /** The ID token's claim whose values are the person's groups. */
        groupsClaim: z.string().min(1).max(100).default('groups'),
        /** Plain HTTP to the provider: only for a provider on loopback (tests, a local trial). */
        allowHttp: z.boolean().default(false),
      })
      .strict(),
    /** Which groups give which role (a person may have several; none at all: they see that and nothing else). */
    roles: z
      .object({ member: Groups, approver: Groups, admin: Groups, auditor: Groups })
      .strict()
      .refine((r) => r.approver.length + r.admin.length + r.member.length > 0, 'name a group for at least one role'),
    /**
     * Where to tell the team a call waits for a decision: a JSON POST (a body a Slack incoming webhook takes as it is),
     * signed with HMAC-SHA256 by the secret in `secretFile`. HTTPS, or plain HTTP on loopback.
     */
    webhook: z
      .object({ url: z.url({ protocol: /^https?$/ }).max(2000), secretFile: z.string().min(1) })
      .strict()
      .optional(),
    /**
     * Where MCP App views are served to people's browsers: their own origin (another port of `listen.host`, under
     * the same TLS, at `publicUrl`, whose origin is not the page's). Absent: views are served on 127.0.0.1 only, for a
     * browser on the service's own machine.
     */
    views: z
      .object({ port: z.number().int().min(1).max(65535), publicUrl: z.url({ protocol: /^https?$/ }).max(2000) })
      .strict()
      .optional(),
    /** How long a sign-in lasts (hours). */
    sessionHours: z.number().positive().max(720).default(12),
    /** A shared store for several instances (issue: the team service on PostgreSQL); not yet served. */
    store: z.string().max(2000).optional(),
  })
  .strict();
export type TeamFile = z.infer<typeof TeamFile>;

import { z } from 'zod';

/**
 * What a person may do on a team service. `member`: sign in, make agents of their own, call tools (through the
 * gate like anyone); `approver`: a member who decides calls; `admin`: servers, agents of anyone, policy-adjacent
 * settings, the audit log; `auditor`: reads the audit log and the queue, decides and changes nothing.
 */
export const TeamRole = z.enum(['member', 'approver', 'admin', 'auditor']);
export type TeamRole = z.infer<typeof TeamRole>;

const Group = z.string().min(1).max(256);

/** `"HOST:PORT"` (`"[::1]:8443"`) as `{ host, port }`; anything else as it is, for the schema to refuse. */
function hostPort(v: string): unknown {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(v);
  return m ? { host: m[1]!.replace(/^\[|\]$/g, ''), port: Number(m[2]) } : v;
}
const Groups = z.array(Group).max(100).default([]);

/**
 * `mcp-console serve --team FILE`: the console as one team's approval service (keys stable, in AUTOMATION.md).
 * Unknown keys are refused, so a misspelt key never silently weakens the service.
 */
export const TeamFile = z
  .object({
    /** Where the service listens: `"HOST:PORT"` (`"[::1]:8443"`; or `{ host, port }`). Beyond loopback: `tls`. */
    listen: z.preprocess(
      (v) => (typeof v === 'string' ? hostPort(v) : v),
      z
        .object({
          host: z.string().min(1).max(253).default('127.0.0.1'),
          port: z.number().int().min(0).max(65535),
        })
        .strict(),
    ),
    /**
     * The address people's browsers use (behind a proxy it differs from `listen`): the only Origin the service
     * accepts, and the base of the sign-in's redirect URI (`<publicUrl>/auth/callback`). Absent: `listen`'s own
     * address (https with `tls`), which must then name one interface.
     */
    publicUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
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
        /** The client secret, or (better: the team file may then be readable by more people) a file holding it. */
        clientSecret: z.string().min(1).max(2000).optional(),
        clientSecretFile: z.string().min(1).optional(),
        scopes: z.array(z.string().min(1).max(100)).max(20).default(['openid', 'profile', 'email']),
        /** The ID token's claim whose values are the person's groups (which `roles` maps to roles). */
        rolesClaim: z.string().min(1).max(100).default('groups'),
      })
      .strict()
      .refine((o) => !(o.clientSecret && o.clientSecretFile), 'name clientSecret or clientSecretFile, not both'),
    /** Which groups give which role (a person may have several; none at all: they see that and nothing else). */
    roles: z
      .object({ member: Groups.optional(), approver: Groups, admin: Groups, auditor: Groups })
      .strict()
      .transform((r) => ({ ...r, member: r.member ?? [] }))
      .refine((r) => r.approver.length + r.admin.length + r.member.length > 0, 'name a group for at least one role'),
    /**
     * Where to tell the team of calls: each a JSON POST when a call waits and when it is decided (a body a Slack
     * incoming webhook takes as it is), signed with HMAC-SHA256 by the secret in `secretFile` when one is named. HTTPS,
     * or plain HTTP on loopback.
     */
    notify: z
      .array(
        z
          .object({ webhook: z.url({ protocol: /^https?$/ }).max(2000), secretFile: z.string().min(1).optional() })
          .strict(),
      )
      .max(20)
      .default([]),
    /** The organisation's policy file for the team (relative to this file); `--policy` names one too. */
    policy: z.string().min(1).max(4096).optional(),
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
    /**
     * Where the team's shared state lives: `postgres://USER@HOST:PORT/DB` (a password in the URL, or PGPASSWORD), for
     * several instances on one database. Absent: the data directory (one instance).
     */
    store: z
      .string()
      .max(2000)
      .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
      .optional(),
  })
  .strict();
export type TeamFile = z.infer<typeof TeamFile>;

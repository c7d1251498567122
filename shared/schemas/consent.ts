import { z } from 'zod';

/** What a consent covers: spawning a command line, or believing a server's annotations (trust, auto-approval). */
export const ConsentKind = z.enum(['launch', 'trust']);
export type ConsentKind = z.infer<typeof ConsentKind>;

/** Where a consent was given: never the page. */
export const ConsentSurface = z.enum(['config-file', 'terminal', 'native-dialog', 'command-line']);
export type ConsentSurface = z.infer<typeof ConsentSurface>;

/** The command line a person is asked to let the console spawn: env values of secret-looking names are masked. */
export const LaunchLine = z.object({
  command: z.string(),
  args: z.array(z.string()),
  /** Name -> value as shown to the person (values of names that look like secrets are masked). */
  env: z.record(z.string(), z.string()),
  cwd: z.string().optional(),
});
export type LaunchLine = z.infer<typeof LaunchLine>;

/** A consent a person gave, remembered per server identity. */
export const ConsentRecord = z.object({
  kind: ConsentKind,
  serverId: z.string(),
  /** The server identity the consent is bound to (a changed command line is a new identity). */
  identity: z.string(),
  launch: LaunchLine.optional(),
  /** For `trust`: what was allowed. */
  trust: z.object({ trusted: z.boolean(), autoApproveReadOnly: z.boolean() }).optional(),
  via: ConsentSurface,
  grantedAt: z.string(),
  /** Kept in the data directory (false: for this run only, e.g. from the --config file). */
  persistent: z.boolean(),
});
export type ConsentRecord = z.infer<typeof ConsentRecord>;

/** A consent the core is waiting for (shown on the server while it waits). */
export const PendingConsent = z.object({
  kind: ConsentKind,
  /** Where the person is asked, in words ("the terminal that runs mcp-console serve"). */
  where: z.string(),
  requestedAt: z.string(),
});
export type PendingConsent = z.infer<typeof PendingConsent>;

import { z } from 'zod';

/** One receiver of the audit trail, as the console sees it now. */
export const ShipTargetStatus = z.object({
  /** `relp://host:port`, `tcp://host:port`, `tls://host:port` or the OTLP endpoint (no secret in it). */
  target: z.string(),
  kind: z.enum(['syslog', 'otlp']),
  /**
   * `caught-up`: every entry delivered; `sending`: some wait their turn; `down`: the receiver cannot be reached,
   * `stalled`: it takes the connection but acknowledges nothing (entries wait in the log either way); `off`: stopped.
   */
  state: z.enum(['caught-up', 'sending', 'down', 'stalled', 'off']),
  /**
   * The receiver says what it has (RELP, OTLP): delivered means it has it. Plain tcp:// and tls:// syslog cannot:
   * delivered means written to a connection that stayed up.
   */
  acknowledged: z.boolean(),
  /** The newest entry the receiver is known to have. */
  shippedSeq: z.number().int(),
  /** Entries of the log not delivered yet. */
  waiting: z.number().int(),
  error: z.string().optional(),
  since: z.string().optional(),
  /** Older entries not shipped because more than the backlog limit waited. */
  skipped: z.number().int().optional(),
});
export type ShipTargetStatus = z.infer<typeof ShipTargetStatus>;

export const ShippingView = z.object({
  targets: z.array(ShipTargetStatus),
  /** Why a configured target is not shipped to (a malformed address, a CA file that cannot be read). */
  problems: z.array(z.string()),
  /** The host's flags in force (`--ship-syslog`, …): they win over the settings. */
  fromFlags: z.array(z.string()),
  /**
   * A team service on a shared store: the instance that ships the team's chain (one for the team, elected), and
   * whether it is this one; the others ship nothing.
   */
  team: z.object({ shipper: z.string().max(300).nullable(), self: z.boolean() }).optional(),
});
export type ShippingView = z.infer<typeof ShippingView>;

/**
 * A syslog receiver: `relp://host:port` (acknowledged), `relps://` (RELP over TLS), or `tcp://` / `tls://` (not
 * acknowledged).
 */
export const SyslogTarget = z
  .string()
  .max(500)
  .regex(/^(relp|relps|tcp|tls):\/\/[^/\s]+:\d{1,5}$/, 'relp://HOST:PORT, tcp://HOST:PORT or tls://HOST:PORT');
/** An OTLP/HTTP logs endpoint: `http(s)://host:port/v1/logs`. */
export const OtlpTarget = z
  .string()
  .max(2000)
  .regex(/^https?:\/\/\S+$/, 'http(s)://HOST:PORT/v1/logs');

import { z } from 'zod';

/** The syslog levels MCP uses, least severe first. */
export const LogLevel = z.enum(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency']);
export type LogLevel = z.infer<typeof LogLevel>;

/** One line of a server's log view: a log message it sent, a line of its stderr, or the console's own note about it. */
export const LogEntry = z.object({
  seq: z.number().int(),
  at: z.string(),
  serverId: z.string(),
  source: z.enum(['server', 'stderr', 'console']),
  level: LogLevel.optional(),
  logger: z.string().optional(),
  text: z.string(),
});
export type LogEntry = z.infer<typeof LogEntry>;

export const LogPage = z.object({
  entries: z.array(LogEntry),
  dropped: z.number().int(),
  /** The level the console asked this server for (2025: logging/setLevel; 2026-07-28: on each request). */
  level: LogLevel.optional(),
});
export type LogPage = z.infer<typeof LogPage>;

/** True when `level` is at least as severe as `min`. */
export function atLeast(level: LogLevel | undefined, min: LogLevel): boolean {
  return level === undefined || LogLevel.options.indexOf(level) >= LogLevel.options.indexOf(min);
}

import { z } from 'zod';
import { LOG_LEVELS } from '../log-levels.js';

/** The syslog levels MCP uses, least severe first. */
export const LogLevel = z.enum(LOG_LEVELS);
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

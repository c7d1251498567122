/** The syslog levels MCP uses, least severe first (no zod here: the page uses them without the schemas). */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

/** True when `level` is at least as severe as `min`. */
export function atLeast(level: LogLevelName | undefined, min: LogLevelName): boolean {
  return level === undefined || LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(min);
}

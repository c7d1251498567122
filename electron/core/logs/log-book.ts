import type { LogEntry, LogLevel, LogPage } from '../../../shared/schemas/log.js';
import { atLeast } from '../../../shared/log-levels.js';

export const MAX_LOG_ENTRIES = 2000;
const MAX_TEXT = 10_000;

interface ServerLog {
  entries: LogEntry[];
  dropped: number;
  level?: LogLevel;
}

/**
 * Each server's log view: the log messages it sends (notifications/message, either era), its stderr
 * and the console's notes about its connection, in arrival order, bounded per server.
 */
export class LogBook {
  private servers = new Map<string, ServerLog>();
  private seq = 0;

  private of(serverId: string): ServerLog {
    let s = this.servers.get(serverId);
    if (!s) this.servers.set(serverId, (s = { entries: [], dropped: 0 }));
    return s;
  }

  private add(serverId: string, e: Omit<LogEntry, 'seq' | 'at' | 'serverId'>): void {
    const s = this.of(serverId);
    s.entries.push({
      seq: ++this.seq,
      at: new Date().toISOString(),
      serverId,
      ...e,
      text: e.text.length > MAX_TEXT ? e.text.slice(0, MAX_TEXT) + '…' : e.text,
    });
    if (s.entries.length > MAX_LOG_ENTRIES) {
      s.entries.splice(0, s.entries.length - MAX_LOG_ENTRIES);
      s.dropped++;
    }
  }

  /** A log message the server sent. */
  message(serverId: string, level: LogLevel, logger: string | undefined, data: unknown): void {
    this.add(serverId, {
      source: 'server',
      level,
      logger,
      text: typeof data === 'string' ? data : JSON.stringify(data),
    });
  }

  /** Lines of stderr and console notes (log messages are already recorded as such). */
  lines(serverId: string, lines: string[]): void {
    for (const l of lines) {
      if (l.startsWith('[log ')) continue;
      if (l.startsWith('[console] ')) this.add(serverId, { source: 'console', text: l.slice(10) });
      else this.add(serverId, { source: 'stderr', text: l });
    }
  }

  setLevel(serverId: string, level: LogLevel): void {
    this.of(serverId).level = level;
  }

  level(serverId: string): LogLevel | undefined {
    return this.servers.get(serverId)?.level;
  }

  /** Entries after `since`, at least `minLevel` (stderr and notes have no level and always show), containing `text`. */
  list(serverId: string, opts: { since?: number; minLevel?: LogLevel; text?: string; limit?: number } = {}): LogPage {
    const s = this.servers.get(serverId);
    if (!s) return { entries: [], dropped: 0 };
    const text = opts.text?.toLowerCase();
    let entries = s.entries.filter(
      (e) =>
        (opts.since === undefined || e.seq > opts.since) &&
        (!opts.minLevel || e.source !== 'server' || atLeast(e.level, opts.minLevel)) &&
        (!text || e.text.toLowerCase().includes(text) || (e.logger ?? '').toLowerCase().includes(text)),
    );
    if (opts.limit !== undefined) entries = entries.slice(-opts.limit);
    return { entries, dropped: s.dropped, level: s.level };
  }
}

import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { LogLevel } from '../../../shared/schemas/log.js';
import type { LogBook } from './log-book.js';

export interface LogHandlerDeps {
  logs: LogBook;
  /** Throws for a server the console does not know. */
  known(serverId: string): void;
  /** Asks the server for a level (logging/setLevel) or, where it cannot, filters here. */
  setLogLevel(serverId: string, level: LogLevel): Promise<{ level: LogLevel; how: string }>;
}

/** Each server's log messages and its log level. */
export function logHandlers(d: LogHandlerDeps): HandlersOf<NamesIn<'logs'>> {
  return {
    'logs.list': (i) => (d.known(i.serverId), d.logs.list(i.serverId, i)),
    'logs.setLevel': (i) => d.setLogLevel(i.serverId, i.level),
  };
}

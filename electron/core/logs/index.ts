/** Each server's log view: its log messages, stderr and the console's notes. */
export { LogBook, MAX_LOG_ENTRIES } from './log-book.js';
export { withLogLevel } from './log-level.js';
export { logHandlers } from './handlers.js';

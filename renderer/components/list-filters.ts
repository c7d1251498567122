import { parseQuery, queryHolds } from '../../shared/filter-query';
import { describeRequester } from '../../shared/requester-text';
import type { AuditEntry } from '../../shared/schemas/audit';
import type { CallRecord } from '../../shared/schemas/call';
import type { LogEntry } from '../../shared/schemas/log';
import type { TraceEntry } from '../../shared/schemas/trace';

/*
 * Each list's fields in the console's one filter language (shared/filter-query.ts: words, `key:value`, `-term`,
 * `"a phrase"`): the keys it knows, and the hint its filter box shows. The catalog's is tool-filter.ts.
 */

/** A list's filter: its hint, and whether a row holds a query (parsed once per query, not per row). */
export interface ListFilter<T> {
  hint: string;
  matcher(q: string): (row: T) => boolean;
}

function listFilter<T>(
  keys: string[],
  hint: string,
  fieldsOf: (row: T) => Record<string, string | undefined>,
  textOf?: (row: T) => string,
): ListFilter<T> {
  const known = new Set(keys);
  return {
    hint,
    matcher(q) {
      const terms = parseQuery(q, known);
      if (terms.length === 0) return () => true;
      return (row) => {
        const fields = fieldsOf(row);
        const text = [...Object.values(fields), textOf?.(row) ?? ''].join(' ');
        return queryHolds(terms, fields, text);
      };
    },
  };
}

/** History: a call's tool, server, who asked, who decided, outcome; words also find its arguments. */
export const HISTORY_FILTER = listFilter<CallRecord>(
  ['tool', 'server', 'by', 'decided', 'outcome'],
  'Filter: words, tool:, server:, by:, decided:, outcome:, -word',
  (c) => ({
    tool: c.tool,
    server: c.serverId,
    by: describeRequester(c.requestedBy),
    decided: c.decidedBy,
    outcome: c.outcome ?? c.state,
  }),
  (c) => c.argsJson,
);

/** Trace: a message's method, tool or resource name, kind, direction and id. */
export const TRACE_FILTER = listFilter<TraceEntry>(
  ['method', 'name', 'kind', 'dir', 'id'],
  'Filter: words, method:, name:, kind:, dir:in|out, id:, -word',
  (e) => ({
    method: e.method,
    name: e.name,
    kind: e.kind,
    dir: e.dir,
    id: e.id === undefined ? undefined : String(e.id),
  }),
);

/** Logs: a line's text, level, logger, server and where it came from. */
export const LOG_FILTER = listFilter<LogEntry>(
  ['level', 'logger', 'server', 'source'],
  'Filter: words, level:, logger:, source:stderr, -word',
  (e) => ({ level: e.level, logger: e.logger, server: e.serverId, source: e.source }),
  (e) => e.text,
);

/** The Audit log: an entry's kind, server, tool, who asked, who decided, outcome; words also find its note. */
export const AUDIT_FILTER = listFilter<AuditEntry>(
  ['kind', 'server', 'tool', 'by', 'decided', 'outcome'],
  'Filter: words, kind:, tool:, by:, outcome:, -word',
  (e) => ({
    kind: e.kind,
    server: e.serverId,
    tool: e.tool,
    by: e.requestedBy && describeRequester(e.requestedBy),
    decided: e.decidedBy,
    outcome: e.outcome,
  }),
  (e) => e.reason ?? '',
);

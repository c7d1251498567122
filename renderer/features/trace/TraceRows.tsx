import { useMemo } from 'react';
import type { TraceEntry } from '../../../shared/schemas/trace';
import { SafeText } from '../../components/SafeText';
import { clockTime } from '../../components/format';
import { useConsole } from '../../store/store';
import { flagOf, flaggedCalls } from './trace-flags';
import './trace.css';

/** The longest id a column is made wide enough for; a longer one is cut, whole in its title. */
const ID_CHARS = 14;

/**
 * The widths of the columns that vary, from the rows shown: the id's as wide as the longest id (up to ID_CHARS), the
 * round's only when a row has one. What is left goes to the method and name, so they are cut only when the row is full.
 */
export function columnsOf(rows: readonly TraceEntry[]): Record<string, string> {
  let id = 0;
  let rounds = false;
  for (const e of rows) {
    if (e.id !== undefined) id = Math.max(id, Math.min(ID_CHARS, String(e.id).length + 1));
    rounds ||= e.round !== undefined;
  }
  // A monospace character of the small type is about 0.53em of the row's.
  return { '--trace-id': `${Math.max(2, id * 0.53 + 0.5).toFixed(1)}em`, '--trace-round': rounds ? '5em' : '0px' };
}

/** The trace's rows, newest last: direction, kind, method and name, id, round and time taken. */
export function TraceRows({
  rows,
  selected,
  onSelect,
}: {
  rows: TraceEntry[];
  selected: number | null;
  onSelect: (seq: number) => void;
}) {
  const calls = useConsole((s) => s.calls);
  const flagged = useMemo(() => flaggedCalls(calls), [calls]);
  const columns = useMemo(() => columnsOf(rows), [rows]);
  return (
    <div className="trace-rows" role="list" style={columns}>
      {rows.map((e) => (
        <button
          key={e.seq}
          role="listitem"
          className={`trace-row dir-${e.dir} kind-${e.kind} ${selected === e.seq ? 'selected' : ''}`}
          onClick={() => onSelect(e.seq)}
          data-testid="trace-row"
          data-dir={e.dir}
          data-kind={e.kind}
          data-method={e.method ?? ''}
          data-round={e.round ?? ''}
          data-view={e.view?.tool ?? ''}
          data-id={e.id ?? ''}
        >
          <span className="mono small muted">{clockTime(e.at, true)}</span>
          <span
            className="mono"
            title={e.view ? `the channel of the view of ${e.view.tool}: → to the view, ← from it` : undefined}
          >
            {e.view ? (e.dir === 'out' ? '⇢' : '⇠') : e.dir === 'out' ? '→' : '←'}
          </span>
          <span className="small">{e.kind === 'http' ? `HTTP ${e.http?.status ?? '…'}` : e.kind}</span>
          <span className="mono ellipsis">
            {e.view && <span className="badge small">view of {e.view.tool}</span>} <SafeText text={e.method ?? ''} />
            {flagOf(e, flagged) && (
              <span
                className="badge sev high small"
                data-testid="trace-flag"
                title="The console flagged this result: it speaks to the model (see the call's result)"
              >
                speaks to the model
              </span>
            )}
            {e.name && (
              <span className="muted">
                {' '}
                <SafeText text={e.name} />
              </span>
            )}
          </span>
          {/* A long id (a string id may be any length) stays on one line, whole in its title. */}
          <span
            className="mono small muted ellipsis"
            title={e.id !== undefined ? `JSON-RPC id #${String(e.id)}` : undefined}
          >
            {e.id !== undefined && <SafeText text={`#${String(e.id)}`} />}
          </span>
          <span className="small muted">{e.round ? `round ${e.round}` : ''}</span>
          <span className="small muted">
            {e.ms !== undefined ? `${e.ms} ms` : e.http?.ms !== undefined ? `${e.http.ms} ms` : ''}
          </span>
        </button>
      ))}
      {rows.length === 0 && <div className="empty small">No messages yet.</div>}
    </div>
  );
}

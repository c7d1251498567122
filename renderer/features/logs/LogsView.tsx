import { useMemo, useState } from 'react';
import { usePolled } from '../../components/use-polled';
import { useShallow } from 'zustand/react/shallow';
import type { LogEntry, LogLevel, LogPage } from '../../../shared/schemas/log';
import { atLeast, LOG_LEVELS } from '../../../shared/log-levels';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { clockTime } from '../../components/format';
import { ServerSelect } from '../../components/ServerSelect';
import { useConsole } from '../../store/store';
import './logs.css';
import { LOG_FILTER } from '../../components/list-filters';
import { FilterInput } from '../../components/FilterInput';

const KEEP = 2000;
const SHOWN = 500;
const POLL_MS = 700;

/**
 * One server's log view: the log messages it sends (2025: after logging/setLevel; 2026-07-28: for
 * requests that carry the level), its stderr and the console's notes, filterable by level and text.
 */
export function LogsView() {
  const api = useApi();
  const servers = useConsole(useShallow((s) => s.serverOrder));
  const firstConnected = useConsole((s) => s.serverOrder.find((id) => s.servers[id]?.status === 'connected'));
  const [serverId, setServerId] = useState<string | undefined>(firstConnected ?? servers[0]);
  const [level, setLevel] = useState<LogLevel | undefined>();
  const [minLevel, setMinLevel] = useState<LogLevel>('debug');
  const [text, setText] = useState('');
  const [showStderr, setShowStderr] = useState(true);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fetchAfter = useMemo(
    () => (serverId ? (since: number) => api.request('logs.list', { serverId, since, limit: KEEP }) : undefined),
    [api, serverId],
  );
  const { entries, reset } = usePolled<LogEntry, LogPage>(fetchAfter, {
    everyMs: POLL_MS,
    keep: KEEP,
    onPage: (p) => setLevel(p.level),
    onError: (e) => setError(e.message),
  });

  const choose = (id: string) => {
    reset();
    setNote(null);
    setServerId(id);
  };
  const ask = (l: LogLevel) => {
    if (!serverId) return;
    setError(null);
    api.request('logs.setLevel', { serverId, level: l }).then(
      (r) => {
        setLevel(r.level);
        setNote(`level ${r.level}: ${r.how}`);
      },
      (e: Error) => setError(e.message),
    );
  };
  const shown = useMemo(() => {
    const matches = LOG_FILTER.matcher(text);
    return entries
      .filter((e) => (e.source === 'server' ? atLeast(e.level, minLevel) : showStderr))
      .filter(matches)
      .slice(-SHOWN);
  }, [entries, minLevel, text, showStderr]);

  if (servers.length === 0) return <div className="empty">Add a server to see its logs.</div>;
  return (
    <div className="logs-view" data-testid="logs-view">
      <div className="row gap log-bar">
        <ServerSelect servers={servers} value={serverId ?? ''} onChange={choose} testId="logs-server" />
        <AskLevel level={level} ask={ask} />
        <LogFilters {...{ minLevel, setMinLevel, showStderr, setShowStderr, text, setText }} />
      </div>
      {note && <div className="small muted">{note}</div>}
      {error && (
        <div className="error" role="alert">
          <SafeText text={error} />
        </div>
      )}
      <div className="trace-rows log-lines" role="list">
        {shown.map((e) => (
          <LogRow key={e.seq} e={e} />
        ))}
        {shown.length === 0 && <div className="empty small">Nothing yet.</div>}
      </div>
    </div>
  );
}

/** One log line: when, from where (a level, stderr or a note), its logger and its text. */
function LogRow({ e }: { e: LogEntry }) {
  return (
    <div
      role="listitem"
      className={`log-row source-${e.source} level-${e.level ?? 'none'}`}
      data-testid="log-row"
      data-source={e.source}
      data-level={e.level ?? ''}
    >
      <span className="mono small muted">{clockTime(e.at)}</span>{' '}
      <span className="badge">{e.source === 'server' ? e.level : e.source}</span>{' '}
      {e.logger && (
        <span className="muted small">
          <SafeText text={e.logger} />{' '}
        </span>
      )}
      <span className="mono prewrap">
        <SafeText text={e.text} />
      </span>
    </div>
  );
}

/** The level asked of the server (2025: logging/setLevel; 2026-07-28: carried on each request). */
function AskLevel({ level, ask }: { level: LogLevel | undefined; ask: (l: LogLevel) => void }) {
  return (
    <label className="small">
      Ask the server for{' '}
      <select value={level ?? ''} onChange={(e) => ask(e.target.value as LogLevel)} data-testid="logs-level">
        <option value="" disabled>
          (not asked)
        </option>
        {LOG_LEVELS.map((l) => (
          <option key={l} value={l}>
            {l} and above
          </option>
        ))}
      </select>
    </label>
  );
}

/** What the view shows: from which level, stderr and notes or not, and lines with which text. */
function LogFilters(p: {
  minLevel: LogLevel;
  setMinLevel: (l: LogLevel) => void;
  showStderr: boolean;
  setShowStderr: (b: boolean) => void;
  text: string;
  setText: (t: string) => void;
}) {
  const { minLevel, setMinLevel, showStderr, setShowStderr, text, setText } = p;
  return (
    <>
      <label className="small">
        Show{' '}
        <select value={minLevel} onChange={(e) => setMinLevel(e.target.value as LogLevel)} data-testid="logs-min-level">
          {LOG_LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}+
            </option>
          ))}
        </select>
      </label>
      <label className="small">
        <input
          type="checkbox"
          checked={showStderr}
          onChange={(e) => setShowStderr(e.target.checked)}
          data-testid="logs-stderr"
        />{' '}
        stderr and notes
      </label>
      <FilterInput filter={LOG_FILTER} value={text} onChange={setText} label="Filter the logs" testId="logs-filter" />
    </>
  );
}

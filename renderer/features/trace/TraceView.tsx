import { useEffect, useMemo, useRef, useState } from 'react';
import { usePolled } from '../../components/use-polled';
import { useShallow } from 'zustand/react/shallow';
import { prettyJsonText } from '../../../shared/pretty-json';
import type { DoctorReport } from '../../../shared/schemas/server';
import type { TraceEntry, TracePage } from '../../../shared/schemas/trace';
import { parseTraceJsonl } from './trace-file';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { ServerSelect } from '../../components/ServerSelect';
import { clockTime, count } from '../../components/format';
import { useConsole } from '../../store/store';
import { DoctorPanel } from './DoctorPanel';

/** What the page keeps of a live trace (the core keeps as much; export gets them all). */
const KEEP = 2000;
/** Rows drawn at once (the newest that match): a long trace never makes one long task. */
const SHOWN = 400;
const POLL_MS = 500;
/** An imported file larger than this is refused. */
const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

/**
 * A server's protocol trace: every JSON-RPC message both ways (and each HTTP exchange), responses
 * paired with their requests, multi round-trip legs marked by round, filterable by method,
 * exportable as JSONL and importable back for viewing.
 */
// eslint-disable-next-line max-lines-per-function -- to split into the filter bar, the list and the opened message
export function TraceView() {
  const api = useApi();
  const servers = useConsole(useShallow((s) => s.serverOrder));
  const firstConnected = useConsole((s) => s.serverOrder.find((id) => s.servers[id]?.status === 'connected'));
  const [serverId, setServerId] = useState<string | undefined>(firstConnected ?? servers[0]);
  const [dropped, setDropped] = useState(0);
  const [filter, setFilter] = useState('');
  const [paused, setPaused] = useState(false);
  const [imported, setImported] = useState<{ name: string; bad: number } | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [doctor, setDoctor] = useState<DoctorReport | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  // Live: new entries every half second while the tab is open, for the chosen server.
  const fetchAfter = useMemo(
    // Rows only: the message of the row opened is asked for alone (a trace keeps up to 8 MB of them).
    () => (serverId && !imported && !paused ? (since: number) => api.request('trace.list', { serverId, since, limit: KEEP, brief: true }) : undefined),
    [api, serverId, imported, paused],
  );
  const { entries, setEntries, reset } = usePolled<TraceEntry, TracePage>(fetchAfter, {
    everyMs: POLL_MS,
    keep: KEEP,
    onPage: (p) => {
      setError(null);
      setDropped(p.dropped);
    },
    onError: (e) => setError(e.message),
  });

  const choose = (id: string) => {
    reset();
    setSelected(null);
    setImported(null);
    setDoctor(null);
    setServerId(id);
  };
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    const matching = f ? entries.filter((e) => (e.method ?? '').toLowerCase().includes(f) || (e.name ?? '').toLowerCase().includes(f)) : entries;
    return { rows: matching.slice(-SHOWN), hidden: Math.max(0, matching.length - SHOWN) };
  }, [entries, filter]);
  // The row opened, whole: from the file when one is viewed, else asked of the core (seqs are unique across servers).
  const [fetched, setFetched] = useState<TraceEntry | null>(null);
  useEffect(() => {
    if (selected === null || imported || !serverId) return;
    let live = true;
    api.request('trace.get', { serverId, seq: selected }).then(
      (e) => live && setFetched(e),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [api, selected, imported, serverId]);
  const open = selected === null ? undefined : imported ? entries.find((e) => e.seq === selected) : fetched?.seq === selected ? fetched : undefined;

  const exportJsonl = async () => {
    let text: string;
    if (imported || !serverId) text = entries.map((e) => JSON.stringify(e) + '\n').join('');
    else {
      try {
        text = (await api.request('trace.export', { serverId })).jsonl;
      } catch (e) {
        return setError((e as Error).message);
      }
    }
    const blob = new Blob([text], { type: 'application/x-ndjson' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `mcp-trace-${serverId ?? 'imported'}-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };
  const importJsonl = async (file: File) => {
    if (file.size > MAX_IMPORT_BYTES) return setError(`${file.name} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
    const { entries: got, bad } = await parseTraceJsonl(await file.text());
    if (got.length === 0) return setError(`${file.name} has no trace entries${bad ? ` (${bad} lines were not entries)` : ''}`);
    setError(null);
    setImported({ name: file.name, bad });
    setSelected(null);
    setDropped(0);
    setEntries(got.slice(-KEEP * 10));
  };
  const clear = () => {
    if (!serverId) return;
    api.request('trace.clear', { serverId }).then(
      () => {
        reset();
        setSelected(null);
      },
      (e: Error) => setError(e.message),
    );
  };
  const runDoctor = () => {
    if (serverId) api.request('servers.doctor', { serverId }).then(setDoctor, (e: Error) => setError(e.message));
  };

  if (servers.length === 0 && !imported) return <div className="empty">Add a server to trace its messages.</div>;
  return (
    <div className="trace" data-testid="trace-view">
      <div className="row gap">
        <ServerSelect
          servers={servers}
          value={imported ? '' : (serverId ?? '')}
          onChange={choose}
          testId="trace-server"
          none={imported ? '(imported)' : undefined}
        />
        <input placeholder="filter by method or name" value={filter} onChange={(e) => setFilter(e.target.value)} data-testid="trace-filter" />
        {!imported && (
          <button onClick={() => setPaused(!paused)} data-testid="trace-pause">
            {paused ? 'Resume' : 'Pause'}
          </button>
        )}
        {!imported && (
          <button onClick={clear} data-testid="trace-clear">
            Clear
          </button>
        )}
        <button onClick={() => void exportJsonl()} disabled={entries.length === 0} data-testid="trace-export">
          Export JSONL
        </button>
        <button onClick={() => fileRef.current?.click()} data-testid="trace-import">
          Import JSONL…
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".jsonl,.ndjson,application/x-ndjson,application/json"
          hidden
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void importJsonl(f);
            e.target.value = '';
          }}
          data-testid="trace-import-file"
        />
        {!imported && (
          <button onClick={runDoctor} disabled={!serverId} data-testid="trace-doctor">
            Doctor
          </button>
        )}
      </div>
      {imported && (
        <div className="small" data-testid="trace-imported">
          Viewing <SafeText text={imported.name} /> ({count(entries.length)} entries
          {imported.bad ? `, ${imported.bad} line${imported.bad === 1 ? '' : 's'} skipped: not trace entries` : ''}).{' '}
          <button className="link" onClick={() => serverId && choose(serverId)}>
            Back to the live trace
          </button>
        </div>
      )}
      {error && (
        <div className="error" role="alert">
          <SafeText text={error} />
        </div>
      )}
      {doctor && <DoctorPanel report={doctor} onClose={() => setDoctor(null)} />}
      {(dropped > 0 || shown.hidden > 0) && (
        <div className="small muted" data-testid="trace-dropped">
          {dropped > 0 && `${count(dropped)} older messages were let go (the trace is bounded). `}
          {shown.hidden > 0 && `${count(shown.hidden)} older matching messages are not drawn; export to see them all.`}
        </div>
      )}
      <div className="trace-split">
        <div className="trace-rows" role="list">
          {shown.rows.map((e) => (
            <button
              key={e.seq}
              role="listitem"
              className={`trace-row dir-${e.dir} kind-${e.kind} ${selected === e.seq ? 'selected' : ''}`}
              onClick={() => setSelected(e.seq)}
              data-testid="trace-row"
              data-dir={e.dir}
              data-kind={e.kind}
              data-method={e.method ?? ''}
              data-round={e.round ?? ''}
            >
              <span className="mono small muted">{clockTime(e.at, true)}</span>
              <span className="mono">{e.dir === 'out' ? '→' : '←'}</span>
              <span className="small">{e.kind === 'http' ? `HTTP ${e.http?.status ?? '…'}` : e.kind}</span>
              <span className="mono ellipsis">
                <SafeText text={e.method ?? ''} />
                {e.name && (
                  <span className="muted">
                    {' '}
                    <SafeText text={e.name} />
                  </span>
                )}
              </span>
              <span className="mono small muted">{e.id !== undefined ? `#${String(e.id)}` : ''}</span>
              <span className="small muted">{e.round ? `round ${e.round}` : ''}</span>
              <span className="small muted">{e.ms !== undefined ? `${e.ms} ms` : e.http?.ms !== undefined ? `${e.http.ms} ms` : ''}</span>
            </button>
          ))}
          {shown.rows.length === 0 && <div className="empty small">No messages yet.</div>}
        </div>
        {open && (
          <div className="trace-detail" data-testid="trace-detail">
            <div className="small muted">
              #{open.seq} · {open.at} · {count(open.bytes)} bytes
              {open.group !== undefined && ` · exchange #${String(open.group)}, round ${open.round ?? 1}`}
            </div>
            {open.http && (
              <pre className="code small">
                <SafeText
                  text={[
                    `${open.http.method} ${open.http.url} → ${open.http.status ?? 'no response'}`,
                    ...Object.entries(open.http.headers).map(([k, v]) => `${k}: ${v}`),
                    ...Object.entries(open.http.responseHeaders ?? {}).map(([k, v]) => `← ${k}: ${v}`),
                  ].join('\n')}
                />
              </pre>
            )}
            {open.message !== undefined && (
              <pre className="code">
                <SafeText text={prettyJsonText(JSON.stringify(open.message))} />
              </pre>
            )}
            {open.preview !== undefined && (
              <>
                <div className="small warn-text">Too large to keep whole; its opening:</div>
                <pre className="code">
                  <SafeText text={open.preview} />
                </pre>
              </>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

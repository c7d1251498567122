import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { DoctorReport } from '../../../shared/schemas/server';
import type { TraceEntry, TracePage } from '../../../shared/schemas/trace';
import { useApi } from '../../api/context';
import { usePolled } from '../../components/use-polled';
import { useConsole } from '../../store/store';
import { parseTraceJsonl } from './trace-file';
import { buildTimelineInSlices, type TimelineMark, type TimelineModel } from './timeline-model';
import { nextTask } from '../../components/next-task';
import { TRACE_FILTER } from '../../components/list-filters';

/** What the page keeps of a live trace (the core keeps as much; export gets them all). */
const KEEP = 2000;
/** Rows drawn at once (the newest that match): a long trace never makes one long task. */
const SHOWN = 400;
const POLL_MS = 500;
/** An imported file larger than this is refused. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

/** A file viewed: every entry of it (the rows show the newest), and a recording's calls and questions. */
interface Imported {
  name: string;
  bad: number;
  all: TraceEntry[];
  marks: TimelineMark[];
}

/**
 * The trace tab's data: the chosen server's live trace (polled while shown, rows only), or a file
 * imported for viewing; the rows that match the filter; the message opened, whole; and what the
 * tab does (export, import, clear, the connection doctor).
 */
export function useTrace() {
  const api = useApi();
  const servers = useConsole(useShallow((s) => s.serverOrder));
  const firstConnected = useConsole((s) => s.serverOrder.find((id) => s.servers[id]?.status === 'connected'));
  const [serverId, setServerId] = useState<string | undefined>(firstConnected ?? servers[0]);
  const [dropped, setDropped] = useState(0);
  const [filter, setFilter] = useState('');
  const [paused, setPaused] = useState(false);
  const [imported, setImported] = useState<Imported | null>(null);
  const [mode, setMode] = useState<'rows' | 'timeline'>('rows');
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [doctor, setDoctor] = useState<DoctorReport | null>(null);

  // Rows only: the message of the row opened is asked for alone (a trace keeps up to 8 MB of them).
  const fetchAfter = useMemo(
    () =>
      serverId && !imported && !paused
        ? (since: number) => api.request('trace.list', { serverId, since, limit: KEEP, brief: true })
        : undefined,
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
  const shown = useMemo(() => {
    const matching = filter.trim() ? entries.filter(TRACE_FILTER.matcher(filter)) : entries;
    return { rows: matching.slice(-SHOWN), hidden: Math.max(0, matching.length - SHOWN) };
  }, [entries, filter]);
  const open = useOpened(selected, imported ? imported.all : null, serverId, setError);
  const timeline = useTimelineOf(mode === 'timeline', imported ? imported.all : entries, imported?.marks);

  const choose = (id: string) => {
    reset();
    setSelected(null);
    setImported(null);
    setDoctor(null);
    setServerId(id);
  };
  const fail = (e: Error) => setError(e.message);
  const actions = {
    choose,
    exportJsonl: async () => {
      const text =
        imported || !serverId
          ? entries.map((e) => JSON.stringify(e) + '\n').join('')
          : await api.request('trace.export', { serverId }).then((r) => r.jsonl, fail);
      if (text !== undefined)
        download(text, `mcp-trace-${serverId ?? 'imported'}-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`);
    },
    importJsonl: async (file: File) => {
      if (file.size > MAX_IMPORT_BYTES)
        return setError(`${file.name} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
      const { entries: got, bad, marks } = await parseTraceJsonl(await file.text());
      if (got.length === 0)
        return setError(`${file.name} has no trace entries${bad ? ` (${bad} lines were not entries)` : ''}`);
      setError(null);
      setImported({ name: file.name, bad, all: got, marks });
      setSelected(null);
      setDropped(0);
      setEntries(got.slice(-KEEP * 10));
    },
    clear: () => {
      if (serverId) api.request('trace.clear', { serverId }).then(() => (reset(), setSelected(null)), fail);
    },
    runDoctor: () => {
      if (serverId) api.request('servers.doctor', { serverId }).then(setDoctor, fail);
    },
    closeDoctor: () => setDoctor(null),
    showError: (message: string) => setError(message),
  };
  return {
    servers,
    serverId,
    entries,
    shown,
    dropped,
    filter,
    setFilter,
    paused,
    setPaused,
    imported,
    mode,
    setMode,
    timeline,
    selected,
    setSelected,
    open,
    error,
    doctor,
    actions,
  };
}

/** The timeline of what is shown (built a slice at a time, again when the entries change), while it is asked for. */
function useTimelineOf(
  wanted: boolean,
  entries: readonly TraceEntry[],
  marks: readonly TimelineMark[] | undefined,
): TimelineModel | null {
  // The last one built stays shown while the next is laid out (a live trace changes twice a second).
  const [model, setModel] = useState<TimelineModel | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void buildTimelineInSlices(entries, marks ?? [], nextTask).then((m) => live && setModel(m));
    return () => {
      live = false;
    };
  }, [wanted, entries, marks]);
  return wanted ? model : null;
}

/** The row opened, whole: from the file when one is viewed, else asked of the core (seqs are unique across servers). */
function useOpened(
  selected: number | null,
  fromFile: TraceEntry[] | null,
  serverId: string | undefined,
  onError: (m: string) => void,
): TraceEntry | undefined {
  const api = useApi();
  const [fetched, setFetched] = useState<TraceEntry | null>(null);
  const viewingFile = fromFile !== null;
  useEffect(() => {
    if (selected === null || viewingFile || !serverId) return;
    let live = true;
    api.request('trace.get', { serverId, seq: selected }).then(
      (e) => live && setFetched(e),
      (e: Error) => live && onError(e.message),
    );
    return () => {
      live = false;
    };
  }, [api, selected, viewingFile, serverId, onError]);
  if (selected === null) return undefined;
  if (fromFile) return fromFile.find((e) => e.seq === selected);
  return fetched?.seq === selected ? fetched : undefined;
}

/** Hands the text to the browser as a file download. */
function download(text: string, name: string): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-ndjson' }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

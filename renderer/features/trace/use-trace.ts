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
/** What the live timeline keeps of every server's trace (the core keeps 2,000 a server). */
const KEEP_TIMELINE = 20_000;
/** The most one poll of every server asks for (the contract's limit). */
const SINCE_PAGE = 5000;
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
  const [mode, setModeState] = useState<'rows' | 'timeline'>('rows');
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [doctor, setDoctor] = useState<DoctorReport | null>(null);

  const fetchAfter = useFeed(imported !== null || paused ? undefined : mode, serverId);
  const { entries, setEntries, reset } = usePolled<TraceEntry, TracePage>(fetchAfter, {
    everyMs: POLL_MS,
    keep: mode === 'timeline' ? KEEP_TIMELINE : KEEP,
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
  const { timeline, openedOn } = useTimelinePart(mode === 'timeline', imported, entries, selected);
  const open = useOpened(selected, imported ? imported.all : null, openedOn ?? serverId, setError);
  /** Rows and the timeline follow different things: each starts over from the core's whole trace. */
  const setMode = (m: 'rows' | 'timeline') => {
    if (m === mode) return;
    reset();
    setSelected(null);
    setModeState(m);
  };

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

/**
 * What is polled: the chosen server's rows (without their messages: the one opened is asked for alone, a trace keeps up
 * to 8 MB of them), or, for the live timeline, every server at once; nothing while a file is viewed or it is paused.
 */
function useFeed(
  mode: 'rows' | 'timeline' | undefined,
  serverId: string | undefined,
): ((since: number) => Promise<TracePage>) | undefined {
  const api = useApi();
  return useMemo(
    () =>
      mode === 'timeline'
        ? (since: number) => api.request('trace.since', { since, limit: SINCE_PAGE })
        : mode === 'rows' && serverId
          ? (since: number) => api.request('trace.list', { serverId, since, limit: KEEP, brief: true })
          : undefined,
    [api, mode, serverId],
  );
}

/**
 * The timeline, while it is shown: of the file viewed (its calls' approvals from the recording), or of the live trace
 * of every server (the approvals of the calls the page knows); and the server of the message opened on it.
 */
function useTimelinePart(
  shown: boolean,
  imported: Imported | null,
  entries: TraceEntry[],
  selected: number | null,
): { timeline: TimelineModel | null; openedOn: string | undefined } {
  // The live timeline's rows are of every server: a message opened there is asked of its own.
  const openedOn = useMemo(
    () => (shown && selected !== null ? entries.find((e) => e.seq === selected)?.serverId : undefined),
    [shown, selected, entries],
  );
  const liveMarks = useLiveMarks(shown && !imported);
  const timeline = useTimelineOf(shown, imported ? imported.all : entries, imported ? imported.marks : liveMarks);
  return { timeline, openedOn };
}

/**
 * The approvals waiting of the calls the page knows (the live timeline's amber bands): from a call's request to its
 * decision, or to the last moment shown while it waits.
 */
function useLiveMarks(wanted: boolean): TimelineMark[] {
  const calls = useConsole((s) => s.calls);
  return useMemo(() => {
    if (!wanted) return [];
    const marks: TimelineMark[] = [];
    for (const c of Object.values(calls)) {
      if (!c.approvalId) continue;
      marks.push({
        type: 'call',
        t: Date.parse(c.requestedAt),
        serverId: c.serverId,
        id: c.id,
        state: 'awaiting-approval',
      });
      const decided = c.startedAt ?? c.finishedAt;
      if (decided) marks.push({ type: 'call', t: Date.parse(decided), serverId: c.serverId, id: c.id, state: c.state });
    }
    return marks.sort((a, b) => a.t - b.t);
  }, [wanted, calls]);
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

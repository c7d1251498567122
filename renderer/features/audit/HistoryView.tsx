import { describeRequester, requesterKey } from '../../../shared/requester-text';
import { RequesterFilter } from './RequesterFilter';
import { useState } from 'react';
import type { CallRecord } from '../../../shared/schemas/call';
import { useShallow } from 'zustand/react/shallow';
import { useConsole } from '../../store/store';
import { ResultView } from '../results/ResultView';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { prettyJsonText } from '../../../shared/pretty-json';
import { SafeText } from '../../components/SafeText';
import { clockTime } from '../../components/format';
import { useApi } from '../../api/context';
import { RecordCalls } from '../collections/RecordCalls';
import { HISTORY_FILTER } from '../../components/list-filters';
import { FilterInput } from '../../components/FilterInput';
import './audit.css';

/**
 * Every call, this session's and the last ones of earlier sessions (kept in the data directory): decision, who decided,
 * outcome, duration; search them, open one to see it again or call it again.
 */
export function HistoryView({ onCallAgain }: { onCallAgain: () => void }) {
  // A call the page let go of (over its limit) is simply not listed.
  const all = useConsole(useShallow((s) => s.callOrder.flatMap((id) => s.calls[id] ?? [])));
  const [open, setOpen] = useState<string | null>(null);
  const [asker, setAsker] = useState('');
  const [words, setWords] = useState('');
  const matches = HISTORY_FILTER.matcher(words);
  const calls = all.filter((c) => (!asker || requesterKey(c.requestedBy) === asker) && matches(c));
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [recorded, setRecorded] = useState<string | null>(null);
  const pick = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  const toRecord = all.filter((c) => picked.includes(c.id) && c.state === 'done');
  const openCall = calls.find((c) => c.id === open);
  const again = useCallAgain(onCallAgain, setError);
  if (all.length === 0) return <div className="empty">No calls yet.</div>;
  const row: RowState = { open, setOpen, picked, pick, again };
  return (
    <div className="history">
      {error && (
        <div className="error" role="alert" data-testid="call-again-error">
          <SafeText text={error} />
        </div>
      )}
      <HistorySearch words={words} setWords={setWords} />
      <RequesterFilter
        requesters={all.map((c) => c.requestedBy)}
        value={asker}
        onChange={setAsker}
        testId="history-requester-filter"
      />
      {toRecord.length > 0 && (
        <RecordCalls
          key={toRecord.map((c) => c.id).join()}
          calls={[...toRecord].reverse()}
          onDone={(said) => (setPicked([]), setRecorded(said))}
        />
      )}
      {recorded && toRecord.length === 0 && (
        <div className="small" role="status" data-testid="recorded-note">
          <SafeText text={recorded} />
        </div>
      )}
      <table className="grid">
        <thead>
          <tr>
            <th title="Pick calls to record as a collection">Pick</th>
            <th>When</th>
            <th>Server</th>
            <th>Tool</th>
            <th>Asked by</th>
            <th>Decided by</th>
            <th>Outcome</th>
            <th>Duration</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {calls.map((c) => (
            <HistoryRow key={c.id} c={c} row={row} />
          ))}
        </tbody>
      </table>
      {openCall && (
        <div className="history-detail">
          <div className="label">Arguments sent</div>
          <pre className="code wrap-anywhere">
            <SafeText text={prettyJsonText(openCall.argsJson)} />
          </pre>
          <ErrorBoundary key={openCall.id} what="result">
            <ResultView callId={openCall.id} />
          </ErrorBoundary>
        </div>
      )}
    </div>
  );
}

/**
 * One call of the session: picked to record, when, where, who asked and decided, its outcome, and Call again / Edit.
 */
function HistoryRow({ c, row }: { c: CallRecord; row: RowState }) {
  const { open, setOpen, picked, pick, again } = row;
  return (
    <tr
      data-testid="history-row"
      className={open === c.id ? 'selected' : ''}
      onClick={() => setOpen(open === c.id ? null : c.id)}
    >
      <td onClick={(e) => e.stopPropagation()}>
        <input
          type="checkbox"
          checked={picked.includes(c.id)}
          disabled={c.state !== 'done'}
          onChange={() => pick(c.id)}
          aria-label={`Pick the call of ${c.tool} to record`}
          data-testid="history-pick"
        />
      </td>
      <td className="audit-nowrap">{clockTime(c.requestedAt)}</td>
      <td>
        <SafeText className="audit-clip" text={c.serverId} />
      </td>
      <td className="mono" title={c.tool}>
        <SafeText className="audit-clip audit-name" text={c.tool} />
      </td>
      <td data-testid="history-requester">
        <SafeText className="audit-clip" text={describeRequester(c.requestedBy)} />
      </td>
      <td title={c.rule ? `${c.rule.id}: ${c.rule.reason}` : undefined}>
        {c.decidedBy ?? (c.state === 'awaiting-approval' ? 'waiting' : '—')}
        {c.rule && <SafeText text={` · ${c.rule.id}`} />}
      </td>
      <td className={`status-${c.outcome}`}>
        {c.outcome ?? c.state}{' '}
        {c.resultScan?.action === 'waiting' ? (
          <span
            className="badge sev high"
            data-testid="history-held"
            title="The result speaks to the model: it waits for you before its agent gets it"
          >
            held for you
          </span>
        ) : c.resultScan?.findings.length ? (
          <span
            className="badge sev medium"
            data-testid="history-flagged"
            title="The result speaks to the model: open it to see what it asks"
          >
            flagged
          </span>
        ) : null}
      </td>
      <td className="audit-nowrap">{c.durationMs !== undefined ? `${c.durationMs.toFixed(0)} ms` : ''}</td>
      <td>
        <div className="history-actions">
          <button
            onClick={(e) => (e.stopPropagation(), again(c.id, true))}
            data-testid="call-again"
            title="The same call, asked for again (you approve it as any call)"
          >
            Call again
          </button>
          <button
            onClick={(e) => (e.stopPropagation(), again(c.id, false))}
            data-testid="call-edit"
            title="Open the tool with these arguments to change them first"
          >
            Edit
          </button>
        </div>
      </td>
    </tr>
  );
}

/** What a history row reads of the table: which call is open or picked, and what its buttons do. */
interface RowState {
  open: string | null;
  setOpen: (id: string | null) => void;
  picked: string[];
  pick: (id: string) => void;
  again: (id: string, send: boolean) => void;
}

/**
 * Calling a past call again: the tool opens with the same arguments in its form; with `send`, the
 * call is asked for at once (through a new approval, as any call), else the person edits first.
 */
function useCallAgain(onCallAgain: () => void, setError: (e: string | null) => void) {
  const api = useApi();
  return (id: string, send: boolean) => {
    const st = useConsole.getState();
    const c = st.calls[id];
    if (!c) return;
    const args = JSON.parse(c.argsJson) as Record<string, unknown>;
    setError(null);
    if (send)
      api
        .request('calls.request', { serverId: c.serverId, tool: c.tool, args })
        .catch((e: Error) => setError(e.message));
    st.prefillRequested({ serverId: c.serverId, name: c.tool, args });
    st.toolSelected({ serverId: c.serverId, name: c.tool });
    if (!send) onCallAgain();
  };
}

/** The history's filter, in the console's one filter language (words, tool:, server:, by:, decided:, outcome:). */
function HistorySearch({ words, setWords }: { words: string; setWords: (w: string) => void }) {
  return (
    <FilterInput
      filter={HISTORY_FILTER}
      value={words}
      onChange={setWords}
      label="Filter the history"
      testId="history-search"
    />
  );
}

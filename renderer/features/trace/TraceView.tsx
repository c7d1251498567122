import { SafeText } from '../../components/SafeText';
import { count } from '../../components/format';
import { DoctorPanel } from './DoctorPanel';
import { TraceBar } from './TraceBar';
import { TraceDetail } from './TraceDetail';
import { TraceRows } from './TraceRows';
import { TraceTimeline } from './TraceTimeline';
import { useTrace } from './use-trace';

/**
 * A server's protocol trace: every JSON-RPC message both ways (and each HTTP exchange), responses
 * paired with their requests, multi round-trip legs marked by round, filterable by method,
 * exportable as JSONL and importable back for viewing (a recording too); as rows, or as a timeline of lanes per server.
 */
export function TraceView() {
  const t = useTrace();
  const { imported, shown, dropped, error, doctor, open } = t;
  return (
    <div className="trace" data-testid="trace-view">
      <TraceBar t={t} />
      {/* With no server there is nothing live to trace; a file someone sent can still be opened. */}
      {t.servers.length === 0 && !imported && (
        <div className="empty">Add a server to trace its messages, or import a trace or a recording.</div>
      )}
      {imported && (
        <div className="small" data-testid="trace-imported">
          Viewing <SafeText text={imported.name} /> ({count(imported.all.length)} entries
          {imported.all.length > t.entries.length ? `, the newest ${count(t.entries.length)} as rows` : ''}
          {imported.bad
            ? `, ${imported.bad} line${imported.bad === 1 ? '' : 's'} skipped: not trace entries`
            : ''}).{' '}
          <button className="link" onClick={() => t.serverId && t.actions.choose(t.serverId)}>
            Back to the live trace
          </button>
        </div>
      )}
      {error && (
        <div className="error" role="alert">
          <SafeText text={error} />
        </div>
      )}
      {doctor && <DoctorPanel report={doctor} onClose={t.actions.closeDoctor} />}
      {(dropped > 0 || (shown.hidden > 0 && t.mode === 'rows')) && (
        <div className="small muted" data-testid="trace-dropped">
          {dropped > 0 && `${count(dropped)} older messages were let go (the trace is bounded). `}
          {shown.hidden > 0 &&
            t.mode === 'rows' &&
            `${count(shown.hidden)} older matching messages are not drawn; export to see them all.`}
        </div>
      )}
      {t.mode === 'timeline' ? (
        <>
          {t.timeline ? (
            <TraceTimeline model={t.timeline} onSelect={t.setSelected} />
          ) : (
            <div className="muted small">Laying out the timeline…</div>
          )}
          {open && <TraceDetail entry={open} />}
        </>
      ) : (
        /* With no message opened the rows have the whole width. */
        <div className={open ? 'trace-split' : 'trace-split alone'}>
          <TraceRows rows={shown.rows} selected={t.selected} onSelect={t.setSelected} />
          {open && <TraceDetail entry={open} />}
        </div>
      )}
    </div>
  );
}

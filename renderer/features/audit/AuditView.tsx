import { describeRequester, requesterKey } from '../../../shared/requester-text';
import { RequesterFilter } from './RequesterFilter';
import { Fragment, useEffect, useMemo, useState } from 'react';
import type { AuditVerifyResult, AuditEntry } from '../../../shared/schemas/audit';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';
import { SafeText } from '../../components/SafeText';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { prettyJsonText } from '../../../shared/pretty-json';
import { ResultView } from '../results/ResultView';
import { clockTime, count } from '../../components/format';
import './audit.css';
import { AUDIT_FILTER } from '../../components/list-filters';
import { FilterInput } from '../../components/FilterInput';

/**
 * One entry opened: everything it recorded (arguments, result summary, details), and the call's result while the
 * session still has it.
 */
function AuditDetail({ entry }: { entry: AuditEntry }) {
  const call = useConsole((s) => (entry.callId ? s.calls[entry.callId] : undefined));
  return (
    <div className="audit-detail-body">
      {entry.argsFile && (
        <div className="small muted">
          arguments ({entry.argsBytes === undefined ? '' : count(entry.argsBytes)} bytes) kept beside the log in{' '}
          <code>{entry.argsFile}</code>
        </div>
      )}
      <pre className="code wrap-anywhere">
        <SafeText text={prettyJsonText(JSON.stringify(entry))} />
      </pre>
      {call?.result && (
        <ErrorBoundary what="result">
          <ResultView callId={call.id} />
        </ErrorBoundary>
      )}
    </div>
  );
}

/** The audit log: filters, the hash chain's verification, export as JSON. */
export function AuditView() {
  const api = useApi();
  const entries = useConsole((s) => s.audit);
  const [server, setServer] = useState('');
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState('');
  const [asker, setAsker] = useState('');
  const [verify, setVerify] = useState<AuditVerifyResult | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => {
    api.request('audit.query', { limit: 2000 }).then(
      (e) => useConsole.getState().auditLoaded(e),
      () => {},
    );
    api.request('audit.verify', {}).then(setVerify, () => {});
  }, [api]);
  const shown = useMemo(() => {
    const matches = AUDIT_FILTER.matcher(query);
    return entries
      .filter(
        (e) =>
          (!server || e.serverId === server) &&
          matches(e) &&
          (!kind || e.kind === kind) &&
          (!asker || (e.requestedBy !== undefined && requesterKey(e.requestedBy) === asker)),
      )
      .slice()
      .reverse();
  }, [entries, server, query, kind, asker]);
  const servers = [...new Set(entries.map((e) => e.serverId).filter(Boolean))] as string[];
  const kinds = [...new Set(entries.map((e) => e.kind))];
  const exportJson = () => {
    const url = URL.createObjectURL(
      new Blob([JSON.stringify(shown.slice().reverse(), null, 2)], { type: 'application/json' }),
    );
    const a = document.createElement('a');
    a.href = url;
    a.download = `mcp-console-audit-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="audit">
      <div className="row gap wrap">
        <Choice label="Server" all="all servers" options={servers} value={server} onChange={setServer} bounded />
        <FilterInput
          filter={AUDIT_FILTER}
          value={query}
          onChange={setQuery}
          label="Filter the audit log"
          testId="audit-filter"
        />
        <RequesterFilter
          requesters={entries.map((e) => e.requestedBy)}
          value={asker}
          onChange={setAsker}
          testId="audit-requester-filter"
        />
        <Choice label="Kind" all="all kinds" options={kinds} value={kind} onChange={setKind} />
        <button onClick={() => api.request('audit.verify', {}).then(setVerify)} data-testid="verify-audit">
          Verify chain
        </button>
        {verify && <VerifyResult verify={verify} />}
        <span className="spacer" />
        <button onClick={exportJson} data-testid="export-audit">
          Export JSON
        </button>
      </div>
      <AuditTable shown={shown} open={open} setOpen={setOpen} />
    </div>
  );
}

/** One entry of the log, and its whole record under it when opened. */
function AuditRow({ e, open, setOpen }: { e: AuditEntry; open: number | null; setOpen: (seq: number | null) => void }) {
  return (
    <Fragment>
      <tr
        data-testid="audit-entry"
        data-kind={e.kind}
        data-decision={e.decision ?? ''}
        className={open === e.seq ? 'selected clickable' : 'clickable'}
        onClick={() => setOpen(open === e.seq ? null : e.seq)}
        aria-expanded={open === e.seq}
      >
        <td>{e.seq}</td>
        <td className="audit-nowrap">{clockTime(e.time)}</td>
        <td className="audit-kind">{e.kind}</td>
        <td>{e.serverId && <SafeText className="audit-clip" text={e.serverId} />}</td>
        <td className="mono" title={e.tool}>
          {e.tool && <SafeText className="audit-clip audit-name" text={e.tool} />}
        </td>
        <td data-testid="audit-requester">
          {e.requestedBy && <SafeText className="audit-clip audit-who" text={describeRequester(e.requestedBy)} />}
        </td>
        <td>{e.decision}</td>
        <td>{e.decidedBy}</td>
        <td>{e.outcome}</td>
        <td className="small">{e.reason && <SafeText className="audit-clip" text={String(e.reason)} />}</td>
      </tr>
      {open === e.seq && (
        <tr className="audit-detail" data-testid="audit-detail">
          <td colSpan={10}>
            <AuditDetail entry={e} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** The hash chain's verification: intact, or where it broke and what was recovered. */
function VerifyResult({ verify }: { verify: AuditVerifyResult }) {
  return (
    <span className={verify.ok ? 'ok' : 'bad'} data-testid="audit-verify" data-ok={verify.ok}>
      {verify.ok
        ? `chain intact (${verify.entries} entries)`
        : `broken at ${verify.firstBadLine !== undefined ? `entry ${verify.firstBadLine}` : `seq ${verify.firstBadSeq ?? '?'}`}: ${verify.reason}`}
      {verify.recovered
        ?.map((r) =>
          r.restored !== undefined
            ? ` · ${r.restored} entries put back from the sync journal at seq ${r.seq}`
            : ` · torn tail recovered at seq ${r.seq}`,
        )
        .join('')}
      {verify.warning && ` · ${verify.warning}`}
    </span>
  );
}

interface ChoiceProps {
  label: string;
  all: string;
  options: string[];
  value: string;
  onChange: (v: string) => void;
  bounded?: boolean;
}

/** A filter by one field: every value seen, or all. */
function Choice({ label, all, options, value, onChange, bounded }: ChoiceProps) {
  return (
    <select
      className={bounded ? 'bounded' : undefined}
      title={(bounded && value) || undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-label={label}
    >
      <option value="">{all}</option>
      {options.map((o) => (
        <option key={o}>{o}</option>
      ))}
    </select>
  );
}

/** The entries shown, newest first (the first 1,000), each opening its whole record. */
function AuditTable({
  shown,
  open,
  setOpen,
}: {
  shown: AuditEntry[];
  open: number | null;
  setOpen: (seq: number | null) => void;
}) {
  return (
    <table className="grid">
      <thead>
        <tr>
          <th>#</th>
          <th>Time</th>
          <th>Kind</th>
          <th>Server</th>
          <th>Tool</th>
          <th>Asked by</th>
          <th>Decision</th>
          <th>By</th>
          <th>Outcome</th>
          <th>Note</th>
        </tr>
      </thead>
      <tbody>
        {shown.slice(0, 1000).map((e) => (
          <AuditRow key={e.seq} e={e} open={open} setOpen={setOpen} />
        ))}
      </tbody>
    </table>
  );
}

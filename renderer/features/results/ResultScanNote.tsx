import type { CallRecord } from '../../../shared/schemas/call';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';

const ACTION: Record<NonNullable<NonNullable<CallRecord['resultScan']>['action']>, string> = {
  noted: 'The agent got it with a note saying so.',
  waiting: 'It is held back from the agent until you decide.',
  released: 'You released it to the agent, with a note saying what it asks.',
  withheld: 'It was withheld from the agent.',
  blocked: 'It was withheld from the agent: the result check blocks such results for agents (Settings).',
};

/**
 * What the console read in a result: each order to the model or hidden text, and, for an agent's call, what was done.
 */
export function ResultScanNote({ call }: { call: CallRecord }) {
  const api = useApi();
  const scan = call.resultScan;
  if (!scan || (!scan.findings.length && !scan.unread && !scan.cut)) return null;
  const flagged = scan.findings.length > 0 || (scan.unread !== undefined && scan.action !== undefined);
  return (
    <section
      className={`scan-note${flagged ? ' flagged' : ' quiet'}`}
      data-testid="result-scan"
      data-action={scan.action ?? ''}
      role={flagged ? 'alert' : undefined}
    >
      {scan.findings.length > 0 && (
        <strong>This result speaks to the model: read it as data, not as instructions.</strong>
      )}
      <ul>
        {scan.findings.map((f, i) => (
          <li key={i} data-testid="result-finding" data-rule={f.rule} data-severity={f.severity}>
            <span className={`badge sev ${f.severity}`}>{f.severity}</span> <code>{f.rule}</code>{' '}
            <SafeText text={f.message} />{' '}
            <span className="muted small">
              in <code>{f.path}</code>
            </span>
            <div className="code small">
              <SafeText text={f.excerpt} />
            </div>
          </li>
        ))}
      </ul>
      {scan.unread && (
        <div className="small">
          Not read: <SafeText text={scan.unread} />
        </div>
      )}
      {scan.cut && (
        <div className="small muted">
          <SafeText text={scan.cut} />
        </div>
      )}
      {scan.action && <div className="small">{ACTION[scan.action]}</div>}
      {scan.action === 'waiting' && (
        <div className="row gap">
          <button
            onClick={() => void api.request('calls.releaseResult', { callId: call.id, release: true })}
            data-testid="result-release"
          >
            Release to the agent
          </button>
          <button
            className="primary"
            onClick={() => void api.request('calls.releaseResult', { callId: call.id, release: false })}
            data-testid="result-withhold"
          >
            Withhold
          </button>
        </div>
      )}
    </section>
  );
}

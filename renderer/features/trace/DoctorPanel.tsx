import type { DoctorReport } from '../../../shared/schemas/server';
import { SafeText } from '../../components/SafeText';

/** The connection doctor's report: what is known of a server's connection, and what to try. */
export function DoctorPanel({ report: r, onClose }: { report: DoctorReport; onClose: () => void }) {
  const info = r.serverInfo as { name?: unknown; version?: unknown } | undefined;
  const healthy = r.status === 'connected' && !r.latencyError;
  return (
    <section className={healthy ? 'panel' : 'warn-box'} data-testid="doctor-report" data-healthy={healthy}>
      <div className="row gap">
        <strong>
          Doctor: <SafeText text={r.serverId} />
        </strong>
        <span className="spacer" />
        <button className="link" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="kv small">
        <dt>Status</dt>
        <dd data-testid="doctor-status">{r.status}</dd>
        <dt>Server</dt>
        <dd>
          {info?.name !== undefined ? (
            <SafeText text={`${String(info.name)} ${String(info.version ?? '')}`} />
          ) : (
            'unknown'
          )}
        </dd>
        <dt>Transport</dt>
        <dd>{r.transport ?? 'none'}</dd>
        <dt>Era</dt>
        <dd data-testid="doctor-era">
          {r.era ?? 'unknown'}
          {r.protocolVersion && ` (protocol ${r.protocolVersion})`}
        </dd>
        <dt>Latency</dt>
        <dd data-testid="doctor-latency">
          {r.latency ? (
            `${r.latency.ms} ms (${r.latency.method})`
          ) : (
            <SafeText text={r.latencyError ?? 'not measured'} />
          )}
        </dd>
        <dt>Credentials</dt>
        <dd>
          <SafeText text={r.auth} />
        </dd>
        <dt>Offers</dt>
        <dd>{r.capabilities ? Object.keys(r.capabilities).join(', ') || 'nothing' : 'unknown'}</dd>
      </dl>
      {r.lastErrors.length > 0 && (
        <ul className="small">
          {r.lastErrors.map((e, i) => (
            <li key={i} className="mono">
              <SafeText text={e} />
            </li>
          ))}
        </ul>
      )}
      <div className="label">What to try</div>
      <ul data-testid="doctor-advice">
        {r.advice.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </section>
  );
}

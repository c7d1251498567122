import { useState } from 'react';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';
import { SafeText } from '../../components/SafeText';
import { dateTime } from '../../components/format';

const VIA: Record<string, string> = {
  'config-file': 'in the --config file (this run)',
  terminal: 'on the terminal',
  'native-dialog': 'in a desktop dialog',
  'command-line': 'on the command line',
};

/** Every command line and trust a person confirmed outside the page, with a way to take each back. */
export function ConsentsView() {
  const consents = useConsole((s) => s.consents);
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  const revoke = (serverId: string, kind: 'launch' | 'trust') =>
    api.request('consents.revoke', { serverId, kind }).then(
      () => setError(null),
      (e: Error) => setError(e.message),
    );
  return (
    <div className="consents" data-testid="consents">
      <h2>Consents</h2>
      <p className="muted small">
        A command line runs, and a server's annotations are believed, only after you confirm them outside this page (the
        desktop app's dialog, or the terminal that runs <code>mcp-console serve</code>). Each consent is bound to the
        exact command line or URL; a change asks again.
      </p>
      {error && (
        <div role="alert" className="server-error">
          {error}
        </div>
      )}
      {consents.length === 0 && (
        <p className="muted" data-testid="consents-empty">
          No consents yet.
        </p>
      )}
      <ul className="plain">
        {consents.map((c) => (
          <li
            key={`${c.serverId}-${c.kind}`}
            className="consent-row"
            data-testid="consent-row"
            data-server={c.serverId}
            data-kind={c.kind}
          >
            <div className="row gap">
              <strong>
                <SafeText text={c.serverId} />
              </strong>
              <span className="badge">
                {c.kind === 'launch'
                  ? 'may launch'
                  : c.trust?.autoApproveReadOnly
                    ? 'trusted, read-only runs unasked'
                    : 'trusted'}
              </span>
              <span className="muted small">
                confirmed {VIA[c.via] ?? c.via} · {dateTime(c.grantedAt)}
              </span>
              <span className="spacer" />
              <button onClick={() => void revoke(c.serverId, c.kind)} data-testid="consent-revoke">
                Revoke
              </button>
            </div>
            {c.launch && (
              <div className="mono small wrap-anywhere">
                <SafeText text={[c.launch.command, ...c.launch.args].join(' ')} />
                {Object.keys(c.launch.env).length > 0 && (
                  <div className="muted">
                    env: <SafeText text={Object.keys(c.launch.env).join(', ')} />
                  </div>
                )}
                {c.launch.cwd && (
                  <div className="muted">
                    cwd: <SafeText text={c.launch.cwd} />
                  </div>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

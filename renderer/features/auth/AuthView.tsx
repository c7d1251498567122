import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AuthStep, AuthView as AuthStatus } from '../../../shared/schemas/auth';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { ServerSelect } from '../../components/ServerSelect';
import { useConsole } from '../../store/store';
import { dateTime } from '../../components/format';
import './auth.css';

const MODE: Record<string, string> = {
  oauth: 'OAuth (sign-in in the browser)',
  'client-credentials': 'OAuth client credentials (no person)',
  'static-header': 'its own Authorization header from the config (no OAuth)',
  none: 'no authorization (a stdio server)',
};

/**
 * The auth debugger: one server's authorization as the console knows it (signed in, issuer, scope,
 * expiry, how its client is known, where tokens are kept) and every step of its sign-ins — what was
 * sent and received with secrets redacted, how long it took, and on failure which requirement was
 * not met and by whom. Sign in again, or sign out (revoking where the server allows).
 */
export function AuthView() {
  const api = useApi();
  const servers = useConsole(useShallow((s) => s.serverOrder.filter((id) => s.servers[id]?.config.type !== 'stdio')));
  const [chosen, setServerId] = useState<string>('');
  const serverId = chosen && servers.includes(chosen) ? chosen : (servers[0] ?? '');
  const view = useConsole((s) => s.authViews[serverId]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!serverId) return;
    api.request('auth.status', { serverId }).then(
      (v) => useConsole.getState().authUpdated(v),
      (e: Error) => setError(e.message),
    );
  }, [api, serverId]);
  const act = async (what: 'auth.signIn' | 'auth.signOut') => {
    setBusy(true);
    setError(null);
    try {
      if (what === 'auth.signOut') useConsole.getState().authUpdated(await api.request('auth.signOut', { serverId }));
      else {
        const v = await api.request('auth.signIn', { serverId });
        if (v.error) setError(v.error);
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (servers.length === 0)
    return <p className="muted">No remote server: sign-in applies to servers reached over HTTP.</p>;
  return (
    <div className="auth-view" data-testid="auth-view">
      <div className="row gap">
        <ServerSelect servers={servers} value={serverId} onChange={setServerId} testId="auth-server" />
        <span className="spacer" />
        <button
          disabled={busy || !view || view.mode === 'static-header'}
          onClick={() => void act('auth.signIn')}
          data-testid="auth-sign-in"
        >
          Sign in again
        </button>
        <button
          className="danger"
          disabled={busy || !view?.signedIn}
          onClick={() => void act('auth.signOut')}
          data-testid="auth-sign-out"
        >
          Sign out
        </button>
      </div>
      {error && (
        <div className="error" role="alert" data-testid="auth-error">
          <SafeText text={error} />
        </div>
      )}
      {view && (
        <>
          <AuthState view={view} />
          <h3>Steps</h3>
          {view.steps.length === 0 ? (
            <p className="muted small">No sign-in step in this session yet.</p>
          ) : (
            <ol className="auth-steps" data-testid="auth-steps">
              {view.steps.map((s) => (
                <StepRow key={s.seq} s={s} />
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  );
}

function StepRow({ s }: { s: AuthStep }) {
  return (
    <li className={s.ok ? '' : 'error'} data-testid="auth-step" data-step={s.step} data-ok={s.ok}>
      <details>
        <summary>
          <span className="badge">{s.step}</span> <SafeText text={s.summary} />
          {s.ms !== undefined && <span className="muted small"> · {s.ms} ms</span>}
        </summary>
        {s.problem && (
          <div className="error small" data-testid="auth-step-problem">
            <SafeText text={s.problem} />
          </div>
        )}
        {s.url && (
          <div className="mono small">
            <SafeText text={s.url} />
          </div>
        )}
        {s.sent && (
          <>
            <div className="label">Sent</div>
            <pre className="mono small prewrap">
              <SafeText text={s.sent} />
            </pre>
          </>
        )}
        {s.received && (
          <>
            <div className="label">Received</div>
            <pre className="mono small prewrap">
              <SafeText text={s.received} />
            </pre>
          </>
        )}
      </details>
    </li>
  );
}

/** Signed in or not, with what, until when, how the client is known and where tokens are kept. */
function AuthState({ view }: { view: AuthStatus }) {
  return (
    <dl className="kv" data-testid="auth-state" data-signed-in={view.signedIn} data-mode={view.mode}>
      <dt>Mode</dt>
      <dd>{MODE[view.mode]}</dd>
      <dt>State</dt>
      <dd>{view.pending ? 'waiting for the browser' : view.signedIn ? 'signed in' : 'not signed in'}</dd>
      {view.issuer && (
        <>
          <dt>Authorization server</dt>
          <dd className="mono" data-testid="auth-issuer">
            <SafeText text={view.issuer} />
          </dd>
        </>
      )}
      {view.scope && (
        <>
          <dt>Scope</dt>
          <dd className="mono">
            <SafeText text={view.scope} />
          </dd>
        </>
      )}
      {view.expiresAt && (
        <>
          <dt>Token expires</dt>
          <dd>
            {dateTime(view.expiresAt)} {view.refreshable ? '(refreshable)' : '(no refresh token)'}
          </dd>
        </>
      )}
      <dt>Client</dt>
      <dd data-testid="auth-client">
        {view.client.how}
        {view.client.clientId && (
          <span className="mono muted">
            {' '}
            <SafeText text={view.client.clientId} />
          </span>
        )}
      </dd>
      <dt>Stored</dt>
      <dd className="small">{view.storage}</dd>
      {view.error && (
        <>
          <dt>Last failure</dt>
          <dd className="error" data-testid="auth-last-error">
            <SafeText text={view.error} />
          </dd>
        </>
      )}
    </dl>
  );
}

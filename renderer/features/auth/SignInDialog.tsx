import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AuthPrompt } from '../../../shared/schemas/auth';
import { useApi } from '../../api/context';
import { openLink } from '../../api/open-link';
import { SafeText } from '../../components/SafeText';
import { AskFrame } from '../../components/AskFrame';
import { useArmed } from '../../components/use-armed';
import { useConsole } from '../../store/store';
import { clockTime } from '../../components/format';
import { ArmedButton } from '../../components/ArmedButton';

/**
 * A server asks the person to sign in (OAuth). The dialog shows the whole authorization URL and the
 * host it goes to before anything opens it; the browser opens it only when the person says so. The
 * console then waits for the browser to come back to its loopback listener; Cancel gives up.
 */
export function SignInDialog() {
  const queue = useConsole(useShallow((s) => s.signIns));
  const [first, ...rest] = queue;
  return first ? <SignIn key={first.id} p={first} waiting={rest.length} /> : null;
}

function SignIn({ p, waiting }: { p: AuthPrompt; waiting: number }) {
  const api = useApi();
  const { armed, safeRef } = useArmed<HTMLButtonElement>();
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    if (!armed) return;
    setError(null);
    try {
      // Browser mode: this dialog, which shows the whole address, is the confirmation.
      setOpened(await openLink(api, p.url, () => true));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const cancel = async () => {
    try {
      await api.request('auth.cancel', { id: p.id });
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const copy = () =>
    void navigator.clipboard
      ?.writeText(p.url)
      .catch(() => setError('the address could not be copied; select it and copy it'));
  return (
    <AskFrame
      id="sign-in-title"
      title={
        <>
          <SafeText text={p.serverId} /> asks you to sign in
        </>
      }
      onEscape={() => void cancel()}
      badge={waiting > 0 && <span className="badge">{waiting} more waiting</span>}
      data={{ 'data-testid': 'sign-in-dialog', 'data-server': p.serverId }}
      problem={error ? { text: error, testId: 'sign-in-error' } : null}
      footer={
        <>
          <div className="row gap end">
            <span className="small muted">Esc cancels the sign-in</span>
            <span className="spacer" />
            <button ref={safeRef} onClick={() => void cancel()} data-testid="sign-in-cancel">
              Cancel
            </button>
            <button onClick={copy} data-testid="sign-in-copy">
              Copy address
            </button>
            <ArmedButton armed={armed} className="primary" onClick={() => void open()} data-testid="sign-in-open">
              {opened ? 'Open again' : 'Open in browser…'}
            </ArmedButton>
          </div>
        </>
      }
    >
      <SignInFacts p={p} />
      <div className="warn-box">
        <div className="label">The address that will open</div>
        <div className="mono uri" data-testid="sign-in-url">
          <SafeText text={p.url} />
        </div>
      </div>
      {opened && (
        <div className="small" role="status" data-testid="sign-in-waiting">
          Waiting for the browser to come back… finish signing in there; this closes by itself.
        </div>
      )}
    </AskFrame>
  );
}

/** Where the sign-in goes, for which issuer and scope, and until when it waits. */
function SignInFacts({ p }: { p: AuthPrompt }) {
  return (
    <dl className="kv">
      <dt>Signs in at</dt>
      <dd>
        <strong className="mono" data-testid="sign-in-host">
          <SafeText text={p.host} />
        </strong>
      </dd>
      {p.issuer && (
        <>
          <dt>Authorization server</dt>
          <dd className="mono">
            <SafeText text={p.issuer} />
          </dd>
        </>
      )}
      {p.scope && (
        <>
          <dt>Asks for</dt>
          <dd className="mono" data-testid="sign-in-scope">
            <SafeText text={p.scope} />
          </dd>
        </>
      )}
      <dt>Waits until</dt>
      <dd>{clockTime(p.expiresAt)}</dd>
    </dl>
  );
}

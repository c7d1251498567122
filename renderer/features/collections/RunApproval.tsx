import { useState } from 'react';
import type { CollectionRun } from '../../../shared/schemas/collection-run';
import { useApi } from '../../api/context';
import { ArmedButton } from '../../components/ArmedButton';
import { SafeText } from '../../components/SafeText';
import { useArmed } from '../../components/use-armed';

/**
 * A run waiting for its one decision: every step it may send, each call's arguments as written
 * (variables filled only as it runs), the environment variables it reads. Approving sends each of
 * these calls once, for this run only; nothing else rides on it.
 */
export function RunApproval({ run }: { run: CollectionRun }) {
  const api = useApi();
  const { armed, safeRef } = useArmed<HTMLButtonElement>();
  const [error, setError] = useState<string | null>(null);
  const decide = (decision: 'approve' | 'deny') => {
    if (decision === 'approve' && !armed) return;
    setError(null);
    api
      .request('collections.decide', { runId: run.id, decision, scopeHash: run.scopeHash })
      .catch((e: Error) => setError(e.message));
  };
  const calls = run.scope.steps.filter((s) => s.tool).length;
  return (
    <section className="run-approval" data-testid="run-approval" data-run={run.id} aria-label="Approve this run">
      <h3>
        Run <SafeText text={run.name} />? It asks once for all of it.
      </h3>
      <p className="small">
        Approving sends the {calls} tool call{calls === 1 ? '' : 's'} below, each once, to{' '}
        {run.scope.servers.map((s, i) => (
          <span key={s}>
            {i > 0 && ', '}
            <code>
              <SafeText text={s} />
            </code>
          </span>
        ))}{' '}
        — for this run only. A call outside this list, or one a standing “never” refuses, still stops.
      </p>
      <table className="grid run-scope-steps">
        <thead>
          <tr>
            <th>Step</th>
            <th>What</th>
            <th>Arguments as written</th>
          </tr>
        </thead>
        <tbody>
          {run.scope.steps.map((s, i) => (
            <tr key={`${s.id}-${i}`} data-testid="run-scope-step">
              <td className="mono">
                <SafeText text={s.id} />
              </td>
              <td>
                <SafeText text={s.label} />
              </td>
              <td className="mono wrap-anywhere">
                {s.argsTemplate ? <SafeText text={s.argsTemplate} /> : <span className="muted">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {run.scope.env.length > 0 && (
        <p className="small" data-testid="run-scope-env">
          Reads from the console’s environment:{' '}
          {run.scope.env.map((e) => (
            <code key={e}>{e} </code>
          ))}
        </p>
      )}
      {error && (
        <div className="error" role="alert">
          <SafeText text={error} />
        </div>
      )}
      <div className="row gap run-approval-actions">
        <ArmedButton armed={armed} className="primary" onClick={() => decide('approve')} data-testid="run-approve">
          Approve and run
        </ArmedButton>
        <button ref={safeRef} onClick={() => decide('deny')} data-testid="run-deny">
          Deny
        </button>
        <span className="muted small">scope sha-256 {run.scopeHash.slice(0, 12)}…</span>
      </div>
    </section>
  );
}

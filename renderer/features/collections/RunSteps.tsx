import { useState } from 'react';
import type { CollectionRun, RunStep } from '../../../shared/schemas/collection-run';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { DiffTable } from './DiffTable';
import { JsonTree } from '../../components/JsonTree';

const MARK: Record<RunStep['status'], string> = { pending: '·', running: '…', passed: '✓', failed: '✗', skipped: '–' };

/**
 * A run's steps: each verdict, and for a step that failed, why — a snapshot's difference as a structural diff, beside
 * the way to accept it.
 */
export function RunSteps({
  run,
  snapshots,
  onIgnore,
}: {
  run: CollectionRun;
  snapshots: Record<string, unknown>;
  /** Leaves a path of a step's result out of its snapshot's comparison. */
  onIgnore?: (step: string, path: string) => void;
}) {
  const api = useApi();
  // Until the person opens or closes one, the first step that failed is the one open (the run may still be going).
  const [chosen, setOpen] = useState<string | null | undefined>(undefined);
  const open = chosen === undefined ? (run.steps.find((s) => s.status === 'failed')?.id ?? null) : chosen;
  return (
    <div className="run-steps" data-testid="run-result" data-status={run.status} data-run={run.id}>
      <div className="row gap">
        <strong data-testid="run-status">{run.status}</strong>
        <span className="muted small">
          {run.steps.filter((s) => s.status === 'passed').length} passed ·{' '}
          {run.steps.filter((s) => s.status === 'failed').length} failed
          {run.durationMs !== undefined ? ` · ${Math.round(run.durationMs)} ms` : ''}
          {run.decidedBy ? ` · decided by ${run.decidedBy}` : ''}
        </span>
        {run.status === 'running' && (
          <button
            className="small"
            onClick={() => void api.request('collections.cancel', { runId: run.id }).catch(() => {})}
            data-testid="run-cancel"
          >
            Cancel the run
          </button>
        )}
      </div>
      {run.error && (
        <div className="error small" role="alert">
          <SafeText text={run.error} />
        </div>
      )}
      <ul className="plain">
        {run.steps.map((s) => (
          <li
            key={s.id}
            className={`run-step status-${s.status}`}
            data-testid="run-step"
            data-step={s.id}
            data-status={s.status}
          >
            <button className="link" onClick={() => setOpen(open === s.id ? null : s.id)} aria-expanded={open === s.id}>
              <span className="step-mark">{MARK[s.status]}</span> <code>{s.id}</code> <SafeText text={s.label} />
              {s.durationMs !== undefined && <span className="muted small"> {Math.round(s.durationMs)} ms</span>}
              {s.updated && <span className="badge small">snapshot written</span>}
            </button>
            {open === s.id ? (
              <StepDetail
                run={run}
                step={s}
                snapshot={snapshots[s.id]}
                onIgnore={onIgnore && ((path) => onIgnore(s.id, path))}
              />
            ) : (
              s.failures[0] && (
                <div className="step-why small" data-testid="step-why">
                  <SafeText text={s.failures[0].message} />
                  {s.failures.length > 1 && <span className="muted"> (and {s.failures.length - 1} more)</span>}
                </div>
              )
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function StepDetail({
  run,
  step,
  snapshot,
  onIgnore,
}: {
  run: CollectionRun;
  step: RunStep;
  snapshot: unknown;
  onIgnore?: (path: string) => void;
}) {
  const api = useApi();
  const [note, setNote] = useState<string | null>(null);
  const canAccept = run.status !== 'running' && (step.observed !== undefined || step.observedBytes !== undefined);
  const accept = () =>
    api.request('collections.acceptSnapshot', { runId: run.id, step: step.id }).then(
      () => setNote('Saved: this answer is the step’s snapshot now.'),
      (e: Error) => setNote(e.message),
    );
  return (
    <div className="step-detail">
      {step.argsJson && (
        <div className="small">
          sent <code className="wrap-anywhere">{step.argsJson}</code>
        </div>
      )}
      {step.failures.map((f, i) => (
        <div key={i} className="step-failure" data-testid="step-failure" data-kind={f.kind}>
          <div>
            <SafeText text={f.message} />
          </div>
          {f.diff && (
            <DiffTable
              diff={f.diff}
              onIgnore={onIgnore}
              {...(run.against && f.message.endsWith(`answers differently from ${run.scope.servers[0]}`)
                ? { before: run.scope.servers[0], after: run.against }
                : {})}
            />
          )}
        </div>
      ))}
      {step.status === 'passed' && !step.hasSnapshot && (
        <div className="muted small">No snapshot yet: accept this answer to pin it.</div>
      )}
      {step.observed !== undefined && <AnswerPair snapshot={snapshot} observed={step.observed} />}
      {step.observedBytes !== undefined && (
        <div className="muted small">
          The answer ({step.observedBytes} bytes) is too large to show here; it can still be accepted.
        </div>
      )}
      {canAccept && (
        <button
          onClick={() => void accept()}
          data-testid="accept-snapshot"
          title="Write this answer into the collection file as the step's snapshot"
        >
          {step.hasSnapshot ? 'Update the snapshot to this answer' : 'Accept as snapshot'}
        </button>
      )}
      {note && (
        <div className="small" role="status" data-testid="accept-note">
          <SafeText text={note} />
        </div>
      )}
    </div>
  );
}

/** This run's answer, beside the step's snapshot when it has one. */
function AnswerPair({ snapshot, observed }: { snapshot: unknown; observed: unknown }) {
  return (
    <details className="step-answer" data-testid="step-answer">
      <summary className="small">This run’s answer{snapshot !== undefined ? ' beside the snapshot' : ''}</summary>
      <div className="answer-pair">
        {snapshot !== undefined && (
          <div>
            <div className="label">Snapshot</div>
            <JsonTree value={snapshot} />
          </div>
        )}
        <div>
          <div className="label">This run</div>
          <JsonTree value={observed} />
        </div>
      </div>
    </details>
  );
}

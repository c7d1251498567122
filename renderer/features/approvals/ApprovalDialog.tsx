import { describeRequester } from '../../../shared/requester-text';
import { useState } from 'react';
import { AskFrame } from '../../components/AskFrame';
import { useArmed } from '../../components/use-armed';
import { useShallow } from 'zustand/react/shallow';
import { prettyJsonText } from '../../../shared/pretty-json';
import type { Approval, Decider } from '../../../shared/schemas/call';
import { ApiError } from '../../api/client';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';
import { SafeText } from '../../components/SafeText';
import { RiskBadge } from '../../components/Badges';
import { AnnotationTable } from '../catalog/AnnotationTable';
import { DiffView } from '../catalog/DiffView';
import { count } from '../../components/format';
import { approvalInFocus } from './slice';
import { ApprovalDecision, type Covers } from './ApprovalDecision';
import { whoDecides } from '../../../shared/policy/terms-text';
import { mayDecideHere } from '../team/team-store';

export { ARM_DELAY_MS } from '../../components/use-armed';

/**
 * The confirmation before every call: exactly what will be sent, to which server, with what risk. It
 * shows the queue's item in focus (opened from the queue, else the oldest not put aside); "Later"
 * puts it aside and the console is usable again while it waits.
 */
export function ApprovalDialog() {
  const { a, position, total, withQueue } = useConsole(
    useShallow((s) => {
      const focus = approvalInFocus(s);
      return {
        a: focus,
        position: focus ? s.approvals.indexOf(focus) + 1 : 0,
        total: s.approvals.length,
        withQueue: s.approvals.length > 1 || s.queueShown,
      };
    }),
  );
  if (!a) return null;
  return <Dialog key={a.id} a={a} position={position} total={total} withQueue={withQueue} />;
}

function Dialog({
  a,
  position,
  total,
  withQueue,
}: {
  a: Approval;
  position: number;
  total: number;
  withQueue: boolean;
}) {
  const api = useApi();
  const { armed, safeRef: denyRef } = useArmed<HTMLButtonElement>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [covers, setCovers] = useState<Covers>('tool');
  // A decision refused because the link to the console was down is not an error once it is back.
  const online = useConsole((s) => s.online);
  const [linkDown, setLinkDown] = useState(false);
  const decide = (decision: 'approve' | 'deny', scope: 'once' | 'session' | 'always' = 'once') => {
    // SECURITY: an approve that comes before the controls are armed (a stray click or Enter) does nothing.
    if (sent || (decision === 'approve' && !armed)) return;
    setSent(true);
    const wide = decision === 'approve' && scope === 'session' && covers !== 'tool' ? { covers } : {};
    api
      .request('approvals.decide', {
        approvalId: a.id,
        decision,
        argsHash: a.argsHash,
        scope,
        reason: reason || undefined,
        ...wide,
      })
      .catch((e: Error) => {
        // Someone else decided first (a team service): the page says whose decision it was, and the dialog moves on.
        if (e instanceof ApiError && e.code === 'already-decided')
          return useConsole.getState().approvalTakenBy(a.id, e.message);
        setError(e.message);
        setLinkDown(e instanceof ApiError && e.code === 'disconnected');
        setSent(false);
      });
  };
  return (
    <AskFrame
      id="approval-title"
      title="Allow this call?"
      besideQueue={withQueue}
      onEscape={() => (mayDecideHere() ? decide('deny') : useConsole.getState().approvalsPutAside([a.id]))}
      badge={
        total > 1 && (
          <span className="badge" data-testid="approval-position">
            {position} of {total} waiting
          </span>
        )
      }
      data={{
        'data-testid': 'approval-dialog',
        'data-server': a.serverId,
        'data-tool': a.tool,
        'data-armed': armed,
        'data-agent': a.requestedBy.kind === 'agent' ? a.requestedBy.name : undefined,
      }}
      footer={
        <ApprovalDecision
          a={a}
          armed={armed}
          denyRef={denyRef}
          decide={decide}
          covers={covers}
          setCovers={setCovers}
          reason={reason}
          setReason={setReason}
          error={linkDown && online ? null : error}
        />
      }
    >
      <ApprovalRequest a={a} />
      <ApprovalArguments a={a} />
    </AskFrame>
  );
}

/**
 * Who asks to call what, where, with what risk: the server and its identity, the tool and its fingerprint, the
 * requester, a changed definition.
 */
function ApprovalRequest({ a }: { a: Approval }) {
  // The tool is flagged here too while its definition differs from its pin (the fingerprint shown is the live one).
  const pin = useConsole((s) => s.pinFlags[a.serverId]?.get(a.tool));
  return (
    <>
      <dl className="kv">
        <dt>Server</dt>
        <dd>
          <strong>
            <SafeText text={a.serverId} />
          </strong>
          {a.serverName && (
            <>
              {' '}
              (<SafeText text={a.serverName} />)
            </>
          )}{' '}
          <span className="mono small muted" title={a.serverIdentity}>
            identity {a.serverIdentity.slice(0, 12)}…
          </span>
        </dd>
        <dt>Tool</dt>
        <dd>
          {a.toolTitle && (
            <>
              <SafeText text={a.toolTitle} /> —{' '}
            </>
          )}
          <code>
            <SafeText text={a.tool} />
          </code>{' '}
          <span className="mono small muted" title={a.fingerprint}>
            fingerprint {a.fingerprint.slice(0, 12)}…
          </span>
        </dd>
        <dt>Asked by</dt>
        <dd data-testid="approval-requester" data-kind={a.requestedBy.kind}>
          <SafeText text={describeRequester(a.requestedBy)} />
        </dd>
        {a.rule && <PolicyRow a={a} rule={a.rule} />}
        {a.heldFrom && <HeldFrom from={a.heldFrom} />}
        <dt>Risk</dt>
        <dd>
          <RiskBadge risk={a.risk} /> <span className="small">{a.risk.reasons.join('; ')}</span>
        </dd>
      </dl>
      {pin === 'changed' && !a.diff && (
        <div className="warn-box" data-testid="approval-pin-changed">
          <strong>This tool’s definition differs from the one pinned.</strong> Nobody has reviewed the change yet; the
          diff is in the Review tab.
        </div>
      )}
      {a.diff && (
        <div className="warn-box" data-testid="approval-diff">
          <strong>This tool changed while the request waited.</strong> Check what changed before you allow it.
          <DiffView change={a.diff} since="the request was made" />
        </div>
      )}
      <details>
        <summary>Annotations {a.trusted ? '(trusted server)' : '(untrusted: claims only)'}</summary>
        <AnnotationTable annotations={a.annotations} declared={a.declaredAnnotations} />
      </details>
    </>
  );
}

/**
 * Exactly what will be sent: the arguments (or a task's answers) whole, the request headers a tool asks for, what does
 * not fit its schema.
 */
function ApprovalArguments({ a }: { a: Approval }) {
  return (
    <>
      {a.method === 'tasks/update' && (
        <div className="warn-box" data-testid="approval-task-update">
          The task this call started asked for input. Allowing this sends <code>tasks/update</code> for task{' '}
          <code>
            <SafeText text={a.taskId ?? ''} />
          </code>{' '}
          with the answers below (its inputResponses); denying it sends nothing and cancels the task.
        </div>
      )}
      <div className="label">
        {a.method === 'tasks/update' ? 'Answers (inputResponses) that will be sent' : 'Arguments that will be sent'},
        exactly ({count(a.argsJson.length)} bytes, shown whole)
      </div>
      <pre className="code args" data-testid="approval-args" tabIndex={0}>
        <SafeText text={prettyJsonText(a.argsJson)} />
      </pre>
      {a.asTask && (
        <div className="small" data-testid="approval-task">
          Runs as a task: the server keeps working on it, and the console follows its status.
        </div>
      )}
      {a.headers && Object.keys(a.headers).length > 0 && (
        <>
          <div className="label">With these request headers (the tool asks for them with x-mcp-header)</div>
          <pre className="code args" data-testid="approval-headers">
            <SafeText
              text={Object.entries(a.headers)
                .map(([k, v]) => `${k}: ${v}`)
                .join('\n')}
            />
          </pre>
        </>
      )}
      {a.validationErrors.length > 0 && (
        <ul className="validation small" data-testid="approval-validation">
          {a.validationErrors.map((e, i) => (
            <li key={i}>
              <code>{e.path}</code> {e.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Who would have sent a call at once, in the dialog's words. */
const ALLOWED_BY: Partial<Record<Decider, string>> = {
  'session-policy': 'Your grant for this session',
  'always-policy': 'Your standing grant',
  'trust-policy': 'Your trust in this server’s read-only tools',
  'org-policy': 'Your organisation’s policy',
  'run-scope': 'The collection run you approved',
};

/** A call a grant or policy would have sent, held for the person because its input fails the schema. */
function HeldFrom({ from }: { from: Decider }) {
  return (
    <>
      <dt>Held for you</dt>
      <dd className="warn-text" data-testid="approval-held" data-from={from}>
        {ALLOWED_BY[from] ?? 'A standing decision'} would have sent this call at once; it waits for you because its
        input fails the tool’s schema (see below).
      </dd>
    </>
  );
}

/** The organisation's rule that asks for this call, and on a team service who decides it and who approved so far. */
function PolicyRow({ a, rule }: { a: Approval; rule: NonNullable<Approval['rule']> }) {
  return (
    <>
      <dt>Policy</dt>
      <dd data-testid="approval-rule" data-rule={rule.id}>
        Your organisation's rule{' '}
        <code>
          <SafeText text={rule.id} />
        </code>{' '}
        asks you to look at this call, each time: <SafeText text={rule.reason} />
        {rule.terms && (
          <div className="small" data-testid="approval-terms">
            Who decides: <SafeText text={whoDecides(rule.terms)} />
            {a.votes && a.votes.length > 0 && (
              <>
                {' '}
                · approved so far by <SafeText text={a.votes.map((v) => v.person.name).join(', ')} /> ({a.votes.length}{' '}
                of {rule.terms.quorum})
              </>
            )}
          </div>
        )}
      </dd>
    </>
  );
}

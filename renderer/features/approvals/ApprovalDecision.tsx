import { type RefObject } from 'react';
import type { Approval } from '../../../shared/schemas/call';
import { useConsole } from '../../store/store';
import { clockTime } from '../../components/format';
import { ArmedButton } from '../../components/ArmedButton';
import { mayDecideHere, useTeam } from '../team/team-store';

type Decide = (decision: 'approve' | 'deny', scope?: 'once' | 'session' | 'always') => void;
export type Covers = 'tool' | 'read-only' | 'server';

/**
 * The decision: a reason, Later, Never and Deny, Always allow, and Allow for this session (over what) or once; nothing
 * allows before the controls are armed.
 */
export function ApprovalDecision(p: {
  a: Approval;
  armed: boolean;
  denyRef: RefObject<HTMLButtonElement | null>;
  decide: Decide;
  covers: Covers;
  setCovers: (c: Covers) => void;
  reason: string;
  setReason: (r: string) => void;
  error: string | null;
}) {
  const { a, armed, denyRef, decide, covers, setCovers, reason, setReason, error } = p;
  const mayDecide = useTeam(mayDecideHere);
  if (!mayDecide) return <ReadOnly a={a} />;
  const expires = new Date(a.expiresAt);
  // Standing grants per agent (kept across restarts) are offered for an agent's calls.
  const standing = a.requestedBy.kind === 'agent' && a.method !== 'tasks/update';
  // An organisation's "ask" rule asks every time: an allow kept for later would never be used.
  const keepsAllow = !a.rule;
  return (
    <>
      <div className="approval-reason small">
        <label title="Recorded in the audit log with your decision">
          Reason (optional){' '}
          <input value={reason} onChange={(e) => setReason(e.target.value)} data-testid="deny-reason" />
        </label>
        <span className="muted">Expires {clockTime(expires.getTime())} · Esc denies</span>
      </div>
      {error && (
        <div className="error" role="alert">
          {error}
        </div>
      )}
      {/* Refusals, then allows: the row breaks between the two groups, never inside one. */}
      <div className="approval-actions">
        <Refusals a={a} standing={standing} denyRef={denyRef} decide={decide} />
        <span className="approval-group">
          {standing && keepsAllow && (
            <ArmedButton
              armed={armed}
              onClick={() => decide('approve', 'always')}
              data-testid="approve-always"
              title="Allow this agent this tool, as defined now, until you revoke it in Agents → Grants"
            >
              Always allow
            </ArmedButton>
          )}
          {a.method !== 'tasks/update' && keepsAllow && (
            <select
              value={covers}
              onChange={(e) => setCovers(e.target.value as Covers)}
              data-testid="approve-session-covers"
              aria-label="What Allow for this session covers"
            >
              <option value="tool">this tool</option>
              {a.trusted && <option value="read-only">every read-only tool of {a.serverId} (trusted)</option>}
              <option value="server">every tool of {a.serverId}, as they are now</option>
            </select>
          )}
          {keepsAllow && (
            <ArmedButton
              armed={armed}
              onClick={() => decide('approve', 'session')}
              data-testid="approve-session"
              title="Until the console restarts, for what the list beside says"
            >
              Allow for this session
            </ArmedButton>
          )}
          <ArmedButton
            armed={armed}
            className="primary"
            onClick={() => decide('approve', 'once')}
            data-testid="approve-once"
          >
            Allow once
          </ArmedButton>
        </span>
      </div>
    </>
  );
}

/** A team's auditor (or anyone who is no approver) reads the call and its exact arguments, and decides nothing. */
function ReadOnly({ a }: { a: Approval }) {
  return (
    <div className="approval-actions">
      <span className="muted" data-testid="approval-read-only">
        Your roles do not decide calls: an approver of the team decides this one.
      </span>
      <button onClick={() => useConsole.getState().approvalsPutAside([a.id])} data-testid="approval-later">
        Later
      </button>
    </div>
  );
}

/** Later, Never (an agent's standing refusal) and Deny: the focus starts on Deny. */
function Refusals({
  a,
  standing,
  denyRef,
  decide,
}: {
  a: Approval;
  standing: boolean;
  denyRef: RefObject<HTMLButtonElement | null>;
  decide: Decide;
}) {
  return (
    <span className="approval-group">
      <button
        onClick={() => useConsole.getState().approvalsPutAside([a.id])}
        data-testid="approval-later"
        title="Close this; the call keeps waiting in the queue (the badge at the top) until it expires"
      >
        Later
      </button>
      {standing && (
        <button
          className="danger"
          onClick={() => decide('deny', 'always')}
          data-testid="deny-never"
          title="Refuse this tool to this agent from now on"
        >
          Never
        </button>
      )}
      <button ref={denyRef} className="danger" onClick={() => decide('deny')} data-testid="deny">
        Deny
      </button>
    </span>
  );
}

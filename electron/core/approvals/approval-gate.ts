import { randomUUID } from 'node:crypto';
import type { Approval, DecideInput } from '../../../shared/schemas/call.js';
import { checkTerms, stillNeeded, type Voter } from './ask-terms.js';
import { CoreError } from '../support/index.js';

/** What the gate needs to open an approval. */
export type ApprovalFields = Omit<Approval, 'id' | 'status' | 'createdAt' | 'expiresAt'>;

const HISTORY = 1000;

/**
 * Pending approvals (standing grants are the PolicyStore's). A decision must name the pending
 * approval and the exact hash of its arguments; an approval is decided once, and expires.
 */
export class ApprovalGate {
  /** The last HISTORY approvals, decided or not (a decision names one of them). */
  private approvals = new Map<string, Approval>();
  /** The ones still pending, by id, in the order opened: what every call asks for, without walking the history. */
  private waiting = new Map<string, Approval>();
  private timers = new Map<string, NodeJS.Timeout>();

  /**
   * `onEnd`: an approval closed without a decision (expired, or its policy changed: then `void`); `org`: the
   * organisation's policy, whose version in force each approval is bound to.
   */
  constructor(
    private readonly onEnd: (a: Approval) => void,
    private readonly org?: { version(): string },
  ) {}

  private policy(): string | undefined {
    return this.org?.version();
  }

  /** Opens a pending approval that expires after `timeoutMs`. */
  open(fields: ApprovalFields, timeoutMs: number): Approval {
    const now = Date.now();
    const a: Approval = {
      ...fields,
      id: randomUUID(),
      status: 'pending',
      ...(this.policy() !== undefined && { policyVersion: this.policy() }),
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + timeoutMs).toISOString(),
    };
    this.approvals.set(a.id, a);
    this.waiting.set(a.id, a);
    const t = setTimeout(() => this.expire(a.id), timeoutMs);
    t.unref();
    this.timers.set(a.id, t);
    this.trim();
    return a;
  }

  pending(): Approval[] {
    return [...this.waiting.values()];
  }

  /** How many approvals wait for one server. */
  pendingFor(serverId: string): number {
    let n = 0;
    for (const a of this.waiting.values()) if (a.serverId === serverId) n++;
    return n;
  }

  get(id: string): Approval | undefined {
    return this.approvals.get(id);
  }

  /**
   * Checks a decision against the pending approval and closes it. Refuses an unknown or already
   * decided approval, an expired one, and a hash that is not the one the user was shown.
   */
  decide(input: DecideInput, voter?: Voter): Approval {
    const a = this.pendingOne(input.approvalId);
    const refused = this.refusal(a, input);
    if (refused?.then === 'expire') this.expire(a.id);
    if (refused?.then === 'void') {
      this.close(a, 'void');
      this.onEnd(a);
    }
    if (refused) throw refused.error;
    checkTerms(a, input, voter);
    if (input.decision === 'approve' && a.rule?.terms) {
      // A quorum: each approval is a vote; the call stays pending until enough different people approved.
      a.votes = [...(a.votes ?? []), { person: voter!.person, at: new Date().toISOString() }];
      if (stillNeeded(a) > 0) return a;
    }
    if (voter) a.decider = voter.person;
    this.close(a, input.decision === 'approve' ? 'approved' : 'denied');
    return a;
  }

  /**
   * Whether decide() would take this decision, and whether it would close the approval (a vote short of its quorum
   * does not); throws what decide() would, and changes nothing (a team's store claims the decision in between).
   */
  check(input: DecideInput, voter?: Voter): boolean {
    const a = this.pendingOne(input.approvalId);
    const refused = this.refusal(a, input);
    if (refused) throw refused.error;
    checkTerms(a, input, voter);
    return input.decision !== 'approve' || !a.rule?.terms || stillNeeded(a) <= 1;
  }

  /** The approval a decision names, still pending; the first decision wins, a later one is told whose it was. */
  private pendingOne(id: string): Approval {
    const a = this.approvals.get(id);
    if (!a) throw new CoreError('unknown-approval', `no approval ${id}`);
    if (a.status !== 'pending')
      throw new CoreError(
        'already-decided',
        `approval ${a.id} is already ${a.status}` +
          (a.decider ? ` by ${a.decider.name} (${a.decider.subject}) at ${a.decidedAt}` : '') +
          '; your decision was not applied',
      );
    return a;
  }

  /** Why a decision cannot be taken on a pending approval, and what then becomes of the approval. */
  private refusal(a: Approval, input: DecideInput): { error: CoreError; then?: 'expire' | 'void' } | undefined {
    if (Date.now() >= Date.parse(a.expiresAt))
      return { error: new CoreError('expired', `approval ${a.id} expired at ${a.expiresAt}`), then: 'expire' };
    // SECURITY: the decision must be for exactly the arguments shown.
    if (input.argsHash !== a.argsHash)
      return {
        error: new CoreError(
          'args-mismatch',
          'the decision names other arguments than the ones awaiting approval; nothing was sent',
        ),
      };
    // SECURITY: the approval is bound to the policy it was asked under: under another, the call is ended, not run.
    if (a.policyVersion !== this.policy())
      return {
        error: new CoreError(
          'policy-changed',
          `the organisation's policy changed while approval ${a.id} waited; nothing was sent (ask for the call again)`,
        ),
        then: 'void',
      };
    return undefined;
  }

  /** Closes a pending approval without a decision (its tool changed, or its call was cancelled). */
  void(id: string): Approval | undefined {
    const a = this.approvals.get(id);
    if (a?.status === 'pending') this.close(a, 'void');
    return a;
  }

  private expire(id: string): void {
    const a = this.approvals.get(id);
    if (a?.status !== 'pending') return;
    this.close(a, 'expired');
    this.onEnd(a);
  }

  private close(a: Approval, status: Approval['status']): void {
    a.status = status;
    a.decidedAt = new Date().toISOString();
    this.waiting.delete(a.id);
    clearTimeout(this.timers.get(a.id));
    this.timers.delete(a.id);
  }

  private trim(): void {
    if (this.approvals.size <= HISTORY) return;
    for (const [id, a] of this.approvals) {
      if (this.approvals.size <= HISTORY) break;
      if (a.status !== 'pending') this.approvals.delete(id);
    }
  }
}

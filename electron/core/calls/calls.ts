import type { CatalogChange, ToolView } from '../../../shared/schemas/tool.js';
import { CallSender } from './call-send.js';
import { TaskInputs } from './task-input.js';
import type { Approval, CallRecord, Decider, DecideInput } from '../../../shared/schemas/call.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import { callEntry, voteCounted, wireArgs } from './call-outcome.js';
import type { AuditFields } from '../audit/index.js';
import { ApprovalGate, type Voter } from '../approvals/index.js';
import { CallBook, type CallState } from './call-book.js';
import { coverOf, gateDecision, heldIfInvalid, setStanding, type Standing } from './standing.js';
import { approvalFields, argumentErrors, callMode, newCall, overPendingLimit } from './approval-request.js';
import type { CallDeps, ServerFacts } from './call-deps.js';
import { CoreError, sha256 } from '../support/index.js';
import { ResultGuard, type Delivery } from './result-guard.js';
import { ResultScanner } from './result-scanner.js';

/**
 * Calls from request to outcome, through the approval gate: nothing is sent without a decision for
 * exactly these arguments, made by the user or by a policy the user set, and recorded first.
 */
export class CallManager {
  readonly gate: ApprovalGate;
  private readonly book: CallBook;
  private readonly inputs: TaskInputs;
  /** Sends approved calls and turns their answers into outcomes. */
  private readonly sender: CallSender;
  /** Reads every result for orders to the model, and decides what an agent gets. */
  private readonly results: ResultGuard;

  constructor(private readonly deps: CallDeps) {
    this.results = new ResultGuard({
      scanner: deps.scanner ?? new ResultScanner(),
      mode: () => deps.resultScanMode?.() ?? 'warn',
      timeoutMs: deps.approvalTimeoutMs,
      audit: (f) => this.audit(f),
      identity: (id) => deps.server(id)?.identity,
      changed: (r) => deps.bus.emit('call.updated', { ...r }),
    });
    this.gate = new ApprovalGate((a) => this.expired(a), deps.org);
    this.book = new CallBook({
      bus: deps.bus,
      audit: (f) => this.audit(f),
      identity: (id) => deps.server(id)?.identity,
      ended: deps.ended,
      maxRetainedResultBytes: deps.maxRetainedResultBytes,
      history: deps.history,
    });
    this.inputs = new TaskInputs({
      gate: this.gate,
      catalog: deps.catalog,
      bus: deps.bus,
      server: deps.server,
      audit: (f) => this.audit(f),
      durable: (f) => this.deps.trail.recordDurable(f).durable,
      approvalTimeoutMs: deps.approvalTimeoutMs,
      policy: (requester, id, server, tool, args) => this.standing(requester, id, server, tool, args),
      answer: deps.answerInput,
    });
    this.sender = new CallSender({
      deps,
      inputs: this.inputs,
      results: this.results,
      finish: (state, patch) => this.finish(state, patch),
      emit: (state) => this.emit(state),
    });
  }

  /**
   * Asks for a call on behalf of `requestedBy` (recorded on the call, its approval and each audit
   * entry). It runs at once only under the organisation's allow, a grant, or trust in a read-only tool.
   */
  request(
    serverId: string,
    toolName: string,
    args: Record<string, unknown>,
    requestedBy: Requester,
    opts: { asTask?: boolean } = {},
  ): CallRecord {
    const server = this.deps.server(serverId);
    if (!server) throw new CoreError('unknown-server', `no server ${JSON.stringify(serverId)}`);
    if (!server.client) throw new CoreError('not-connected', `server ${JSON.stringify(serverId)} is not connected`);
    const tool = this.deps.catalog.get(serverId, toolName);
    if (!tool)
      throw new CoreError(
        'unknown-tool',
        `server ${JSON.stringify(serverId)} offers no tool ${JSON.stringify(toolName)}`,
      );
    const asTask = callMode(tool, server.era, opts.asTask, server.client.getServerCapabilities());
    const argsJson = wireArgs(args);
    const argsHash = sha256(argsJson);
    const limits = this.deps.limits();
    const waiting = this.gate.pendingFor(serverId);
    const call = { serverId, serverIdentity: server.identity, tool: toolName, argsHash, requestedBy };
    const refused = overPendingLimit(waiting, limits.maxPendingApprovalsPerServer, call);
    if (refused) {
      this.audit(refused.entry);
      throw refused.error;
    }
    const record = newCall(
      { serverId, tool: toolName, argsJson, argsHash, fingerprint: tool.fingerprint, requestedBy },
      asTask,
    );
    // Arguments above the inline limit are logged by hash and size (kept beside the log, by setting).
    const inline = argsJson.length <= limits.maxInlineArgsBytes;
    const argsFile = inline ? undefined : this.deps.keepArgs(argsHash, argsJson);
    this.audit(
      callEntry(
        record,
        server.identity,
        'call-requested',
        inline ? { args } : { argsBytes: argsJson.length, argsFile },
      ),
    );
    let resolve!: (r: CallRecord) => void;
    const done = new Promise<CallRecord>((r) => (resolve = r));
    const state: CallState = { record, args: JSON.parse(argsJson) as Record<string, unknown>, done, resolve };
    this.book.add(state);
    this.emit(state);
    const given = this.standing(requestedBy, serverId, server, tool, state.args, argsHash);
    const standing = heldIfInvalid(given, this.deps.validator, tool, state.args);
    if (standing.rule) record.rule = standing.rule;
    if (standing.heldFrom) record.heldFrom = standing.heldFrom;
    if (standing.deny)
      this.finish(state, { outcome: 'denied', decidedBy: standing.decidedBy ?? 'system', reason: standing.deny });
    else if (standing.decidedBy)
      this.approveAndRun(
        state,
        standing.decidedBy,
        standing.rule && `policy rule ${standing.rule.id}: ${standing.rule.reason}`,
      );
    else this.ask(state, server, tool);
    return { ...state.record };
  }

  /** Applies a decision from a person (or the command line's --yes). */
  decide(input: DecideInput, actor: Decider, voter?: Voter): Approval {
    const cover = coverOf(input, this.gate, this.deps);
    const approval = this.gate.decide(input, voter);
    const state = this.book.get(approval.callId);
    if (approval.status === 'pending') return voteCounted(approval, state, (f) => this.audit(f), this.deps.bus);
    if (state && approval.decider) state.record.decider = approval.decider;
    const approved = input.decision === 'approve';
    if (input.scope !== 'once')
      setStanding(this.deps.policies, (f) => this.audit(f), approval, approved, input.scope, actor, cover);
    // The answers of a running task (never the call itself, which already runs): the task goes on, or is cancelled.
    if (approval.method === 'tasks/update')
      this.inputs.settle(approval, approved ? actor : null, input.reason || undefined);
    else if (state) {
      if (input.decision === 'deny')
        this.finish(state, { outcome: 'denied', decidedBy: actor, reason: input.reason || 'denied' });
      else this.approveAndRun(state, actor, input.reason);
    }
    this.deps.bus.emit('approval.resolved', approval);
    return approval;
  }

  /** Cancels a call: a pending one is closed unsent; a running one gets notifications/cancelled. */
  cancel(callId: string, by?: { decidedBy: Decider; reason: string }): CallRecord {
    const state = this.book.must(callId);
    const r = state.record;
    if (r.state === 'awaiting-approval')
      this.closeUnsent(
        state,
        by?.decidedBy ?? 'user',
        by?.reason ?? (r.decidedBy ? 'cancelled before it was sent' : 'cancelled before it was approved'),
      );
    else if (r.state === 'running') {
      state.cancelled = true;
      state.controller?.abort(new Error(by?.reason ?? 'cancelled by the user'));
    }
    return { ...state.record };
  }

  /** The console stops: every call not yet ended ends now, unsent or cancelled, and the audit log says so. */
  stop(): void {
    this.results.close();
    for (const state of this.book.states()) {
      const r = state.record;
      if (r.state === 'awaiting-approval')
        this.closeUnsent(
          state,
          'system',
          `not sent: MCP Console stopped before the call was ${r.decidedBy ? 'sent' : 'decided'}`,
        );
      else if (r.state === 'running') {
        state.cancelled = true;
        this.finish(state, {
          outcome: 'cancelled',
          decidedBy: 'system',
          reason:
            'MCP Console stopped while the call ran: its server was told to cancel it and may have done part of it',
          ...(r.startedAt && { durationMs: Date.now() - Date.parse(r.startedAt) }),
        });
        state.controller?.abort(new Error('MCP Console stopped'));
      }
    }
  }

  /** Closes a call not yet sent: its approval void, and never sent (approved, its approval may still be syncing). */
  private closeUnsent(state: CallState, decidedBy: Decider, reason: string): void {
    const r = state.record;
    const a = r.approvalId ? this.gate.void(r.approvalId) : undefined;
    this.finish(state, { outcome: 'cancelled', decidedBy, reason });
    if (a) this.deps.bus.emit('approval.resolved', a);
    state.controller?.abort(new Error(reason));
  }

  /** The approvals waiting for a decision, oldest first. */
  pending(): Approval[] {
    return this.gate.pending();
  }

  /** One approval, pending or decided. */
  approval(id: string): Approval | undefined {
    return this.gate.get(id);
  }

  /** Forgets a server's allow grants (its identity changed), or every grant of it (it was removed). */
  dropGrants(serverId: string, which: 'allow' | 'all' | 'read-only' = 'allow'): void {
    this.deps.policies.drop(
      (g) =>
        g.serverId === serverId &&
        (which === 'all' || (which === 'read-only' ? g.covers === 'read-only' : g.scope !== 'never')),
    );
  }

  /** Why History from earlier sessions could not be read or kept (a start problem), or null. */
  historyProblem(): string | null {
    return this.deps.history?.problem ?? null;
  }

  /** The calls to a server that are running now. */
  running(serverId: string): Array<{ callId: string; tool: string; requestedBy: Requester }> {
    return this.book.running(serverId);
  }

  list(): CallRecord[] {
    return this.book.list();
  }

  get(callId: string): CallRecord {
    return this.book.must(callId).record;
  }

  /**
   * What the agent that asked for a finished call receives, once its result was read (and, under `ask`, released or
   * withheld).
   */
  delivery(r: CallRecord): Promise<Delivery> {
    return this.results.delivery(r);
  }

  /** The agent that asked gave up on the call: a result held for the person is withheld (nobody is left to get it). */
  withdrawResult(callId: string): void {
    this.results.withdraw(callId);
  }

  /** The person releases a result held back from its agent, or withholds it. */
  decideResult(callId: string, release: boolean): CallRecord {
    this.results.decide(callId, release);
    return { ...this.get(callId) };
  }

  /** Resolves when the call has an outcome. */
  wait(callId: string): Promise<CallRecord> {
    return this.book.must(callId).done;
  }

  /** A server's catalog changed: approvals pending for a changed tool are void and asked again with the diff. */
  catalogChanged(change: CatalogChange): void {
    const changed = new Map(change.changed.map((c) => [c.name, c]));
    const removed = new Set(change.removed);
    for (const a of this.gate.pending()) {
      if (a.serverId !== change.serverId || (!changed.has(a.tool) && !removed.has(a.tool))) continue;
      const state = this.book.get(a.callId);
      this.gate.void(a.id);
      this.deps.bus.emit('approval.resolved', a);
      // SECURITY: answers approved for one definition are not sent to another: the task is cancelled.
      if (this.inputs.settle(a, null, 'the tool changed while its task waited for the answer')) continue;
      if (!state) continue;
      const server = this.deps.server(a.serverId);
      const tool = this.deps.catalog.get(a.serverId, a.tool);
      this.audit(
        callEntry(state.record, a.serverIdentity, 'voided', {
          fingerprint: a.fingerprint,
          reason: tool ? 'the tool changed while awaiting approval' : 'the tool was removed while awaiting approval',
        }),
      );
      if (!server || !tool)
        this.finish(state, {
          outcome: 'cancelled',
          decidedBy: 'system',
          reason: 'the server no longer offers this tool',
        });
      else this.ask(state, server, tool, changed.get(a.tool), a.id);
    }
  }

  private standing(
    requestedBy: Requester,
    serverId: string,
    server: ServerFacts,
    tool: ToolView,
    args: unknown,
    argsHash?: string,
  ): Standing {
    return gateDecision(this.deps, (f) => this.audit(f), requestedBy, serverId, server, tool, args, argsHash);
  }

  private ask(state: CallState, server: ServerFacts, tool: ToolView, diff?: Approval['diff'], replaces?: string): void {
    state.record.fingerprint = tool.fingerprint;
    const errors = argumentErrors(this.deps.validator, tool.inputSchema, state.args);
    const fields = approvalFields(state.record, server, tool, errors, {
      diff,
      replaces,
      stale: this.deps.catalog.stale(state.record.serverId),
      headers: this.deps.catalog.headersFor(state.record.serverId, tool.name, state.args),
      asTask: state.record.task !== undefined,
      rule: state.record.rule?.effect === 'ask' ? state.record.rule : undefined,
      heldFrom: state.record.heldFrom,
    });
    const approval = this.gate.open(fields, this.deps.approvalTimeoutMs());
    state.record.approvalId = approval.id;
    this.emit(state);
    this.deps.bus.emit('approval.requested', approval);
  }

  private approveAndRun(state: CallState, decidedBy: Decider, reason?: string): void {
    const r = state.record;
    // SECURITY: the server said its tools changed and the new list is not in yet: wait for it, so
    // that the definition checked below is the one the server will run.
    const settling = this.deps.catalogSettling(r.serverId);
    if (settling) {
      void settling.then(() => this.approveAndRun(state, decidedBy, reason));
      return;
    }
    if (r.state === 'done') return;
    const server = this.deps.server(r.serverId);
    const tool = this.deps.catalog.get(r.serverId, r.tool);
    if (!server || !tool)
      return this.finish(state, { outcome: 'cancelled', decidedBy: 'system', reason: 'the server or tool is gone' });
    if (tool.fingerprint !== r.fingerprint) {
      // The definition changed between the decision and now: ask again, showing what changed.
      return this.ask(state, server, tool, this.deps.catalog.lastChange(r.serverId, r.tool), r.approvalId);
    }
    const notWritten = (e: unknown) =>
      this.finish(
        state,
        {
          outcome: 'denied',
          decidedBy: 'system',
          error: { code: 'audit-failed', message: (e as Error).message },
          reason: 'not sent: the approval could not be written to the audit log',
        },
        false,
      );
    let durable: Promise<void>;
    try {
      // SECURITY: the approval is on disk before the call goes out (concurrent approvals share one
      // fdatasync); if it cannot be, nothing is sent.
      const entry = callEntry(r, server.identity, 'approved', {
        decision: 'approve',
        decidedBy,
        reason,
        ...(r.rule && { detail: { rule: r.rule } }),
      });
      durable = this.deps.trail.recordDurable(entry, { alone: this.sender.idle }).durable;
    } catch (e) {
      return notWritten(e);
    }
    r.decidedBy = decidedBy;
    // first: a call the disk refused is denied, and the send held below fails after it, unseen
    durable.catch(notWritten);
    this.sender.run(state, server, tool, durable);
  }

  /** An approval closed without a decision: expired, or void (the organisation's policy changed while it waited). */
  private expired(a: Approval): void {
    if (this.inputs.settle(a, null, 'expired')) return void this.deps.bus.emit('approval.resolved', a);
    const state = this.book.get(a.callId);
    const why = a.status === 'void' ? "the organisation's policy changed while it waited" : 'it expired';
    const by = a.status === 'void' ? 'org-policy' : 'timeout';
    if (state) this.finish(state, { outcome: 'denied', decidedBy: by, reason: `no decision before ${why}` });
    this.deps.bus.emit('approval.resolved', a);
  }

  private audit(fields: AuditFields): void {
    this.deps.trail.record(fields);
  }

  private finish(state: CallState, patch: Partial<CallRecord>, audit = true): void {
    this.book.finish(state, patch, audit);
  }

  private emit(state: CallState): void {
    this.book.emit(state);
  }
}

import type { CallRecord } from '../../../shared/schemas/call.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { AuditFields } from '../audit/index.js';
import { CoreError, type EventBus } from '../support/index.js';
import { blockSizes, outcomeEntry } from './call-outcome.js';
import { ResultBudget } from './result-budget.js';
import type { CallHistory } from './call-history.js';

/** One call as the manager follows it: its record, the arguments to send, and how it ends. */
export interface CallState {
  record: CallRecord;
  args: Record<string, unknown>;
  controller?: AbortController;
  cancelled?: boolean;
  done: Promise<CallRecord>;
  resolve: (r: CallRecord) => void;
}

const HISTORY = 500;

/**
 * The calls of this session as records: the last HISTORY of them, each announced as it changes,
 * ended once (its outcome written to the audit log), its result kept within the session's budget.
 * The flow through the gate is the CallManager's; this is what it writes into.
 */
export class CallBook {
  private calls = new Map<string, CallState>();
  private readonly results: ResultBudget;

  constructor(
    private readonly d: {
      bus: EventBus;
      audit(fields: AuditFields): void;
      identity(serverId: string): string | undefined;
      ended?(callId: string): void;
      maxRetainedResultBytes(): number;
      /** The calls of earlier sessions, kept across restarts. */
      history?: CallHistory;
    },
  ) {
    this.results = new ResultBudget(d.maxRetainedResultBytes, (id) => this.release(id));
    for (const record of d.history?.load() ?? []) {
      const done = Promise.resolve(record);
      this.calls.set(record.id, { record, args: {}, done, resolve: () => undefined });
      // Within the same budget as this session's results: past it, the oldest are let go.
      if (record.result) this.results.keep(record.id, JSON.stringify(record.result).length);
    }
  }

  add(state: CallState): void {
    this.calls.set(state.record.id, state);
    this.trim();
  }

  get(callId: string): CallState | undefined {
    return this.calls.get(callId);
  }

  must(callId: string): CallState {
    const s = this.calls.get(callId);
    if (!s) throw new CoreError('unknown-call', `no call ${callId}`);
    return s;
  }

  states(): IterableIterator<CallState> {
    return this.calls.values();
  }

  list(): CallRecord[] {
    return [...this.calls.values()].map((s) => s.record);
  }

  /** The calls to a server that are running now. */
  running(serverId: string): Array<{ callId: string; tool: string; requestedBy: Requester }> {
    return [...this.calls.values()]
      .filter((s) => s.record.serverId === serverId && s.record.state === 'running')
      .map((s) => ({ callId: s.record.id, tool: s.record.tool, requestedBy: s.record.requestedBy }));
  }

  emit(state: CallState): void {
    this.d.bus.emit('call.updated', { ...state.record });
  }

  /**
   * Ends a call once: its outcome recorded (unless `audit` is false: its approval never reached the log), announced,
   * its waiters resolved.
   */
  finish(state: CallState, patch: Partial<CallRecord>, audit = true): void {
    const r = state.record;
    if (r.state === 'done') return;
    Object.assign(r, patch, { state: 'done', finishedAt: new Date().toISOString() });
    const sizes = blockSizes(r);
    if (audit) {
      try {
        this.d.audit(outcomeEntry(r, this.d.identity(r.serverId), sizes));
      } catch (e) {
        r.error ??= {
          code: 'audit-failed',
          message: `the outcome could not be written to the audit log: ${(e as Error).message}`,
        };
      }
    }
    this.emit(state);
    state.resolve(r);
    this.d.ended?.(r.id);
    this.d.history?.keep(r, () => this.list());
    if (r.result) {
      const structured = r.result.structuredContent;
      this.results.keep(
        r.id,
        sizes.reduce((n, b) => n + b, 0) + (structured === undefined ? 0 : JSON.stringify(structured).length),
      );
    }
  }

  /** Drops a kept result (over budget, or its call left the history); front ends drop their copy too. */
  private release(id: string): void {
    const old = this.calls.get(id);
    if (old?.record.result) {
      old.record.result = undefined;
      old.record.resultReleased = true;
      this.emit(old);
    }
  }

  private trim(): void {
    for (const [id, s] of this.calls) {
      if (this.calls.size <= HISTORY) break;
      if (s.record.state !== 'done') continue;
      this.results.drop(id);
      this.calls.delete(id);
    }
  }
}

import type { CallRecord, TaskInfo } from '../../../shared/schemas/call.js';
import type { ToolView } from '../../../shared/schemas/tool.js';
import { NotSent, ticketed } from '../support/index.js';
import type { CallState } from './call-book.js';
import type { CallDeps, ServerFacts } from './call-deps.js';
import { classify, resultOutcome } from './call-outcome.js';
import type { ResultGuard } from './result-guard.js';
import { InputRefused, sendCall } from './task-ext.js';
import type { TaskInputs } from './task-input.js';

/** What the sender needs of the call manager. */
export interface SenderContext {
  deps: CallDeps;
  inputs: TaskInputs;
  results: ResultGuard;
  finish(state: CallState, patch: Partial<CallRecord>): void;
  emit(state: CallState): void;
}

/** Sends approved calls (each once its approval is on disk) and turns their answers into outcomes. */
export class CallSender {
  /**
   * Calls sent and not yet answered: with none, an approval's sync may run on the loop (see AuditLog.appendDurable).
   */
  private inFlight = 0;

  constructor(private readonly ctx: SenderContext) {}

  /** No call is waiting for its server's answer. */
  get idle(): boolean {
    return this.inFlight === 0;
  }

  /**
   * Prepares the call at once and hands it to the server's transport, where it waits for its ticket:
   * the approval on disk (the sync and the preparing overlap), and the call still wanted then.
   */
  run(state: CallState, server: ServerFacts, tool: ToolView, approved: Promise<void>): void {
    const r = state.record;
    if (!server.client)
      return this.ctx.finish(state, {
        outcome: 'protocol-error',
        error: { code: 'not-connected', message: 'the server is not connected' },
      });
    const controller = new AbortController();
    state.controller = controller;
    let t0 = 0;
    const since = () => (t0 ? performance.now() - t0 : 0);
    const sending = approved.then(() => {
      // Cancelled (or its agent revoked) while the approval was being synced: never sent.
      if (r.state === 'done' || controller.signal.aborted) throw new NotSent('the call ended before it was sent');
      r.state = 'running';
      r.startedAt = new Date().toISOString();
      this.ctx.emit(state);
      t0 = performance.now();
    });
    const options = {
      headers: ticketed(this.ctx.deps.catalog.headersFor(r.serverId, r.tool, state.args), sending),
      signal: controller.signal,
      timeout: server.settings.callTimeoutMs,
      resetTimeoutOnProgress: server.settings.resetTimeoutOnProgress,
      onprogress: (p: { progress: number; total?: number; message?: string }) => {
        r.progress = { progress: p.progress, total: p.total, message: p.message };
        this.ctx.deps.bus.emit('call.progress', { callId: r.id, progress: r.progress });
      },
    };
    const params = { name: r.tool, arguments: state.args };
    const onStatus = (t: TaskInfo) => {
      r.task = t;
      this.ctx.emit(state);
    };
    this.inFlight++;
    sendCall(server.client, params, options, r.task !== undefined, { onStatus, input: this.ctx.inputs.hook(r) }).then(
      (result) => {
        this.inFlight--;
        this.ctx.finish(state, resultOutcome(this.ctx.deps.validator, tool, result, since()));
        this.ctx.results.scan(state.record);
      },
      (err: unknown) => (this.inFlight--, this.failed(state, err, since())),
    );
  }

  /** A call that ended without a result: its task's input refused, cancelled, timed out, or a protocol error. */
  private failed(state: CallState, err: unknown, durationMs: number): void {
    const refused = err instanceof InputRefused && !state.cancelled;
    this.ctx.finish(
      state,
      refused
        ? { outcome: 'denied', decidedBy: err.why === 'expired' ? 'timeout' : 'user', reason: err.message, durationMs }
        : { ...classify(err, state.cancelled === true), durationMs },
    );
  }
}

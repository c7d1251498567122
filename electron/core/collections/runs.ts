import { randomUUID } from 'node:crypto';
import type { Collection } from '../../../shared/schemas/collection.js';
import type { CollectionRun, RunScope } from '../../../shared/schemas/collection-run.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import { canonicalJson } from '../../../shared/canonical-json.js';
import { describeRequester } from '../../../shared/requester-text.js';
import { describeStep, envOf, onServer, serversOf, stepKind, stepServer } from '../../../shared/collections/steps.js';
import type { AuditTrail } from '../audit/index.js';
import { CoreError, sha256, type EventBus } from '../support/index.js';
import { wireJson } from '../calls/index.js';
import type { RunGrants } from './run-grants.js';
import { runSteps, type StepDeps } from './runner.js';
import { count } from '../../../shared/plain-format.js';

export interface RunsDeps {
  grants: RunGrants;
  trail: AuditTrail;
  bus: EventBus;
  steps: StepDeps;
  /** Connects a server when it is not; the reason it could not be, or null. */
  reach(serverId: string): Promise<string | null>;
  approvalTimeoutMs(): number;
  /** Cancels a call a step made (a run cancelled while its step's call runs). */
  cancelCall(callId: string): void;
}

interface RunState {
  run: CollectionRun;
  collection: Collection;
  timer?: ReturnType<typeof setTimeout>;
  /** A step's change waiting to be announced (changes are announced at most every EMIT_MS). */
  pendingEmit?: ReturnType<typeof setTimeout>;
  cancelled: boolean;
  updateSnapshots: boolean;
  /** The environment the run's `{{env.NAME}}` read: the asker's (a command's, through a running console), else ours. */
  env?: Readonly<Record<string, string | undefined>>;
  observed: Map<string, unknown>;
  /** What the observed results weigh (JSON characters); past OBSERVED_BUDGET they are no longer kept. */
  observedBytes: number;
  done: Promise<CollectionRun>;
  resolve(r: CollectionRun): void;
}

/** Step changes of a running run are announced at most this often (each announcement carries the whole run). */
const EMIT_MS = 100;

/** The most a run keeps of its steps' answers for accepting them as snapshots (the file's own limit is 20 MB). */
const OBSERVED_BUDGET = 64 * 1_048_576;

/** How many ended runs are kept (with their observed results, for accepting one as a snapshot). */
const KEPT = 20;

/**
 * Collection runs through the gate: a run asks once for its whole scope — every step it may send,
 * with its arguments before variables are filled — and runs only after a decision naming that
 * scope's hash, by a person or `--yes`. Its calls go through the call manager like any other (a
 * standing "never" still refuses one), each let through by the run's grant for exactly the arguments
 * the core resolved. Requested, decided and ended runs are recorded in the audit log.
 */
export class CollectionRuns {
  private readonly runs = new Map<string, RunState>();

  constructor(private readonly d: RunsDeps) {}

  /** Asks to run `collection` (from `file`): the run waits for a decision on its scope. */
  request(
    collection: Collection,
    file: string,
    requestedBy: Requester,
    opts: {
      only?: string;
      against?: string;
      updateSnapshots?: boolean;
      env?: Readonly<Record<string, string | undefined>>;
    } = {},
  ): CollectionRun {
    const steps = opts.only ? collection.steps.filter((s) => s.id === opts.only) : collection.steps;
    if (opts.only && steps.length === 0)
      throw new CoreError('unknown-step', `the collection has no step ${JSON.stringify(opts.only)}`);
    const servers = serversOf({ ...collection, steps });
    if (opts.against !== undefined && servers.length !== 1)
      throw new CoreError(
        'bad-against',
        `--against compares one server with another; these steps talk to ${servers.length}: ${servers.join(', ')}`,
      );
    const scope = scopeOf(collection, steps, opts.against);
    const scopeText = canonicalJson(scope);
    const id = randomUUID();
    const run: CollectionRun = {
      id,
      file,
      name: collection.name,
      status: 'awaiting-approval',
      scope,
      scopeHash: sha256(scopeText),
      ...(opts.only && { only: opts.only }),
      ...(opts.against && { against: opts.against }),
      requestedBy: describeRequester(requestedBy),
      requestedAt: new Date().toISOString(),
      steps: steps.map((s) => ({
        id: s.id,
        label: describeStep(s),
        kind: stepKind(s),
        server: stepServer(s),
        status: 'pending',
        failures: [],
        hasSnapshot: s.snapshot?.result !== undefined,
      })),
    };
    let resolve!: (r: CollectionRun) => void;
    const done = new Promise<CollectionRun>((r) => (resolve = r));
    const state: RunState = {
      run,
      collection,
      cancelled: false,
      updateSnapshots: opts.updateSnapshots ?? false,
      ...(opts.env && { env: opts.env }),
      observed: new Map(),
      observedBytes: 0,
      done,
      resolve,
    };
    this.runs.set(id, state);
    this.trim();
    this.d.trail.record({
      kind: 'collection-run-requested',
      requestedBy,
      reason: `${collection.name}: ${count(steps.length)} step${steps.length === 1 ? '' : 's'}`,
      // The scope inline up to 64 KB (a 10,000-step collection would make one line of megabytes); its hash always.
      detail: {
        run: id,
        file,
        scopeHash: run.scopeHash,
        ...(scopeText.length <= 65_536 ? { scope } : { steps: scope.steps.length, scopeBytes: scopeText.length }),
      },
    });
    state.timer = setTimeout(
      () => this.end(state, 'denied', 'timeout', 'no decision before the approval expired'),
      this.d.approvalTimeoutMs(),
    );
    state.timer.unref?.();
    this.emit(state);
    return { ...run };
  }

  /** The decision on a run's scope; approving starts it. */
  decide(
    runId: string,
    decision: 'approve' | 'deny',
    scopeHash: string,
    decidedBy: 'user' | 'cli-flag',
  ): CollectionRun {
    const state = this.must(runId);
    const run = state.run;
    if (run.status !== 'awaiting-approval')
      throw new CoreError('not-pending', `run ${runId} is ${run.status}, not waiting for a decision`);
    if (scopeHash !== run.scopeHash)
      throw new CoreError('hash-mismatch', 'the decision names another scope than the one this run asks for');
    clearTimeout(state.timer);
    this.d.trail.record({
      kind: 'collection-run-decided',
      decision,
      decidedBy,
      reason: run.name,
      detail: { run: runId, scopeHash },
    });
    run.decidedBy = decidedBy;
    if (decision === 'deny') return (this.end(state, 'denied', decidedBy, 'denied'), { ...run });
    void this.start(state);
    return { ...run };
  }

  cancel(runId: string): CollectionRun {
    const state = this.must(runId);
    state.cancelled = true;
    if (state.run.status === 'awaiting-approval')
      this.end(state, 'cancelled', 'user', 'cancelled before it was approved');
    // The step running now: its call is cancelled too (the server is told); the steps after it are skipped.
    for (const s of state.run.steps) if (s.status === 'running' && s.callId) this.d.cancelCall(s.callId);
    return { ...state.run };
  }

  list(): CollectionRun[] {
    return [...this.runs.values()].map((s) => s.run);
  }

  get(runId: string): CollectionRun {
    return this.must(runId).run;
  }

  wait(runId: string): Promise<CollectionRun> {
    return this.must(runId).done;
  }

  /** What a step of a run answered, as its snapshot keeps it. */
  observed(runId: string, stepId: string): unknown {
    const v = this.must(runId).observed.get(stepId);
    if (v === undefined)
      throw new CoreError(
        'no-result',
        `step ${JSON.stringify(stepId)} of this run has no answer kept (none came, or the run's answers passed ${OBSERVED_BUDGET / 1_048_576} MB)`,
      );
    return v;
  }

  /** The console stops: runs not ended end now. */
  stop(): void {
    for (const s of this.runs.values()) {
      s.cancelled = true;
      if (s.run.status === 'awaiting-approval') this.end(s, 'cancelled', 'system', 'MCP Console stopped');
    }
  }

  private async start(state: RunState): Promise<void> {
    const { run, collection } = state;
    run.status = 'running';
    this.emit(state);
    const t0 = performance.now();
    for (const server of run.scope.servers) {
      const why = await this.d.reach(server).catch((e: Error) => e.message);
      if (why) return void this.end(state, 'unreachable', undefined, `${server}: ${why}`);
    }
    const requester: Requester = { kind: 'collection', name: collection.name, run: run.id };
    this.d.grants.start(
      run.id,
      run.scope.steps.flatMap((s) => (s.tool ? [[s.server, s.tool] as [string, string]] : [])),
    );
    const steps: StepDeps = {
      ...this.d.steps,
      ...(state.env && { env: state.env }),
      call: (server, tool, args, by, asked) => {
        // SECURITY: announced with the hash of exactly what the call manager will send; one announcement, one call.
        this.d.grants.expect(run.id, server, tool, sha256(wireJson(args)));
        return this.d.steps.call(server, tool, args, by, asked);
      },
    };
    try {
      await runSteps(collection, run, steps, {
        requestedBy: requester,
        against: run.against ? { from: run.scope.servers[0]!, to: run.against } : undefined,
        updateSnapshots: state.updateSnapshots,
        changed: () => this.emitSoon(state),
        cancelled: () => state.cancelled,
        observed: (id, doc, bytes) => {
          if (state.observedBytes + bytes > OBSERVED_BUDGET) return;
          state.observedBytes += bytes;
          state.observed.set(id, doc);
        },
      });
    } catch (e) {
      run.error = (e as Error).message;
    } finally {
      this.d.grants.end(run.id);
    }
    run.durationMs = performance.now() - t0;
    const failed = run.steps.some((s) => s.status === 'failed') || run.error !== undefined;
    this.end(state, state.cancelled ? 'cancelled' : failed ? 'failed' : 'passed');
  }

  private end(state: RunState, status: CollectionRun['status'], decidedBy?: string, why?: string): void {
    const run = state.run;
    if (state.timer) clearTimeout(state.timer);
    if (['passed', 'failed', 'denied', 'unreachable', 'cancelled'].includes(run.status)) return;
    run.status = status;
    if (decidedBy && !run.decidedBy) run.decidedBy = decidedBy;
    if (why) run.error = why;
    for (const s of run.steps) if (s.status === 'pending' || s.status === 'running') s.status = 'skipped';
    run.finishedAt = new Date().toISOString();
    const count = (st: string) => run.steps.filter((s) => s.status === st).length;
    this.d.trail.record({
      kind: 'collection-run-finished',
      outcome: status,
      reason: why ?? run.name,
      ...(run.durationMs !== undefined && { durationMs: run.durationMs }),
      summary: {
        passed: count('passed'),
        failed: count('failed'),
        skipped: count('skipped'),
        updated: run.steps.filter((s) => s.updated).length,
      },
      detail: {
        run: run.id,
        file: run.file,
        failed: run.steps
          .filter((s) => s.status === 'failed')
          .map((s) => ({ step: s.id, failures: s.failures.map((f) => f.message) })),
      },
    });
    this.emit(state);
    state.resolve(run);
  }

  private emit(state: RunState): void {
    if (state.pendingEmit) clearTimeout(state.pendingEmit);
    state.pendingEmit = undefined;
    this.d.bus.emit('collection.run', structuredClone(state.run));
  }

  /** Announces a step's change soon: a 1,000-step run sends its whole state tens of times, not thousands. */
  private emitSoon(state: RunState): void {
    state.pendingEmit ??= setTimeout(() => this.emit(state), EMIT_MS);
  }

  private must(runId: string): RunState {
    const s = this.runs.get(runId);
    if (!s) throw new CoreError('unknown-run', `no run ${runId}`);
    return s;
  }

  private trim(): void {
    for (const [id, s] of this.runs) {
      if (this.runs.size <= KEPT) break;
      if (s.run.status !== 'awaiting-approval' && s.run.status !== 'running') this.runs.delete(id);
    }
  }
}

/** What a run asks for: each step (and with `against`, each again on the other server), templates as written. */
export function scopeOf(c: Collection, steps: Collection['steps'], against?: string): RunScope {
  const all = against ? steps.flatMap((s) => [s, onServer(s, against)]) : steps;
  return {
    collection: c.name,
    steps: all.map((s) => ({
      id: s.id,
      label: describeStep(s),
      server: stepServer(s),
      ...(s.call && { tool: s.call.tool, argsTemplate: canonicalJson(s.call.arguments ?? {}) }),
      ...(s.prompt && { argsTemplate: canonicalJson(s.prompt.arguments ?? {}) }),
    })),
    servers: [...new Set(all.map(stepServer))],
    env: envOf(c, all).sort(),
  };
}

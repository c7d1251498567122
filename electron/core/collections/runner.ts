import type { Collection, Step } from '../../../shared/schemas/collection.js';
import type { CollectionRun, RunStep } from '../../../shared/schemas/collection-run.js';
import type { CallRecord } from '../../../shared/schemas/call.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import { checkStep, type PatternTest, type StepObservation } from '../../../shared/collections/check.js';
import { diffJson } from '../../../shared/collections/diff.js';
import { redactSecrets } from '../../../shared/collections/secrets.js';
import { envOf, onServer, snapshotOf } from '../../../shared/collections/steps.js';
import { resolveTemplate, TemplateError, type TemplateScope } from '../../../shared/collections/template.js';

/** What running steps needs of the core. */
export interface StepDeps {
  /** A call through the gate, as `requestedBy`, to its outcome. */
  call(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    requestedBy: Requester,
    asked?: (callId: string) => void,
  ): Promise<CallRecord>;
  read(server: string, uri: string, requestedBy: Requester): Promise<unknown>;
  prompt(server: string, name: string, args: Record<string, string>, requestedBy: Requester): Promise<unknown>;
  /** Every tool definition of a server as it sent them, by name. */
  catalog(server: string): Record<string, unknown>;
  test: PatternTest;
  env: Readonly<Record<string, string | undefined>>;
}

export interface RunOptions {
  requestedBy: Requester;
  /** With --against: the server every step also runs against, and the one it replaces. */
  against?: { from: string; to: string };
  /** A step whose result differs from its snapshot (or has none) takes the result as its snapshot. */
  updateSnapshots?: boolean;
  /** Called after each change of a step. */
  changed(): void;
  cancelled(): boolean;
  /** Keeps a step's observed result (the run shows it only up to a size). */
  observed(stepId: string, doc: unknown, bytes: number): void;
}

/**
 * The most of one value a run's record carries (a diff's before and after, the arguments sent); the file and the audit
 * log have all of it.
 */
const SHOWN_VALUE = 4096;

/** A value as a run shows it: itself, or its start as text when it is longer than SHOWN_VALUE. */
function clipValue(v: unknown): unknown {
  if (v === undefined) return v;
  const text = JSON.stringify(v);
  return text.length <= SHOWN_VALUE ? v : `${text.slice(0, SHOWN_VALUE)}… (${text.length} characters in all)`;
}

function clipFailure(f: RunStep['failures'][number]): RunStep['failures'][number] {
  if (!f.diff) return f;
  return {
    ...f,
    diff: {
      total: f.diff.total,
      entries: f.diff.entries.map((e) => ({
        ...e,
        ...('before' in e && { before: clipValue(e.before) }),
        ...('after' in e && { after: clipValue(e.after) }),
      })),
    },
  };
}

/** The observed result a run's record carries at most (a larger one is kept aside for accepting). */
const SHOWN_BYTES = 256 * 1024;

/** The first text a tool's error result says, for the message of a step that did not expect it. */
function errorText(result: Record<string, unknown>): string | undefined {
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: unknown; text?: unknown }>) : [];
  const text = content.find((b) => b?.type === 'text' && typeof b.text === 'string')?.text as string | undefined;
  if (!text?.trim()) return undefined;
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/**
 * Runs the steps of `run` in order. A step's variables resolve against earlier steps' results; a
 * step that fails does not stop the run (later steps that need its result fail with a setup error
 * naming it). Every value read from the environment is written as its variable (`{{env.NAME}}`) in
 * what a snapshot keeps and compares and in all the run reports (the arguments sent, failure
 * messages, diffs, errors): a report is a CI artifact, and only the audit log holds the bytes sent.
 */
export async function runSteps(c: Collection, run: CollectionRun, deps: StepDeps, o: RunOptions): Promise<void> {
  const byId = new Map(c.steps.map((s) => [s.id, s]));
  const scope = { env: deps.env, steps: new Map<string, unknown>() };
  const other = { env: deps.env, steps: new Map<string, unknown>() };
  const secrets = new Map<string, string>();
  for (const name of envOf(c)) {
    const v = deps.env[name];
    if (v !== undefined) secrets.set(v, name);
  }
  for (const rs of run.steps) {
    if (o.cancelled()) {
      rs.status = 'skipped';
      continue;
    }
    const step = byId.get(rs.id)!;
    rs.status = 'running';
    o.changed();
    const t0 = performance.now();
    const seen = await observe(step, scope, deps, o.requestedBy, rs);
    if (seen.result !== undefined) scope.steps.set(step.id, seen.result);
    const snapshot = seen.snapshot === undefined ? undefined : redactSecrets(seen.snapshot, secrets);
    rs.outcome = seen.outcome;
    rs.failures = seen.setup
      ? [{ kind: 'setup', message: seen.setup }]
      : checkStep(step, { ...seen, snapshot }, deps.test);
    if (snapshot !== undefined) {
      const bytes = JSON.stringify(snapshot).length;
      o.observed(step.id, snapshot, bytes);
      if (bytes <= SHOWN_BYTES) rs.observed = snapshot;
      else rs.observedBytes = bytes;
      if (o.updateSnapshots && !seen.setup && (!rs.hasSnapshot || rs.failures.some((f) => f.kind === 'snapshot'))) {
        rs.failures = rs.failures.filter((f) => f.kind !== 'snapshot');
        rs.updated = true;
      }
    }
    if (o.against) {
      const theirs = await observe(onServer(step, o.against.to), other, deps, o.requestedBy);
      if (theirs.result !== undefined) other.steps.set(step.id, theirs.result);
      const diff = diffJson(
        snapshot ?? null,
        theirs.snapshot === undefined ? null : redactSecrets(theirs.snapshot, secrets),
        step.snapshot?.ignore ?? [],
      );
      rs.against = {
        outcome: theirs.outcome,
        diff,
        ...(theirs.setup || theirs.error ? { error: theirs.setup ?? theirs.error } : {}),
      };
      if (theirs.outcome !== seen.outcome || diff.total > 0)
        rs.failures.push({
          kind: 'snapshot',
          message: `${o.against.to} answers differently from ${o.against.from}`,
          diff,
        });
    }
    rs.failures = (redactSecrets(rs.failures, secrets) as RunStep['failures']).map(clipFailure);
    if (rs.against?.error) rs.against.error = redactSecrets(rs.against.error, secrets) as string;
    if (rs.argsJson) rs.argsJson = redactSecrets(rs.argsJson, secrets) as string;
    if (rs.argsJson && rs.argsJson.length > SHOWN_VALUE)
      rs.argsJson = `${rs.argsJson.slice(0, SHOWN_VALUE)}… (${rs.argsJson.length} characters in all)`;
    rs.durationMs = performance.now() - t0;
    rs.status = rs.failures.length ? 'failed' : 'passed';
    o.changed();
  }
}

type Seen = StepObservation & { setup?: string };

/** A read step's URI with its variables filled; a variable that is the whole URI is written as text. */
function uriOf(template: string, scope: TemplateScope): string {
  const uri = resolveTemplate(template, scope);
  return typeof uri === 'string' ? uri : JSON.stringify(uri);
}

/** Runs one step and says what it came to; a variable that cannot be resolved is a setup failure. */
async function observe(
  step: Step,
  scope: TemplateScope,
  deps: StepDeps,
  requestedBy: Requester,
  rs?: RunStep,
): Promise<Seen> {
  try {
    if (step.call) {
      const args = resolveTemplate(step.call.arguments ?? {}, scope) as Record<string, unknown>;
      const r = await deps.call(step.call.server, step.call.tool, args, requestedBy, (id) => rs && (rs.callId = id));
      if (rs) {
        rs.callId = r.id;
        rs.argsJson = r.argsJson;
      }
      const outcome = r.outcome ?? 'protocol-error';
      // Why it did not answer, or what the tool said in its error.
      let error = r.error?.message;
      if (error === undefined && outcome !== 'ok')
        error = outcome === 'tool-error' ? r.result && errorText(r.result) : r.reason;
      if (!r.result) return { outcome, ...(error !== undefined && { error }) };
      return {
        outcome,
        result: r.result,
        snapshot: snapshotOf(r.result),
        ...(r.structured && { structured: r.structured }),
        ...(error !== undefined && { error }),
      };
    }
    if (step.catalog) {
      const doc = { tools: deps.catalog(step.catalog.server) };
      return { outcome: 'ok', result: doc, snapshot: doc };
    }
    const got = step.read
      ? deps.read(step.read.server, uriOf(step.read.uri, scope), requestedBy)
      : deps.prompt(
          step.prompt!.server,
          step.prompt!.name,
          resolveTemplate(step.prompt!.arguments ?? {}, scope) as Record<string, string>,
          requestedBy,
        );
    try {
      const result = (await got) as Record<string, unknown>;
      return { outcome: 'ok', result, snapshot: snapshotOf(result) };
    } catch (e) {
      return { outcome: 'protocol-error', error: (e as Error).message };
    }
  } catch (e) {
    if (e instanceof TemplateError) return { outcome: 'protocol-error', setup: e.message };
    return { outcome: 'protocol-error', error: (e as Error).message };
  }
}

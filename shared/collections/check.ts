import type { Assertion, Step } from '../schemas/collection.js';
import { diffJson, type JsonDiff } from './diff.js';
import { pointerGet } from './pointer.js';

/** What a step came to, as the runner saw it. */
export interface StepObservation {
  outcome: 'ok' | 'tool-error' | 'protocol-error' | 'denied' | 'cancelled' | 'timeout';
  /** The result document (see `resultDocument`); absent when there was none. */
  result?: unknown;
  /** The document a snapshot keeps and compares (a call's result without `_meta`). */
  snapshot?: unknown;
  /** A call's structuredContent against its tool's outputSchema. */
  structured?: {
    status: 'valid' | 'invalid' | 'no-schema' | 'absent';
    errors?: Array<{ path: string; message: string }>;
  };
  error?: string;
}

/** One expectation that did not hold. */
export interface StepFailure {
  kind: 'outcome' | 'structured' | 'assert' | 'snapshot' | 'setup';
  message: string;
  path?: string;
  diff?: JsonDiff;
}

/** Tests a value as text against a pattern (the core passes a linear-time engine). */
export type PatternTest = (pattern: string, text: string) => boolean;

const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? 'undefined';
  return s.length > 200 ? s.slice(0, 199) + '…' : s;
};

/** Every expectation of a step against what it came to: empty when the step holds. */
export function checkStep(step: Step, seen: StepObservation, test: PatternTest): StepFailure[] {
  const failures: StepFailure[] = [];
  const want = step.expect?.outcome ?? 'ok';
  if (seen.outcome !== want)
    failures.push({
      kind: 'outcome',
      message: `expected ${want}, got ${seen.outcome}${seen.error ? `: ${seen.error}` : ''}`,
    });
  const s = seen.structured;
  const structured = step.expect?.structured;
  if (structured !== 'any' && s) {
    if (s.status === 'invalid')
      failures.push({
        kind: 'structured',
        message: `structuredContent does not match the tool's outputSchema: ${(s.errors ?? []).map((e) => `${e.path || '/'} ${e.message}`).join('; ')}`,
      });
    else if (structured === 'valid' && s.status !== 'valid')
      failures.push({
        kind: 'structured',
        message: s.status === 'no-schema' ? 'the tool declares no outputSchema' : 'the result has no structuredContent',
      });
  }
  if (seen.result !== undefined)
    for (const a of step.expect?.assert ?? []) failures.push(...checkAssertion(a, seen.result, test));
  const snap = step.snapshot;
  if (snap && 'result' in snap && seen.snapshot !== undefined) {
    const d = diffJson(snap.result, seen.snapshot, snap.ignore ?? []);
    if (d.total > 0)
      failures.push({
        kind: 'snapshot',
        message: `the result differs from its snapshot in ${d.total} place${d.total === 1 ? '' : 's'}`,
        diff: d,
      });
  }
  return failures;
}

/** One assertion on a result document. */
export function checkAssertion(a: Assertion, result: unknown, test: PatternTest): StepFailure[] {
  const at = pointerGet(result, a.path);
  const where = a.path || '(whole result)';
  const fail = (message: string): StepFailure => ({ kind: 'assert', path: a.path, message: `${where}: ${message}` });
  const out: StepFailure[] = [];
  if (a.exists !== undefined) {
    if (a.exists !== at.found)
      out.push(fail(a.exists ? 'expected a value, found none' : `expected nothing, found ${show(at.value)}`));
    if (!a.exists) return out;
  }
  if (!at.found) return [...out, fail('nothing there')];
  const v = at.value;
  if ('equals' in a && JSON.stringify(canonical(v)) !== JSON.stringify(canonical(a.equals)))
    out.push(fail(`expected ${show(a.equals)}, got ${show(v)}`));
  if (a.type !== undefined) {
    const t = typeOf(v);
    const ok = a.type === 'integer' ? Number.isInteger(v) : t === a.type;
    if (!ok) out.push(fail(`expected ${a.type}, got ${t}`));
  }
  if (a.matches !== undefined) {
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    let ok: boolean;
    try {
      ok = test(a.matches, text);
    } catch (e) {
      out.push(fail(`the pattern ${show(a.matches)} is not valid: ${(e as Error).message}`));
      return out;
    }
    if (!ok) out.push(fail(`${show(text)} does not match ${show(a.matches)}`));
  }
  if (a.length !== undefined) {
    const n =
      typeof v === 'string' || Array.isArray(v)
        ? v.length
        : v && typeof v === 'object'
          ? Object.keys(v).length
          : undefined;
    if (n === undefined) out.push(fail(`has no length (${typeOf(v)})`));
    else if (
      typeof a.length === 'number' ? n !== a.length : (a.length.min ?? 0) > n || n > (a.length.max ?? Infinity)
    ) {
      const want = typeof a.length === 'number' ? String(a.length) : `${a.length.min ?? 0}…${a.length.max ?? '∞'}`;
      out.push(fail(`length ${n}, expected ${want}`));
    }
  }
  return out;
}

/** Keys in order, so equal objects compare equal whatever order their keys came in. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
    );
  return v;
}

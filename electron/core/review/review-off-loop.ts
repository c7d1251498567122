import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Baseline, Finding, PinFile, ReviewReport } from '../../../shared/schemas/review.js';
import type { ServerOutcome } from '../../../shared/review/report.js';
import type { ReviewServerInput } from '../../../shared/review/review.js';
import { type FromReviewWorker, type ReviewWorkerData, type ToReviewWorker } from './worker-protocol.js';
import { count } from '../../../shared/plain-format.js';

/** Tools per batch sent to the worker at most, and characters of description and title per batch. */
const BATCH_TOOLS = 500;
const BATCH_CHARS = 4_000_000;
/**
 * The worker's own heap at most (the bench prints what 100,000 tools need): a review that needs more stops alone, the
 * console does not.
 */
export const WORKER_HEAP_MB = 256;

/**
 * The worker next to this module once built (`out/node/…/review-worker.js`); null when it is not there (tests run from
 * source).
 */
export function defaultReviewWorker(): string | null {
  const file = fileURLToPath(new URL('./review-worker.js', import.meta.url));
  return existsSync(file) ? file : null;
}

/** What one review asks of the worker. */
export interface OffLoopJob {
  inputs: readonly ReviewServerInput[];
  outcomes: ServerOutcome[];
  /** Findings made before the rules ran (the pins' states): they join the report in order. */
  extra: Finding[];
  baseline?: Baseline;
  pins: PinFile | null;
  checkSchema: boolean;
  /** The review stops past this many milliseconds: the worker is ended and the report says so. */
  budgetMs: number;
  /** The worker's heap at most, in MB (default WORKER_HEAP_MB). */
  heapMb?: number;
  /** Aborted when the console closes: the worker is ended and its budget's timer cleared. */
  signal?: AbortSignal;
}

/** The worker could not be started (its file, a platform without workers): the review runs in steps instead. */
export class WorkerUnavailable extends Error {}

/** A review that stopped: it ran past its time budget, or the worker failed (out of its heap, a throw). */
export class ReviewStopped extends Error {}

function textSize(tool: Record<string, unknown>): number {
  return (
    (typeof tool.description === 'string' ? tool.description.length : 0) +
    (typeof tool.title === 'string' ? tool.title.length : 0)
  );
}

/** A server's messages in order: its head, results and contents one by one, its tools in batches. */
function* messagesOf(s: ReviewServerInput): Generator<ToReviewWorker> {
  const { tools, results, contents, ...head } = s;
  yield { t: 'head', head };
  for (const result of results ?? []) yield { t: 'result', result };
  for (const content of contents ?? []) yield { t: 'content', content };
  let batch: Record<string, unknown>[] = [];
  let chars = 0;
  for (const tool of tools) {
    const size = textSize(tool);
    if (batch.length && (batch.length >= BATCH_TOOLS || chars + size > BATCH_CHARS)) {
      yield { t: 'tools', tools: batch };
      batch = [];
      chars = 0;
    }
    batch.push(tool);
    chars += size;
  }
  if (batch.length) yield { t: 'tools', tools: batch };
}

/** Texts up to this long are shared between findings that carry the same one. */
const SHARED_TEXT_CHARS = 256;

/**
 * A finding from the worker with its short texts shared with the findings before it. Each arrives as
 * a copy of its own: 10,000 tools each missing a parameter's description were 10,000 copies of the
 * same rule, server, path and message (2 MB of the serving process's heap at 10,000 tools). The
 * subject is shared only with a text `texts` held before (the catalog's tool names); a name is one
 * finding's and not worth a place of its own.
 */
export function shareTexts(f: Finding, texts: Map<string, string>): Finding {
  const one = (t: string): string => {
    if (t.length > SHARED_TEXT_CHARS) return t;
    const had = texts.get(t);
    if (had !== undefined) return had;
    texts.set(t, t);
    return t;
  };
  f.rule = one(f.rule);
  f.subject = texts.get(f.subject) ?? f.subject;
  f.severity = one(f.severity) as Finding['severity'];
  f.server = one(f.server);
  f.kind = one(f.kind) as Finding['kind'];
  f.path = one(f.path);
  f.message = one(f.message);
  f.excerpt = one(f.excerpt);
  f.match = one(f.match);
  return f;
}

/**
 * Reviews servers in a worker thread: the console's loop only copies one batch at a time (a few
 * milliseconds) and waits for each to be taken, so calls, pages and agents are answered meanwhile.
 * The worker has its own heap limit and a time budget; past either it is ended and this rejects with
 * `ReviewStopped`. Rejects with `WorkerUnavailable` when the worker cannot start at all.
 */
export function reviewOffLoop(file: string, job: OffLoopJob): Promise<{ report: ReviewReport; heapPeak: number }> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    const heapMb = job.heapMb ?? WORKER_HEAP_MB;
    const data: ReviewWorkerData = { checkSchema: job.checkSchema, pins: job.pins };
    try {
      worker = new Worker(file, {
        workerData: data,
        resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.min(16, heapMb) },
        stdout: true,
      });
      // Nothing the worker prints may reach the console's own output (the CLI's report is on stdout).
      worker.stdout.resume();
    } catch (e) {
      return reject(new WorkerUnavailable((e as Error).message));
    }
    let ready = false;
    let settled = false;
    const messages = (function* () {
      for (const s of job.inputs) yield* messagesOf(s);
      yield { t: 'finish', outcomes: job.outcomes, extra: job.extra, baseline: job.baseline } satisfies ToReviewWorker;
    })();
    const findings: Finding[] = [];
    // A tool's finding names it with the catalog's own string, not a copy of it.
    const texts = new Map<string, string>();
    for (const i of job.inputs) for (const t of i.tools) if (typeof t.name === 'string') texts.set(t.name, t.name);
    const suppressed: ReviewReport['suppressed'] = [];
    const end = (error?: Error, done?: { report: ReviewReport; heapPeak: number }): void => {
      if (settled) return;
      settled = true;
      clearTimeout(budget);
      job.signal?.removeEventListener('abort', closing);
      void worker.terminate();
      if (error) reject(error);
      else resolve(done!);
    };
    const budget = setTimeout(
      () => end(new ReviewStopped(`the review stopped after ${count(job.budgetMs / 1000)} s, its time budget`)),
      job.budgetMs,
    );
    const closing = () => end(new ReviewStopped('the review stopped: the console closed'));
    if (job.signal?.aborted) closing();
    job.signal?.addEventListener('abort', closing, { once: true });
    const next = (): void => {
      const m = messages.next();
      if (!m.done) worker.postMessage(m.value);
    };
    worker.on('message', (m: FromReviewWorker) => {
      if (m.t === 'ready') {
        ready = true;
        next();
      } else if (m.t === 'ack') next();
      else if (m.t === 'part') {
        for (const f of m.findings) findings.push(shareTexts(f, texts));
        for (const s of m.suppressed) suppressed.push(s);
        worker.postMessage({ t: 'more' } satisfies ToReviewWorker);
      } else if (m.t === 'done')
        end(undefined, {
          report: { at: m.at, servers: m.servers, findings, suppressed, stale: m.stale },
          heapPeak: m.heapPeak,
        });
      else end(new ReviewStopped(`the review failed: ${m.message}`));
    });
    worker.on('error', (e: Error & { code?: string }) => {
      if (!ready) return end(new WorkerUnavailable(e.message));
      const why = e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `it needed more than ${heapMb} MB` : e.message;
      end(new ReviewStopped(`the review stopped: ${why}`));
    });
    worker.on('exit', (code) =>
      end(
        ready
          ? new ReviewStopped(`the review stopped: its worker exited (${code})`)
          : new WorkerUnavailable(`exited (${code})`),
      ),
    );
  });
}

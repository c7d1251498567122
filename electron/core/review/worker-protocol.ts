import type { Baseline, Finding, PinFile, ReviewReport } from '../../../shared/schemas/review.js';
import type { ReviewServerInput, ServerHead } from '../../../shared/review/review.js';
import type { ServerOutcome } from '../../../shared/review/report.js';

/** What the review worker is started with. */
export interface ReviewWorkerData {
  /** Check each schema against its meta-schema (the worker makes its own validator). */
  checkSchema: boolean;
  /** A pins file to compare definitions with (the CLI's `--pins`); its servers' tools are kept until the end. */
  pins: PinFile | null;
}

/**
 * The core to the worker, one message at a time, each answered before the next is sent (so that no
 * more than one batch is ever copied and waiting): a server's head, its results and contents one by
 * one, its tools in batches, then the end with what the report needs.
 */
export type ToReviewWorker =
  | { t: 'head'; head: ServerHead }
  | { t: 'result'; result: NonNullable<ReviewServerInput['results']>[number] }
  | { t: 'content'; content: NonNullable<ReviewServerInput['contents']>[number] }
  | { t: 'tools'; tools: Record<string, unknown>[] }
  | { t: 'finish'; outcomes: ServerOutcome[]; extra: Finding[]; baseline?: Baseline }
  /** The next part of the report, please: one part at a time, so each is its own turn of the core's loop. */
  | { t: 'more' };

/** The worker to the core: ready, each message answered, the report in parts, or why it stopped. */
export type FromReviewWorker =
  | { t: 'ready' }
  | { t: 'ack' }
  | { t: 'part'; findings: Finding[]; suppressed: ReviewReport['suppressed'] }
  /** The end of the report, and the most heap the worker used (sampled at each message), in bytes. */
  | { t: 'done'; at: string; servers: ReviewReport['servers']; stale: ReviewReport['stale']; heapPeak: number }
  | { t: 'failed'; message: string };

/** Findings (or accepted findings) per part of the report sent back: a few milliseconds to copy each. */
export const REPORT_PART = 2000;

/**
 * The security review off the console's event loop: a worker thread fed one server at a time, its
 * tools in batches, each tool reviewed as it comes and then dropped. It sorts the findings, applies
 * the baseline and sends the report back in parts. Started by `reviewOffLoop`; never imported.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type { Finding, ReviewReport } from '../../../shared/schemas/review.js';
import { completeReport } from '../../../shared/review/report.js';
import { type ServerHead } from '../../../shared/review/review.js';
import { ReviewRun } from '../../../shared/review/review-run.js';
import { pinFindings } from '../../../shared/review/pins.js';
import { SchemaValidator } from '../calls/schema-validator.js';
import { REPORT_PART, type FromReviewWorker, type ReviewWorkerData, type ToReviewWorker } from './worker-protocol.js';

const port = parentPort!;
const data = workerData as ReviewWorkerData;
const validator = data.checkSchema ? new SchemaValidator() : undefined;
const run = new ReviewRun({ checkSchema: validator && ((schema) => validator.metaProblems(schema)) });
/** The head of the server whose tools come next, until its first tool (or the end) begins it. */
let head: ServerHead | undefined;
/** The tools of servers a pins file names, kept for the comparison at the end. */
const kept: { id: string; tools: Record<string, unknown>[] }[] = [];
/** Where the tools of the server begun last are kept, when the pins file names it. */
let keeping: Record<string, unknown>[] | undefined;

let heapPeak = 0;
const send = (m: FromReviewWorker): void => {
  heapPeak = Math.max(heapPeak, getHeapStatistics().used_heap_size);
  port.postMessage(m);
};

function begin(): void {
  if (!head) return;
  run.begin(head);
  keeping = data.pins?.servers[head.id] ? [] : undefined;
  if (keeping) kept.push({ id: head.id, tools: keeping });
  head = undefined;
}

/** The report once made, and the index of the next part to send. */
let report: ReviewReport | undefined;
let sent = 0;

function finish(m: Extract<ToReviewWorker, { t: 'finish' }>): void {
  begin();
  const findings: Finding[] = run.finish();
  findings.push(...m.extra, ...(data.pins ? pinFindings(kept, data.pins) : []));
  report = completeReport(m.outcomes, findings, m.baseline);
  more();
}

/** The next part of the report, or the end of it. */
function more(): void {
  if (!report) return;
  const i = sent;
  if (i * REPORT_PART >= Math.max(report.findings.length, report.suppressed.length))
    return send({ t: 'done', at: report.at, servers: report.servers, stale: report.stale, heapPeak });
  sent++;
  send({
    t: 'part',
    findings: report.findings.slice(i * REPORT_PART, (i + 1) * REPORT_PART),
    suppressed: report.suppressed.slice(i * REPORT_PART, (i + 1) * REPORT_PART),
  });
}

port.on('message', (m: ToReviewWorker) => {
  try {
    if (m.t === 'head') {
      begin();
      head = { ...m.head, results: [], contents: [] };
    } else if (m.t === 'result') head?.results!.push(m.result);
    else if (m.t === 'content') head?.contents!.push(m.content);
    else if (m.t === 'tools') {
      begin();
      for (const tool of m.tools) run.tool(tool);
      keeping?.push(...m.tools);
    } else if (m.t === 'finish') return finish(m);
    else return more();
    send({ t: 'ack' });
  } catch (e) {
    send({ t: 'failed', message: (e as Error).message });
  }
});
send({ t: 'ready' });

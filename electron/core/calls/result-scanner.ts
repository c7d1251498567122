import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { scanResultTexts, type ResultText } from '../../../shared/review/result-scan.js';
import type { ResultFinding } from '../../../shared/schemas/call.js';

/** The worker's file beside this one (the CLI bundle keeps it as an entry of its own), or null. */
export function defaultScanWorker(): string | null {
  const file = fileURLToPath(new URL('./result-scan-worker.js', import.meta.url));
  return existsSync(file) ? file : null;
}

/** What a scan found; `unread` when it could not read the result (past its budget, or its worker failed). */
export interface ScanOutcome {
  findings: ResultFinding[];
  unread?: string;
}

interface Job {
  resolve(o: ScanOutcome): void;
  timer: NodeJS.Timeout;
}

/** A result scan's budget: past it the worker is ended and the result counts as unread. */
export const SCAN_BUDGET_MS = 2_000;

/**
 * Reads results off the console's loop, in one worker kept while there is work and ended past a
 * job's budget (the next job starts a new one). Without a worker file (a build without it) the scan
 * runs on the loop: it is bounded by the scan's own limits (a quarter of a megabyte a result).
 */
export class ResultScanner {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly jobs = new Map<number, Job>();

  constructor(
    private readonly file: string | null = defaultScanWorker(),
    private readonly budgetMs = SCAN_BUDGET_MS,
  ) {}

  scan(texts: ResultText[]): Promise<ScanOutcome> {
    if (!texts.length) return Promise.resolve({ findings: [] });
    if (!this.file) return Promise.resolve({ findings: scanResultTexts(texts) });
    const worker = this.start();
    worker.ref();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.stop(`the scan ran past its ${this.budgetMs} ms budget`), this.budgetMs);
      this.jobs.set(id, { resolve, timer });
      worker.postMessage({ id, texts });
    });
  }

  /** Ends the worker; scans still waiting count as unread. */
  close(): void {
    this.stop('the console is closing');
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.file!, { resourceLimits: { maxOldGenerationSizeMb: 64 }, stdout: true });
    w.stdout.resume();
    w.unref();
    w.on('message', (m: { id: number; findings?: ResultFinding[]; error?: string }) => {
      const job = this.jobs.get(m.id);
      if (!job) return;
      this.jobs.delete(m.id);
      clearTimeout(job.timer);
      job.resolve(m.error ? { findings: [], unread: `the scan failed: ${m.error}` } : { findings: m.findings ?? [] });
      if (!this.jobs.size) w.unref();
    });
    // Only the worker in use may end the scans: an old one ended past its budget exits later, when a new one may be
    // working.
    w.on('error', (e) => this.worker === w && this.stop(`the scan failed: ${e.message}`));
    w.on('exit', () => this.worker === w && this.stop('the scan’s worker exited'));
    this.worker = w;
    return w;
  }

  private stop(why: string): void {
    const w = this.worker;
    this.worker = undefined;
    for (const job of this.jobs.values()) {
      clearTimeout(job.timer);
      job.resolve({ findings: [], unread: why });
    }
    this.jobs.clear();
    if (w) void w.terminate();
  }
}

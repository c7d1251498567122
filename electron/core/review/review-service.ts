import { ViewMemory } from './review-views.js';
import { ReadMemory } from './review-reads.js';
import type { ReadResourceResult } from '../../../shared/schemas/content.js';
import type { GetPromptResult } from '../../../shared/schemas/prompt.js';
import type {
  Baseline,
  Finding,
  PinFile,
  PinState,
  ReviewReport,
  SubjectKind,
  Suppression,
} from '../../../shared/schemas/review.js';
import { buildReport, completeReport, type ServerOutcome } from '../../../shared/review/report.js';
import { subjectTexts, type ReviewServerInput } from '../../../shared/review/review.js';
import { reviewServersInSteps } from '../../../shared/review/review-run.js';
import { reviewInput, summarize } from './review-inputs.js';
import type { ReviewDeps } from './review-deps.js';
import { defaultReviewWorker, reviewOffLoop, ReviewStopped, type OffLoopJob } from './review-off-loop.js';
import { pinFindings, pinStateFindings } from '../../../shared/review/pins.js';
import { parsePins } from '../../../shared/review/review-files.js';
import { CoreError } from '../support/index.js';
import { BaselineStore } from './baseline-store.js';
import { count } from '../../../shared/plain-format.js';

/**
 * How long one review may run in its worker: past it the review stops and says so (`npm run bench` measures 100,000
 * tools).
 */
export const REVIEW_BUDGET_MS = 120_000;
/** How long after the last catalog change the automatic review runs. */
const AUTO_DELAY_MS = 1000;
/** The automatic review runs over at most this many tools in all (about half a second of work in steps). */
const AUTO_MAX_TOOLS = 20_000;

/**
 * The security review of connected servers: every definition, prompt, resource and recent result
 * through the shared rules, offline. The baseline (findings a person accepted, with a reason) lives
 * in the data directory as `review-baseline.json`, in the same format `--baseline` reads, so a team
 * can keep it in a repository.
 */
export class ReviewService {
  /** The findings a person accepted (`review-baseline.json`). */
  readonly baseline: BaselineStore;
  private last: ReviewReport | undefined;
  /**
   * Runs in the order they started, and the start of the one `last` is: two runs at once (the automatic one and one a
   * person asked for) can end in either order, and the one that read the catalog later is the one kept.
   */
  private started = 0;
  private lastStarted = 0;
  /** What the last review read, to show the whole text a finding is about. */
  private read: ReviewServerInput[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** What resource reads and prompt gets returned lately, per server (bounded). */
  private readonly views = new ViewMemory();
  private readonly reads = new ReadMemory(this.views);
  private running: Promise<unknown> | undefined;
  /** Aborted on close: a review under way ends (see reviewOffLoop). */
  private readonly closing = new AbortController();
  /** Per server, the tools that differ from their pins (see unsettledOf). */
  private unsettled = new Map<string, PinState[]>();
  /** Per server, changes to its catalog or pins: a walk that a change overtook is not kept, nor told. */
  private generation = new Map<string, number>();
  /**
   * Where the last review ran and how long it took; why it stopped (`stopped`), or why it did not run in a worker
   * (`why`).
   */
  lastRun:
    { where: 'worker' | 'event-loop'; ms: number; heapPeak?: number; stopped?: string; why?: string } | undefined;

  constructor(private readonly d: ReviewDeps) {
    this.baseline = new BaselineStore(d.dataDir, d.audit);
  }

  /** The pins of the connected servers as a pins file (the data directory's pins, for export or comparison). */
  pinFile(ids: string[]): PinFile {
    const out: PinFile = { version: 1, servers: {} };
    for (const id of ids) {
      this.d.takePins(id); // at first sight, when there are none yet
      const pinned = this.d.pinned(id);
      // A definition its file no longer holds (torn, edited by hand) cannot be exported as pinned: left out.
      if (pinned)
        out.servers[id] = {
          tools: Object.fromEntries([...pinned].flatMap(([name, def]) => (def ? [[name, { definition: def }]] : []))),
        };
    }
    return out;
  }

  /**
   * Imports a pins file into the pins of the connected servers it names; returns the servers imported and those
   * skipped.
   */
  importPins(text: string): { imported: string[]; skipped: string[] } {
    const file = parsePins(text);
    const imported: string[] = [];
    const skipped: string[] = [];
    for (const [id, s] of Object.entries(file.servers)) {
      if (this.d.view(id).status !== 'connected') {
        skipped.push(id);
        continue;
      }
      this.d.importPins(id, Object.fromEntries(Object.entries(s.tools).map(([name, t]) => [name, t.definition])));
      imported.push(id);
    }
    return { imported, skipped };
  }

  /**
   * Reviews the named servers (default: every connected one) together; a server that is not
   * connected is reported as not reviewed. `baseline` replaces the saved one for this run (the
   * CLI's `--baseline`); `pins` is what definitions are compared with: the data directory's pins
   * when absent, a pins file (`--pins`), or null for no comparison.
   */
  async run(serverIds?: string[], baseline?: Baseline, pins?: PinFile | null, auto = false): Promise<ReviewReport> {
    const order = ++this.started;
    const ids = serverIds ?? this.d.serverIds().filter((id) => this.d.view(id).status === 'connected');
    const inputs: ReviewServerInput[] = [];
    const outcomes: ServerOutcome[] = [];
    for (const id of ids) {
      const v = this.d.view(id);
      if (v.status !== 'connected') {
        outcomes.push({
          id,
          error: v.error ? `not connected: ${v.error}` : `not connected (${v.status})`,
          tools: 0,
          prompts: 0,
          resources: 0,
        });
        continue;
      }
      const errors: string[] = [];
      // A tool list that could not be had is not a server with no tools: the review says it could not read them.
      if (v.catalogStale)
        errors.push(
          `the tool list could not be read again (${v.catalogStale}): the tools reviewed are the last ones listed`,
        );
      else if (v.error?.startsWith('tools/list failed')) errors.push(v.error);
      const failedParts: { part: 'prompts' | 'resources'; error: string }[] = [];
      const read = await reviewInput(this.d, id, failedParts, !auto);
      const listed = (read.resources ?? []) as { uri: string; _meta?: Record<string, unknown> }[];
      const views = await this.views.inputs(
        id,
        read.tools,
        listed,
        auto || !this.d.readView ? undefined : (uri) => this.d.readView!(id, uri),
        this.d.viewPin && ((uri, html) => this.d.viewPin!(id, uri, html)),
      );
      const input = { ...read, contents: this.reads.contents(id), views };
      inputs.push(input);
      outcomes.push({
        id,
        name: input.info?.name,
        version: input.info?.version,
        tools: input.tools.length,
        prompts: input.prompts?.length ?? 0,
        resources: (input.resources?.length ?? 0) + (input.templates?.length ?? 0),
        ...(failedParts.length ? { failedParts } : {}),
        ...(errors.length ? { error: errors.join('; ') } : {}),
      });
    }
    // The data directory's pins are compared by fingerprint (pin states); a pins file by definition.
    const extra: Finding[] = [];
    if (pins === undefined) for (const i of inputs) extra.push(...pinStateFindings(await this.unsettledOf(i.id)));
    const report = await this.review({
      inputs,
      outcomes,
      extra,
      baseline: baseline ?? this.baseline.applied(),
      pins: pins ?? null,
      checkSchema: true,
      budgetMs: this.d.budgetMs ?? REVIEW_BUDGET_MS,
      heapMb: this.d.heapMb,
      signal: this.closing.signal,
    });
    const summary = summarize(report);
    const counts = summary.counts;
    // A run that read before the one kept (it ended later) is returned to whoever asked, never kept as the last.
    if (!baseline && order > this.lastStarted) {
      this.lastStarted = order;
      this.read = inputs;
      this.last = report;
      this.d.reviewed(summary);
    }
    // The automatic review after each listing is not audited (it would fill the log); runs a person or a command asks
    // for are.
    if (!auto)
      this.d.audit({
        kind: 'reviewed',
        reason: `${count(report.findings.length)} new findings (${count(counts.high)} high, ${count(counts.medium)} medium, ${count(counts.low)} low), ${count(report.suppressed.length)} accepted`,
        detail: { servers: ids, ...counts, suppressed: report.suppressed.length },
      });
    return report;
  }

  /**
   * The rules over what was read, off the console's loop in a worker when there is one; else (a
   * build without it, a platform without workers) in steps of a few milliseconds on the loop. A
   * review that runs past its budget or fails in the worker is a report whose servers say why.
   */
  private async review(job: OffLoopJob): Promise<ReviewReport> {
    const t0 = performance.now();
    const file = this.d.worker === undefined ? defaultReviewWorker() : this.d.worker;
    let noWorker = file ? undefined : 'no worker was built';
    if (file) {
      try {
        const { report, heapPeak } = await reviewOffLoop(file, job);
        this.lastRun = { where: 'worker', ms: performance.now() - t0, heapPeak };
        return report;
      } catch (e) {
        if (!(e instanceof ReviewStopped)) noWorker = `the worker did not start: ${(e as Error).message}`;
        else {
          this.lastRun = { where: 'worker', ms: performance.now() - t0, stopped: e.message };
          // Nothing was found because nothing was read to the end: no finding, and no accepted one called stale.
          return buildReport(
            job.outcomes.map((o) => ({ ...o, error: o.error ? `${o.error}; ${e.message}` : e.message })),
            [],
          );
        }
      }
    }
    // In steps of a few milliseconds: the core keeps answering calls while thousands of tools are reviewed.
    const pause = () => new Promise<void>((r) => setImmediate(r));
    const findings = await reviewServersInSteps(
      job.inputs,
      { checkSchema: job.checkSchema ? this.d.metaProblems : undefined },
      pause,
    );
    findings.push(...job.extra, ...(job.pins ? pinFindings(job.inputs, job.pins) : []));
    const report = completeReport(job.outcomes, findings, job.baseline);
    this.lastRun = { where: 'event-loop', ms: performance.now() - t0, why: noWorker };
    return report;
  }

  /**
   * Reviews every connected server again shortly after a catalog changed (at most one run at a
   * time, one second after the last change), asking servers nothing: the review is on by default.
   */
  schedule(): void {
    clearTimeout(this.timer);
    // Beyond this many tools the review runs when a person asks (the Review tab, the CLI): it
    // would otherwise compete, on every listing, with the page loading the same catalog.
    const total = this.d.serverIds().reduce((n, id) => n + this.d.rawTools(id).length, 0);
    if (total > AUTO_MAX_TOOLS) return;
    this.timer = setTimeout(() => {
      if (this.running) return this.schedule();
      this.running = this.run(undefined, undefined, undefined, true)
        .catch(() => undefined)
        .finally(() => (this.running = undefined));
    }, AUTO_DELAY_MS);
    this.timer.unref();
  }

  /** Stops the automatic review, and ends a review under way with its worker and timer (on close). */
  stop(): void {
    clearTimeout(this.timer);
    this.closing.abort();
  }

  /**
   * The tools of a server that differ from their pins, as last worked out: every change to the
   * catalog or the pins goes through pinsMayHaveChanged, which forgets it (working it out walks
   * every tool, which at 100,000 tools is too long for one turn of the loop, once per listing and
   * again per review).
   */
  private async unsettledOf(serverId: string): Promise<PinState[]> {
    const known = this.unsettled.get(serverId);
    if (known) return known;
    const generation = this.generation.get(serverId);
    const u = await this.d.unsettledPins(serverId);
    // Kept only when nothing changed while it was worked out.
    if (generation === this.generation.get(serverId)) this.unsettled.set(serverId, u);
    return u;
  }

  /**
   * After a server's catalog changed (or its pins did): tells front ends which tools differ from
   * their pins, so that a changed tool is flagged everywhere until a person pins it again. Off the
   * listing path (next turn of the event loop); the pins are taken at first sight when there are none.
   */
  pinsMayHaveChanged(serverId: string): void {
    this.unsettled.delete(serverId);
    const generation = (this.generation.get(serverId) ?? 0) + 1;
    this.generation.set(serverId, generation);
    setImmediate(() => {
      if (this.d.view(serverId).status !== 'connected') return this.d.pinsChanged(serverId, []);
      this.unsettledOf(serverId).then(
        (u) => generation === this.generation.get(serverId) && this.d.pinsChanged(serverId, u),
        () =>
          undefined /* a pins file that cannot be written is reported when a person pins; the catalog is unaffected */,
      );
    });
  }

  /** Keeps the text of a resource read (each text content; a view's HTML apart) for the next review. */
  rememberRead(serverId: string, uri: string, r: ReadResourceResult): void {
    if (this.reads.read(serverId, uri, r)) this.schedule();
  }

  /** Keeps the text of the messages a prompt got returned for the next review. */
  rememberPrompt(serverId: string, name: string, r: GetPromptResult): void {
    this.reads.prompt(serverId, name, r);
    this.schedule();
  }

  /** The tool definitions of a server exactly as sent (for a pins file). */
  definitions(id: string): Record<string, unknown>[] {
    return [...this.d.rawTools(id)];
  }

  /** The last report, if a review ran in this session. */
  lastReport(): ReviewReport | undefined {
    return this.last;
  }

  /** The whole text at `path` of a definition the last review read (for the view to show the span in place). */
  text(server: string, kind: SubjectKind, subject: string, path: string): string {
    const s = this.read.find((x) => x.id === server);
    const texts = s ? subjectTexts(s, kind, subject) : undefined;
    const t = texts?.find((x) => x.path === path);
    if (!t)
      throw new CoreError(
        'not-found',
        `no text at ${path} of ${kind} ${JSON.stringify(subject)} in the last review of ${server}; run the review again`,
      );
    return t.text;
  }

  /** Accepts a finding of the last report into the baseline, with the person's reason; audited. */
  accept(finding: Finding, reason: string): Suppression {
    // SECURITY: only a finding this core reported can be accepted; a page cannot write arbitrary suppressions.
    const key = (f: Finding) => JSON.stringify([f.rule, f.server, f.kind, f.subject, f.path, f.match]);
    const reported =
      this.baseline.problem || !reason.trim() ? finding : this.last?.findings.find((f) => key(f) === key(finding));
    if (!reported) throw new CoreError('not-found', 'that finding is not in the last review; run the review again');
    return this.baseline.accept(reported, reason);
  }
}

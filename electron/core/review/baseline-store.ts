import { join } from 'node:path';
import { isMissing, readPlacedText, CoreError, writeFileAtomic } from '../support/index.js';
import type { AuditEntry } from '../../../shared/schemas/audit.js';
import type { Baseline, Finding, Suppression } from '../../../shared/schemas/review.js';
import { baselineOf, suppressionFor } from '../../../shared/review/baseline.js';
import { parseBaseline } from '../../../shared/review/review-files.js';

/**
 * The findings a person accepted, each with a reason: `review-baseline.json` in the data directory,
 * in the format `--baseline` reads, so a team can keep it in a repository. Every change is audited.
 */
export class BaselineStore {
  private baseline: Baseline = { version: 1, suppressions: [] };
  /** Why the saved baseline could not be read, when it could not. */
  problem: string | undefined;

  constructor(
    private readonly dataDir: string | null,
    private readonly audit: (entry: Partial<AuditEntry> & Pick<AuditEntry, 'kind'>) => void,
  ) {}

  private get file(): string | null {
    return this.dataDir ? join(this.dataDir, 'review-baseline.json') : null;
  }

  /** Reads the saved baseline; an unreadable one is reported and left on disk untouched. */
  load(): void {
    if (!this.file) return;
    let text: string;
    try {
      text = readPlacedText(this.file, 'the review baseline');
    } catch (e) {
      // None yet is none; one that cannot be read is said, and no finding is treated as accepted.
      if (!isMissing(e)) this.problem = `${(e as Error).message}; no finding is treated as accepted`;
      return;
    }
    try {
      this.baseline = parseBaseline(text);
    } catch (e) {
      this.problem = `review-baseline.json: ${(e as Error).message}; no finding is treated as accepted`;
    }
  }

  private save(): void {
    if (this.file) writeFileAtomic(this.file, JSON.stringify(this.baseline, null, 2) + '\n');
  }

  /** The baseline as saved (for export). */
  current(): Baseline {
    return this.baseline;
  }

  /** What a review applies: the saved baseline, or none while it cannot be read (every finding is new). */
  applied(): Baseline | undefined {
    return this.problem ? undefined : this.baseline;
  }

  /** Accepts a finding the last review reported (the caller checked), with the person's reason; audited. */
  accept(finding: Finding, reason: string): Suppression {
    if (this.problem) throw new CoreError('baseline-unreadable', this.problem);
    if (!reason.trim()) throw new CoreError('reason-required', 'say why this finding is accepted');
    const s = suppressionFor(finding, reason.trim());
    this.baseline = baselineOf([finding], reason.trim(), this.baseline);
    this.save();
    this.audit({
      kind: 'finding-accepted',
      serverId: finding.server,
      tool: finding.kind === 'tool' ? finding.subject : undefined,
      reason: `${finding.rule} at ${finding.path}: ${reason.trim()}`,
      detail: s,
    });
    return s;
  }

  /** Removes a suppression: the finding is new again at the next review; audited. */
  reopen(s: Omit<Suppression, 'reason' | 'acceptedAt'>): void {
    const same = (x: Suppression): boolean =>
      x.rule === s.rule &&
      x.server === s.server &&
      x.kind === s.kind &&
      x.subject === s.subject &&
      x.path === s.path &&
      x.match === s.match;
    if (!this.baseline.suppressions.some(same)) throw new CoreError('not-found', 'no such accepted finding');
    this.baseline = { version: 1, suppressions: this.baseline.suppressions.filter((x) => !same(x)) };
    this.save();
    this.audit({
      kind: 'finding-reopened',
      serverId: s.server,
      reason: `${s.rule} at ${s.path} is no longer accepted`,
      detail: s,
    });
  }

  /** Replaces the baseline with one a person imported (a file from a repository); audited. */
  import(text: string): Baseline {
    const next = parseBaseline(text);
    this.baseline = next;
    this.problem = undefined;
    this.save();
    this.audit({
      kind: 'finding-accepted',
      reason: `baseline imported: ${next.suppressions.length} accepted findings`,
      detail: { count: next.suppressions.length },
    });
    return next;
  }
}

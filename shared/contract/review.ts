import { z } from 'zod';
import { none, ok } from './common.js';
import { REPORT_FORMATS } from '../review/formats.js';
import {
  Baseline,
  Finding,
  FindingPage,
  FindingQuery,
  PinFile,
  PinGroup,
  PinOverview,
  ReviewOverview,
  ReviewSummary,
  SubjectKind,
  Suppression,
} from '../schemas/review.js';
import { ServerId } from '../schemas/server.js';

/** The security review, its baseline, and the pins each tool's definition is compared with. */
export const requests = {
  /**
   * Reviews the connected servers (or those named); the page gets the overview and asks for findings a page at a time.
   */
  'review.run': {
    input: z.object({ serverIds: z.array(ServerId).max(1000).optional() }).strict(),
    output: ReviewOverview,
  },
  'review.last': { input: none, output: ReviewOverview.nullable() },
  /** The last review as a file: Markdown, JSON or SARIF, as `mcp-console review --format` writes it. */
  'review.export': {
    input: z.object({ format: z.enum(REPORT_FORMATS) }).strict(),
    output: z.object({ fileName: z.string(), mimeType: z.string(), text: z.string() }).nullable(),
  },
  /** A page of the last review's findings that pass the filters (null before any review). */
  'review.findings': { input: FindingQuery.strict(), output: FindingPage.nullable() },
  /** The whole text a finding is about, from the definitions the last review read. */
  'review.text': {
    input: z
      .object({ server: ServerId, kind: SubjectKind, subject: z.string().max(10_000), path: z.string().max(10_000) })
      .strict(),
    output: z.object({ text: z.string() }),
  },
  /** Accepts a finding of the last review into the baseline; the core takes only findings it reported. */
  'review.accept': {
    input: z.object({ finding: Finding, reason: z.string().trim().min(1).max(2000) }).strict(),
    output: Suppression,
  },
  'review.reopen': { input: Suppression.omit({ reason: true, acceptedAt: true }).strict(), output: ok },
  'review.baseline': { input: none, output: Baseline },
  'review.importBaseline': { input: z.object({ json: z.string().max(5_000_000) }).strict(), output: Baseline },
  /**
   * A server's pins: counts by state (first-seen, accepted, new, changed, removed), the first tools to look at with
   * their diffs; the same pins decide what agents see.
   */
  'review.pins': { input: z.object({ serverId: ServerId }).strict(), output: PinOverview },
  /** Pins tools again as shown (each with the fingerprint the person saw) and records removals; audited. */
  'review.repin': {
    input: z
      .object({
        serverId: ServerId,
        tools: z.array(z.object({ tool: z.string(), fingerprint: z.string() }).strict()).max(100_000),
        removed: z.array(z.string()).max(100_000),
      })
      .strict(),
    output: PinOverview,
  },
  /**
   * Pins again every tool of a group (all first-seen, or all to look at), if the group is still the one shown (its
   * digest); audited.
   */
  'review.repinAll': {
    input: z.object({ serverId: ServerId, group: PinGroup, digest: z.string().max(100) }).strict(),
    output: PinOverview,
  },
  'review.exportPins': { input: none, output: PinFile },
  'review.importPins': {
    input: z.object({ json: z.string().max(50_000_000) }).strict(),
    output: z.object({ imported: z.array(z.string()), skipped: z.array(z.string()) }),
  },
} as const;

export const events = {
  /** A review finished (the automatic one after each listing, or one a person asked for). */
  'review.updated': ReviewSummary,
} as const;

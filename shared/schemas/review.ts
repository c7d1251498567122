import { z } from 'zod';
import { ToolChange } from './tool.js';

export const Severity = z.enum(['high', 'medium', 'low']);

/** What a finding is about: the server itself, one of its definitions, or a result it returned. */
export const SubjectKind = z.enum(['server', 'tool', 'prompt', 'resource', 'template', 'result']);
export type SubjectKind = z.infer<typeof SubjectKind>;

/** One finding of the review, pointing at the exact span of the text it is about. */
export const Finding = z.object({
  rule: z.string(),
  severity: Severity,
  server: z.string(),
  kind: SubjectKind,
  /** The tool, prompt, resource or template name; the server id for server findings; the call id for results. */
  subject: z.string(),
  /**
   * JSON path of the text inside the definition (`description`, `inputSchema.properties.path.description`); `#name`
   * marks a property name.
   */
  path: z.string(),
  /** UTF-16 offsets of the span inside that text, when the finding is about a span. */
  start: z.number().int().optional(),
  end: z.number().int().optional(),
  message: z.string(),
  /** The span with some context, hidden characters made visible, on one line. */
  excerpt: z.string(),
  /** The matched text itself (hidden characters made visible): what a baseline entry is bound to. */
  match: z.string(),
});
export type Finding = z.infer<typeof Finding>;

/** A finding accepted on purpose: bound to the rule, the place and the exact text, with the reason. */
export const Suppression = z.object({
  rule: z.string(),
  server: z.string(),
  kind: SubjectKind,
  subject: z.string(),
  path: z.string(),
  match: z.string(),
  reason: z.string().min(1),
  acceptedAt: z.string().optional(),
});
export type Suppression = z.infer<typeof Suppression>;

/** A baseline file: the accepted findings a team keeps in its repository. */
export const Baseline = z.object({ version: z.literal(1), suppressions: z.array(Suppression) });
export type Baseline = z.infer<typeof Baseline>;

/** One server's place in a review: reviewed, or why it could not be. */
export const ReviewedServer = z.object({
  id: z.string(),
  name: z.string().optional(),
  version: z.string().optional(),
  status: z.enum(['reviewed', 'failed']),
  error: z.string().optional(),
  tools: z.number().int(),
  prompts: z.number().int(),
  resources: z.number().int(),
  /**
   * Lists the server failed to give (a `resources/list` that needs its database): that part was not reviewed; the
   * server was.
   */
  failedParts: z.array(z.object({ part: z.enum(['prompts', 'resources']), error: z.string() })).optional(),
  /** The highest severity among its new findings; none when clean. */
  /** `unknown`: the server could not be reviewed (or its review was stopped), so no absence of risk is claimed. */
  risk: z.enum(['high', 'medium', 'low', 'none', 'unknown']),
});
export type ReviewedServer = z.infer<typeof ReviewedServer>;

/** A whole review: the servers, their new findings, and those a baseline accepted. */
export const ReviewReport = z.object({
  at: z.string(),
  servers: z.array(ReviewedServer),
  findings: z.array(Finding),
  suppressed: z.array(z.object({ finding: Finding, reason: z.string() })),
  /** Baseline entries that matched nothing (the finding is gone or its text changed). */
  stale: z.array(Suppression),
});
export type ReviewReport = z.infer<typeof ReviewReport>;

const Counts = z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() });

/**
 * A review as the page gets it: everything but its findings (of which there may be one per tool of a
 * server with a hundred thousand), with their number and counts by severity; the findings come a
 * page at a time, filtered by the core (`review.findings`).
 */
export const ReviewOverview = ReviewReport.omit({ findings: true }).extend({ total: z.number().int(), counts: Counts });
export type ReviewOverview = z.infer<typeof ReviewOverview>;

export const RuleFamilyName = z.enum(['hidden', 'poisoning', 'shadowing', 'quality', 'apps', 'pins']);

/** Which findings of the last review, and which page of them (in the report's order: most severe first). */
export const FindingQuery = z.object({
  minSeverity: Severity.optional(),
  family: RuleFamilyName.optional(),
  rule: z.string().max(20).optional(),
  server: z.string().max(200).optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(1000),
});
export type FindingQuery = z.infer<typeof FindingQuery>;

/** One page of the matching findings, with how many match in all, from the review made `at`. */
export const FindingPage = z.object({ at: z.string(), total: z.number().int(), findings: z.array(Finding) });
export type FindingPage = z.infer<typeof FindingPage>;

/** One pinned definition: exactly as the server sent it when it was pinned. */
export const PinnedTool = z.object({ definition: z.record(z.string(), z.unknown()), pinnedAt: z.string().optional() });

/**
 * A pins file: per server id, the tool definitions a person accepted, to compare a live server
 * with (`mcp-console review --pins`), kept in a repository beside the baseline.
 */
export const PinFile = z.object({
  version: z.literal(1),
  servers: z.record(z.string(), z.object({ tools: z.record(z.string(), PinnedTool) })),
});
export type PinFile = z.infer<typeof PinFile>;

/**
 * Where one tool stands against its pin: pinned at first sight and unchanged, accepted by a person
 * and unchanged, new since the pins were taken, changed (with the diff), or pinned but removed.
 */
export const PinState = z.object({
  serverId: z.string(),
  tool: z.string(),
  state: z.enum(['first-seen', 'accepted', 'new', 'changed', 'removed']),
  /** The live definition's fingerprint (absent for a removed tool). */
  fingerprint: z.string().optional(),
  pinnedAt: z.string().optional(),
  diff: ToolChange.optional(),
});
export type PinState = z.infer<typeof PinState>;

/**
 * A server's pins as the page gets them: counts by state, the first of the tools to look at (new,
 * changed with the diff, removed), and for each bulk action the digest of exactly the tools it
 * covers (what the person was shown; the core acts only if that is still so).
 */
export const PinOverview = z.object({
  serverId: z.string(),
  counts: z.object({
    'first-seen': z.number().int(),
    accepted: z.number().int(),
    new: z.number().int(),
    changed: z.number().int(),
    removed: z.number().int(),
  }),
  unsettled: z.array(PinState),
  digests: z.object({ 'first-seen': z.string(), unsettled: z.string() }),
});
export type PinOverview = z.infer<typeof PinOverview>;
export const PinGroup = z.enum(['first-seen', 'unsettled']);
export type PinGroup = z.infer<typeof PinGroup>;

/**
 * After each review: when, the counts of new findings, and each tool's worst medium or high finding (for the catalog).
 */
export const ReviewSummary = z.object({
  at: z.string(),
  counts: Counts,
  tools: z.array(z.object({ serverId: z.string(), tool: z.string(), severity: Severity, count: z.number().int() })),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

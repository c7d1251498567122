import type { Finding, SubjectKind } from '../schemas/review.js';
import { crossServerHits, type CrossServerInput } from './cross-server.js';
import { contradictionHits, toolQualityHits } from './quality.js';
import { openDefaults } from './intent-defaults.js';
import { viewHits } from './views.js';
import { toolUi } from '../apps.js';
import { ruleById } from './rules.js';
import { promptTexts, resourceTexts, toolTexts, type DefinitionText } from './texts.js';
import {
  Collector,
  LARGE_TOOL_CHARS,
  type ReviewOptions,
  type ReviewServerInput,
  SLICE_MS,
  STEP,
  type ServerHead,
  compareFindings,
  excerptOf,
  nameOf,
  reveal,
  sameSentence,
  subjectTexts,
  textSize,
} from './review.js';

/*
 * Running a review: whole (reviewServers), in steps, or fed a batch at a time (ReviewRun, which the worker uses). What
 * each text yields is review.ts's.
 */

/**
 * Reviews servers together: every per-server rule, then the cross-server ones (shadowing,
 * confusable names, mentions of another server's tools). Pure and offline; nothing is sent anywhere.
 */
export function reviewServers(servers: readonly ReviewServerInput[], opts: ReviewOptions = {}): Finding[] {
  const run = new ReviewRun(opts);
  for (const _ of reviewSteps(servers, run));
  return run.finish();
}

/**
 * The same review in steps of a few milliseconds, awaiting `pause` between them, so that a caller's
 * event loop (the core's, a page's) keeps answering while thousands of tools are reviewed.
 */
export async function reviewServersInSteps(
  servers: readonly ReviewServerInput[],
  opts: ReviewOptions,
  pause: () => Promise<void>,
): Promise<Finding[]> {
  const run = new ReviewRun(opts);
  for (const _ of reviewSteps(servers, run)) await pause();
  return run.finish();
}

/** Each server's rules in steps: a pause before a large tool, after STEP tools or after SLICE_MS of work. */
function* reviewSteps(servers: readonly ReviewServerInput[], run: ReviewRun): Generator<void> {
  for (const s of servers) {
    run.begin(s);
    let since = 0;
    let sliceStart = performance.now();
    for (let i = 0; i < s.tools.length; i++) {
      const tool = s.tools[i]!;
      if (i > 0 && (since >= STEP || textSize(tool) > LARGE_TOOL_CHARS || performance.now() - sliceStart > SLICE_MS)) {
        yield;
        since = 0;
        sliceStart = performance.now();
      }
      since++;
      run.tool(tool);
    }
    yield* run.end();
    yield;
  }
}

/** One server being reviewed: its head, what finds its spans, and what the cross-server rules keep of it. */
interface OpenServer {
  head: ServerHead;
  c: Collector;
  missing: Map<string, number>;
  cross: CrossServerInput;
}

/**
 * One review fed piece by piece: a server's head (`begin`), its tools in any number of batches
 * (`tool`), its other subjects (`end`), then the cross-server rules and the order (`finish`). The
 * in-process review and the review worker share it; it keeps no tool once reviewed, only the name
 * and description the cross-server rules read.
 */
export class ReviewRun {
  readonly findings: Finding[] = [];
  private readonly servers: CrossServerInput[] = [];
  private open: OpenServer | undefined;

  constructor(private readonly opts: ReviewOptions = {}) {}

  /** Starts a server (ending the one before): what it says about itself is read now. */
  begin(head: ServerHead): void {
    for (const _ of this.end());
    const c = new Collector(head.id, this.findings);
    c.texts('server', head.id, subjectTexts({ ...head, tools: [] }, 'server', head.id) ?? []);
    const missing = new Map<string, number>();
    for (const r of head.results ?? []) if (r.structuredMissing) missing.set(r.tool, (missing.get(r.tool) ?? 0) + 1);
    const cross: CrossServerInput = {
      id: head.id,
      name: head.info?.name,
      version: head.info?.version,
      instructions: head.instructions,
      tools: [],
    };
    this.servers.push(cross);
    this.open = { head, c, missing, cross };
  }

  /** Every per-tool rule for one tool of the server begun last. */
  tool(tool: Record<string, unknown>): void {
    const o = this.open;
    if (!o) throw new Error('a tool was reviewed before its server began');
    const name = nameOf(tool);
    const description = typeof tool.description === 'string' ? tool.description : undefined;
    o.cross.tools.push({ name, description });
    o.c.texts('tool', name, toolTexts(tool));
    for (const h of openDefaults(tool)) o.c.field('tool', name, h.path, 'P09', h.message, 'medium');
    for (const h of contradictionHits(tool))
      o.c.span('tool', name, { path: 'description', text: description ?? '' }, { rule: 'P08', ...h });
    const ctx = {
      checkSchema: this.opts.checkSchema,
      excluded: o.head.excluded?.[name],
      missingStructured: o.missing.get(name),
      budgetBytes: this.opts.budgetBytes ?? 16_384,
    };
    for (const h of toolQualityHits(tool, ctx)) o.c.field('tool', name, h.path, h.rule, h.message, h.severity);
    for (const p of toolUi(tool).problems) o.c.field('tool', name, '_meta.ui', 'A07', p);
  }

  /**
   * The server's other subjects (prompts, resources, what reads and gets returned, results), pausing after SLICE_MS of
   * work.
   */
  *end(): Generator<void> {
    const o = this.open;
    if (!o) return;
    this.open = undefined;
    const s = { ...o.head, tools: [] };
    type Subject = [SubjectKind, string, () => DefinitionText[]];
    const rest: Subject[] = [
      ...(s.prompts ?? []).map((p): Subject => ['prompt', nameOf(p), () => promptTexts(p)]),
      ...(s.resources ?? []).map((r): Subject => ['resource', nameOf(r, 'uri'), () => resourceTexts(r)]),
      ...(s.contents ?? []).map((got): Subject => [
        got.kind,
        got.subject,
        () => got.texts.map((t) => ({ ...t, role: 'prose' as const })),
      ]),
      ...(s.templates ?? []).map((r): Subject => ['template', nameOf(r, 'uriTemplate'), () => resourceTexts(r)]),
      ...(s.results ?? []).map((r): Subject => ['result', r.callId, () => subjectTexts(s, 'result', r.callId) ?? []]),
    ];
    let sliceStart = performance.now();
    for (const [kind, subject, texts] of rest) {
      if (performance.now() - sliceStart > SLICE_MS) {
        yield;
        sliceStart = performance.now();
      }
      o.c.texts(kind, subject, texts());
    }
    for (const v of s.views ?? [])
      for (const h of viewHits(v)) o.c.field('resource', v.uri, h.path, h.rule, h.message, h.severity, h.excerpt);
  }

  /** The cross-server rules over every server begun, then every finding in order. */
  finish(): Finding[] {
    for (const _ of this.end());
    const findings = this.findings;
    const hits = crossServerHits(this.servers);
    const byId = new Map(this.servers.map((s) => [s.id, s]));
    const descriptions = new Map<string, Map<string, string | undefined>>();
    const descriptionOf = (server: CrossServerInput, tool: string) => {
      let m = descriptions.get(server.id);
      if (!m) descriptions.set(server.id, (m = new Map(server.tools.map((t) => [t.name, t.description]))));
      return m.get(tool);
    };
    // A sentence the cross-server rules explained (a tool of another server steered) is not told twice.
    const steered = hits.filter((h) => h.rule === 'S03' && h.start !== undefined);
    const told = (f: Finding) =>
      f.rule === 'P09' &&
      steered.some(
        (h) => h.server === f.server && (h.tool ?? h.server) === f.subject && h.path === f.path && sameSentence(h, f),
      );
    if (steered.length) findings.splice(0, findings.length, ...findings.filter((f) => !told(f)));
    for (const h of hits) {
      const server = byId.get(h.server);
      const source = h.tool === undefined ? server?.instructions : server && descriptionOf(server, h.tool);
      const text = h.start !== undefined ? source : undefined;
      findings.push({
        rule: h.rule,
        severity: h.severity ?? ruleById(h.rule).severity,
        server: h.server,
        kind: h.tool !== undefined ? 'tool' : 'server',
        subject: h.tool ?? h.server,
        path: h.path,
        ...(text !== undefined
          ? {
              start: h.start,
              end: h.end,
              excerpt: excerptOf(text, h.start!, h.end!),
              match: reveal(text.slice(h.start, h.end)),
            }
          : { excerpt: '', match: h.tool ?? '' }),
        message: h.message,
      });
    }
    return findings.sort(compareFindings);
  }
}

import { mixedScriptHits } from './confusables.js';
import { defaultSendsOut, nameAsks } from './intent-names.js';
import type { Finding, SubjectKind } from '../schemas/review.js';
import { CANDIDATE, hiddenHits, type Hit } from './hidden.js';
import { poisoningHits } from './poisoning.js';
import { resultHits } from './result-read.js';
import { wordingHit } from './wording-hit.js';
import { jobOf } from './intent-job.js';
import { ownNames } from './own-names.js';
import type { IntentOptions } from './intent.js';
import { type ReviewViewInput } from './views.js';
import { ruleById, SEVERITY_RANK, type Severity } from './rules.js';
import { promptTexts, resourceTexts, toolTexts, type DefinitionText, type TextRole } from './texts.js';
import { compareText, count } from '../plain-format.js';

/** One server as the review sees it: what it says about itself and everything it serves. */
export interface ReviewServerInput {
  id: string;
  info?: { name?: string; title?: string; version?: string };
  instructions?: string;
  tools: Record<string, unknown>[];
  prompts?: Record<string, unknown>[];
  resources?: Record<string, unknown>[];
  templates?: Record<string, unknown>[];
  /** Text a tool returned, from the history: scanned like any other text a model reads. */
  results?: { callId: string; tool: string; texts: string[]; structuredMissing?: boolean }[];
  /** Text a resource read or a prompt got returned (its contents, its messages): read by the model like any other. */
  contents?: { kind: 'resource' | 'prompt'; subject: string; texts: { path: string; text: string }[] }[];
  /** Tools left out of the callable set, by name, with the reason (an invalid `x-mcp-header`). */
  excluded?: Record<string, string>;
  /** The MCP App views its tools link: what each declares it may reach, and its document when read. */
  views?: ReviewViewInput[];
}

/** A server without its tools: what a review begins with before the tools come, in batches. */
export type ServerHead = Omit<ReviewServerInput, 'tools'>;

export interface ReviewOptions {
  /** Problems of a JSON Schema against its meta-schema (the core passes its validator). */
  checkSchema?: (schema: unknown) => string[];
  /** Definition size budget in bytes of canonical JSON (default 16 KiB). */
  budgetBytes?: number;
}

const CONTEXT = 40;
const MAX_SPAN = 160;
/** Every character the hidden-content rules look at, made visible in excerpts. */
const INVISIBLE = new RegExp(CANDIDATE.source, 'gu');

/** Text made visible on one line: every invisible character as ⟦U+XXXX⟧, line breaks as ⏎. */
export function reveal(text: string): string {
  return text
    .replace(INVISIBLE, (c) => `⟦U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟧`)
    .replace(/\r?\n/g, '⏎');
}

function clip(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}…(${s.length} characters)` : s;
}

export function excerptOf(text: string, start: number, end: number): string {
  const before = reveal(text.slice(Math.max(0, start - CONTEXT), start));
  const after = reveal(text.slice(end, end + CONTEXT));
  const b = before.length > CONTEXT * 1.5 ? `…${before.slice(-CONTEXT)}` : `${start > CONTEXT ? '…' : ''}${before}`;
  const a =
    after.length > CONTEXT * 1.5 ? `${after.slice(0, CONTEXT)}…` : `${after}${end + CONTEXT < text.length ? '…' : ''}`;
  return `${b}«${clip(reveal(text.slice(start, end)), MAX_SPAN)}»${a}`;
}

/** Hits of one rule that overlap or touch are one finding. */
function merge<T extends Hit & { severity?: Severity }>(hits: T[]): T[] {
  if (hits.length < 2) return hits;
  const sorted = [...hits].sort((x, y) => compareText(x.rule, y.rule) || x.start - y.start);
  const out: T[] = [];
  for (const h of sorted) {
    const last = out[out.length - 1];
    // Two spans of one rule that touch are one finding, as loud as the louder (a low note beside a medium
    // errand in the next sentence must not swallow it) and saying what the louder says.
    if (last && last.rule === h.rule && h.start <= last.end + 1) {
      last.end = Math.max(last.end, h.end);
      const of = (x: T): number => SEVERITY_RANK[x.severity ?? ruleById(x.rule).severity];
      if (of(h) > of(last)) Object.assign(last, { severity: h.severity, message: h.message });
    } else out.push({ ...h });
  }
  return out;
}

/**
 * How much of one text the pattern rules read. The hidden-character rules read it whole (one linear
 * scan); the pattern rules stop here, so that a megabyte of server text costs a bounded time.
 */
export const MAX_PATTERN_CHARS = 65_536;

const PARAM =
  /^inputSchema(?:\.properties\.(?:[A-Za-z_$][\w$]*|\["[^"]*"\])|\.items)*\.properties\.([A-Za-z_$][\w$]*)\.description$/;

/** Where a text stands, when that changes how the intent reader weighs it (see IntentOptions.place). */
function placeOf(t: DefinitionText): IntentOptions {
  // A title is a label: read like a value (a sentence there reaching two strong things is an errand).
  if (t.role === 'value' || t.path === 'title' || t.path === 'annotations.title') return { place: 'value' };
  if (t.path.startsWith('outputSchema')) return { place: 'output' };
  const param =
    t.path.startsWith('inputSchema') && t.path.endsWith('.description') ? PARAM.exec(t.path)?.[1] : undefined;
  return param ? { place: 'param', param } : {};
}

/** What a tool's description is read with (IntentOptions: its job, its own names, its name's stems), and its name. */
type ReadWith = Pick<IntentOptions, 'job' | 'own' | 'named'> & { tool?: string; result?: boolean };

/** The rules that read a text, by how it is read; a cut is a finding of its own (H12). */
function textHits(t: DefinitionText, w: ReadWith = {}): (Hit & { severity?: Severity })[] {
  const read = t.text.length > MAX_PATTERN_CHARS ? t.text.slice(0, MAX_PATTERN_CHARS) : t.text;
  // What a tool returned is read as the result scan reads it (result-read.ts): one reading, wherever it is shown.
  if (w.result) return resultHits(read);
  const hits: (Hit & { severity?: Severity })[] = hiddenHits(t.text, t.role);
  if (t.role !== 'pattern') hits.push(...mixedScriptHits(read));
  // A parameter's name is read by the model as well: one asking for a secret's contents is an order.
  const asks = t.role === 'name' && t.path.endsWith('#name') ? nameAsks(t.text) : undefined;
  if (asks) hits.push({ rule: 'P09', start: 0, end: t.text.length, ...asks });
  const sends = t.role === 'value' ? defaultSendsOut(t.path, t.text) : undefined;
  if (sends) hits.push({ rule: 'P09', start: 0, end: t.text.length, ...sends });
  if (t.role === 'prose' || t.role === 'value') {
    const opts = placeOf(t);
    if (w.job) opts.job = w.job;
    if (w.own) opts.own = w.own;
    if (w.named) opts.named = w.named;
    const found = poisoningHits(read, opts);
    hits.push(...found.hits);
    if (found.cut)
      hits.push({
        rule: 'H12',
        start: 0,
        end: Math.min(read.length, 80),
        message: `the pattern rules stopped after ${found.cut}`,
      });
  }
  // A tool's description no rule read an order in is read by the trained model too (P10, wording.ts).
  const worded = w.tool && t.path === 'description' ? wordingHit(read, w.tool, hits) : undefined;
  if (worded) hits.push(worded);
  // Only what was read can be said to ask nothing: a text cut short keeps its padding loud.
  if (read === t.text) quietPadding(hits);
  if (read !== t.text)
    hits.push({
      rule: 'H12',
      start: MAX_PATTERN_CHARS,
      end: Math.min(t.text.length, MAX_PATTERN_CHARS + 80),
      message: `${count(t.text.length)} characters: the pattern rules read the first ${count(MAX_PATTERN_CHARS)}; the rest was not reviewed`,
    });
  return merge(hits);
}

const roleless = (role: TextRole): boolean => role === 'name';

/** The longest run of padding that may be layout (a docstring's continuation indent is 40–80 characters). */
const LAYOUT_RUN = 120;
/** How far after a run of padding a louder finding makes the padding part of hiding it. */
const PADDING_REACH = 1_000;

/**
 * Padding under LAYOUT_RUN characters is high when what it pushes out of view asks something (a finding at medium or
 * above starts within PADDING_REACH characters after it); else it is layout (a docstring's wrapped line, "next set
 * of <49 spaces> paginated results") and a note. Sorted starts and a binary search: n log n in the hits.
 */
function quietPadding(hits: (Hit & { severity?: Severity })[]): void {
  if (!hits.some((h) => h.rule === 'H10')) return;
  const loud = hits
    .filter((h) => h.rule !== 'H10' && SEVERITY_RANK[h.severity ?? ruleById(h.rule).severity] >= SEVERITY_RANK.medium)
    .map((h) => h.start)
    .sort((a, b) => a - b);
  for (const h of hits) {
    // A run longer than a wrapped line's indent is no layout, whatever follows it.
    if (h.rule !== 'H10' || h.severity || h.end - h.start >= LAYOUT_RUN) continue;
    let lo = 0;
    let hi = loud.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (loud[mid]! < h.end) lo = mid + 1;
      else hi = mid;
    }
    if (lo < loud.length && loud[lo]! <= h.end + PADDING_REACH) continue;
    h.severity = 'low';
    h.message += '; what they push out of view asks nothing of the model';
  }
}

export class Collector {
  constructor(
    private readonly server: string,
    readonly findings: Finding[],
  ) {}

  span(kind: SubjectKind, subject: string, t: { path: string; text: string }, h: Hit & { severity?: Severity }): void {
    this.findings.push({
      rule: h.rule,
      severity: h.severity ?? ruleById(h.rule).severity,
      server: this.server,
      kind,
      subject,
      path: t.path,
      start: h.start,
      end: h.end,
      message: h.message,
      excerpt: excerptOf(t.text, h.start, h.end),
      match: reveal(t.text.slice(h.start, h.end)),
    });
  }

  field(
    kind: SubjectKind,
    subject: string,
    path: string,
    rule: string,
    message: string,
    severity?: Severity,
    excerpt = '',
  ): void {
    this.findings.push({
      rule,
      severity: severity ?? ruleById(rule).severity,
      server: this.server,
      kind,
      subject,
      path,
      message,
      excerpt,
      match: '',
    });
  }

  /**
   * Every rule over one subject's texts. A sentence repeated across its schemas (one note copied
   * into twelve nested descriptions) is one finding, at its first place, naming the others.
   */
  texts(kind: SubjectKind, subject: string, texts: DefinitionText[]): void {
    const first = new Map<string, { finding: Finding; also: string[] }>();
    // A tool's job (its name and first sentence): what its description may ask for without being an errand; read only
    // when a sentence has an act's word. A parameter's text says what its option does ("Remove all script tags") and
    // is read beside the tool's name only ("The ID of the workspace to force unlock").
    let read: ReadonlySet<string> | undefined;
    const job =
      kind === 'tool'
        ? () => (read ??= jobOf(subject, texts.find((t) => t.path === 'description')?.text ?? ''))
        : undefined;
    // The names the tool itself has: its own and its parameters' (a sentence naming them names no other tool).
    let ownRead: ReadonlySet<string> | undefined;
    const own = kind === 'tool' ? () => (ownRead ??= ownNames(subject, texts)) : undefined;
    let nameRead: ReadonlySet<string> | undefined;
    const named = kind === 'tool' ? () => (nameRead ??= jobOf(subject, '')) : undefined;
    const all: ReadWith = kind === 'tool' ? { job: job!, own: own!, named: named!, tool: subject } : {};
    const rest: ReadWith = kind === 'result' ? { result: true } : own ? { own } : {};
    const param = (t: DefinitionText): ReadWith => (own && placeOf(t).place === 'param' ? { own, named } : rest);
    for (const t of texts)
      for (const h of textHits(t, t.path === 'description' ? all : param(t))) {
        if (roleless(t.role) && h.rule.startsWith('P') && h.rule !== 'P09') continue;
        const key = `${h.rule}\u0000${h.severity ?? ''}\u0000${t.text.slice(h.start, h.end)}`;
        const seen = first.get(key);
        // The same sentence in another text of the subject is told once; twice in one text, twice.
        if (seen && seen.finding.path !== t.path) {
          seen.also.push(t.path);
          continue;
        }
        this.span(kind, subject, t, h);
        first.set(key, { finding: this.findings[this.findings.length - 1]!, also: [] });
      }
    for (const { finding, also } of first.values()) {
      if (!also.length) continue;
      const shown = also.slice(0, 3).join(', ');
      finding.message += ` (the same text stands in ${also.length} more place${also.length > 1 ? 's' : ''}: ${shown}${also.length > 3 ? ', …' : ''})`;
    }
  }
}

export function nameOf(item: Record<string, unknown>, key = 'name'): string {
  const v = item[key];
  return typeof v === 'string' ? v : JSON.stringify(v ?? null);
}

/** Tools reviewed between two pauses of an asynchronous review at most (a few milliseconds of work). */
export const STEP = 250;
/** Work between two pauses at most, in milliseconds: many large tools pause as often as this. */
export const SLICE_MS = 8;
/** A tool with more text than this is a step of its own (its text alone may take tens of milliseconds). */
export const LARGE_TOOL_CHARS = 65_536;

/** Characters of a tool's description and title (what makes one tool slow to review). */
export function textSize(tool: Record<string, unknown>): number {
  return (
    (typeof tool.description === 'string' ? tool.description.length : 0) +
    (typeof tool.title === 'string' ? tool.title.length : 0)
  );
}

/** The texts of one subject of a server as the rules read them (each with its path), or undefined. */
export function subjectTexts(s: ReviewServerInput, kind: SubjectKind, subject: string): DefinitionText[] | undefined {
  const pick = (
    items: Record<string, unknown>[] | undefined,
    key: string,
    texts: (x: Record<string, unknown>) => DefinitionText[],
  ) => {
    const item = items?.find((x) => nameOf(x, key) === subject);
    return item ? texts(item) : undefined;
  };
  if (kind === 'tool') return pick(s.tools, 'name', toolTexts);
  const read = (k: 'resource' | 'prompt') =>
    s.contents
      ?.filter((c) => c.kind === k && c.subject === subject)
      .flatMap((c) => c.texts.map((t) => ({ ...t, role: 'prose' as const }))) ?? [];
  if (kind === 'prompt' || kind === 'resource') {
    const listed = kind === 'prompt' ? pick(s.prompts, 'name', promptTexts) : pick(s.resources, 'uri', resourceTexts);
    const got = read(kind);
    return listed || got.length ? [...(listed ?? []), ...got] : undefined;
  }
  if (kind === 'template') return pick(s.templates, 'uriTemplate', resourceTexts);
  if (kind === 'result') {
    const r = s.results?.find((x) => x.callId === subject);
    return r?.texts.map((text, i) => ({ path: `content[${i}].text`, text, role: 'prose' as const }));
  }
  if (subject !== s.id) return undefined;
  const out: DefinitionText[] = [];
  if (s.instructions) out.push({ path: 'instructions', text: s.instructions, role: 'prose' });
  if (s.info?.name) out.push({ path: 'serverInfo.name', text: s.info.name, role: 'name' });
  if (s.info?.title) out.push({ path: 'serverInfo.title', text: s.info.title, role: 'prose' });
  return out;
}

/** Two spans within one sentence's reach of each other (a sentence is at most 600 characters). */
export function sameSentence(a: { start?: number; end?: number }, b: { start?: number; end?: number }): boolean {
  return a.start !== undefined && b.start !== undefined && Math.abs(a.start - b.start) < 600;
}

/** Orders findings for people: most severe first, then by server, subject and place. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
    compareText(a.server, b.server) ||
    compareText(a.subject, b.subject) ||
    compareText(a.path, b.path) ||
    (a.start ?? 0) - (b.start ?? 0) ||
    compareText(a.rule, b.rule)
  );
}

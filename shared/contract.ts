import { z } from 'zod';
import { EVENT_NAMES, REQUEST_NAMES } from './contract-names.js';
import { REPORT_FORMATS } from './review/formats.js';
import { ListFacts, ServerListFacts } from './schemas/list-facts.js';
import { DoctorReport, ServerConfig, ServerId, ServerSettingsPatch, ServerView } from './schemas/server.js';
import { ElicitationAnswer, ElicitationView } from './schemas/elicitation.js';
import { TraceEntry, TracePage } from './schemas/trace.js';
import { LogLevel, LogPage } from './schemas/log.js';
import { CompleteInput, Completion } from './schemas/completion.js';
import { CatalogChange, ToolView } from './schemas/tool.js';
import { Approval, CallRecord, DecideInput, Progress, ValidationError } from './schemas/call.js';
import { AuditEntry, AuditQuery, AuditVerifyResult, Settings, SettingsPatch } from './schemas/audit.js';
import { ReadResourceResult } from './schemas/content.js';
import { ConsentKind, ConsentRecord } from './schemas/consent.js';
import { ResourceTemplateView, ResourceView } from './schemas/resource.js';
import { GetPromptResult, PromptView } from './schemas/prompt.js';
import { AgentName, AgentView, GatewayInfo, GrantView, NewAgent, PendingTool } from './schemas/agent.js';
import { AuthPrompt, AuthView } from './schemas/auth.js';
import {
  Baseline,
  Finding,
  FindingPage,
  FindingQuery,
  PinFile,
  PinGroup,
  PinOverview,
  PinState,
  ReviewOverview,
  ReviewSummary,
  SubjectKind,
  Suppression,
} from './schemas/review.js';

const none = z.object({}).strict();
const byServer = z.object({ serverId: ServerId }).strict();
const ok = z.object({ ok: z.literal(true) });

/**
 * Every request a front end may make of the core: name -> input and output schema.
 * Inputs are parsed with these schemas at every boundary; outputs are typed from them.
 */
export const requests = {
  'servers.list': { input: none, output: z.array(ServerView) },
  'servers.add': { input: z.object({ id: ServerId, config: ServerConfig, settings: ServerSettingsPatch.optional() }).strict(), output: ServerView },
  'servers.update': {
    input: z.object({ serverId: ServerId, config: ServerConfig.optional(), settings: ServerSettingsPatch.optional() }).strict(),
    output: ServerView,
  },
  'servers.remove': { input: byServer, output: ok },
  'servers.import': {
    input: z.object({ json: z.string().max(5_000_000) }).strict(),
    output: z.object({ added: z.array(z.string()), replaced: z.array(z.string()), warnings: z.array(z.string()) }),
  },
  'servers.connect': { input: byServer, output: ServerView },
  'servers.disconnect': { input: byServer, output: ServerView },
  'servers.status': { input: byServer, output: ServerView },
  'servers.stderr': { input: byServer, output: z.object({ lines: z.array(z.string()), dropped: z.number().int() }) },
  'tools.list': {
    input: z
      .object({ serverId: ServerId.optional(), offset: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(100_000).optional() })
      .strict(),
    output: z.array(ToolView),
  },
  'tools.get': { input: z.object({ serverId: ServerId, name: z.string() }).strict(), output: ToolView },
  'tools.validate': {
    input: z.object({ serverId: ServerId, name: z.string(), args: z.unknown() }).strict(),
    output: z.object({ status: z.enum(['valid', 'invalid', 'unchecked']), errors: z.array(ValidationError) }),
  },
  'tools.changes': { input: z.object({ serverId: ServerId.optional() }).strict(), output: z.array(CatalogChange) },
  'calls.request': {
    input: z.object({ serverId: ServerId, tool: z.string().min(1), args: z.record(z.string(), z.unknown()), asTask: z.boolean().optional() }).strict(),
    output: CallRecord,
  },
  'calls.cancel': { input: z.object({ callId: z.string() }).strict(), output: CallRecord },
  'calls.list': { input: none, output: z.array(CallRecord) },
  'calls.get': { input: z.object({ callId: z.string() }).strict(), output: CallRecord },
  'calls.wait': { input: z.object({ callId: z.string() }).strict(), output: CallRecord },
  'approvals.pending': { input: none, output: z.array(Approval) },
  'approvals.decide': { input: DecideInput.strict(), output: Approval },
  'resources.read': { input: z.object({ serverId: ServerId, uri: z.string().max(8192) }).strict(), output: ReadResourceResult },
  'resources.list': {
    input: z
      .object({
        serverId: ServerId,
        refresh: z.boolean().optional(),
        offset: z.number().int().min(0).optional(),
        limit: z.number().int().min(1).max(100_000).optional(),
      })
      .strict(),
    output: z.array(ResourceView),
  },
  'resources.templates': { input: byServer, output: z.array(ResourceTemplateView) },
  'resources.expand': {
    input: z.object({ uriTemplate: z.string().min(1).max(8192), values: z.record(z.string(), z.string()).optional() }).strict(),
    output: z.object({ variables: z.array(z.string()), uri: z.string() }),
  },
  'resources.subscribe': { input: z.object({ serverId: ServerId, uri: z.string().max(8192) }).strict(), output: z.array(z.string()) },
  'resources.unsubscribe': { input: z.object({ serverId: ServerId, uri: z.string().max(8192) }).strict(), output: z.array(z.string()) },
  'lists.facts': { input: byServer, output: ServerListFacts },
  'prompts.list': { input: z.object({ serverId: ServerId, refresh: z.boolean().optional() }).strict(), output: z.array(PromptView) },
  'prompts.get': {
    input: z.object({ serverId: ServerId, name: z.string().min(1), arguments: z.record(z.string(), z.string()).optional() }).strict(),
    output: GetPromptResult,
  },
  'elicitations.list': { input: none, output: z.array(ElicitationView) },
  'elicitations.answer': { input: ElicitationAnswer, output: ElicitationView },
  'servers.ping': { input: byServer, output: z.object({ method: z.string(), ms: z.number() }) },
  'servers.doctor': { input: byServer, output: DoctorReport },
  'completions.complete': { input: CompleteInput, output: Completion },
  'logs.list': {
    input: z
      .object({
        serverId: ServerId,
        since: z.number().int().min(0).optional(),
        minLevel: LogLevel.optional(),
        text: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(5000).optional(),
      })
      .strict(),
    output: LogPage,
  },
  'logs.setLevel': { input: z.object({ serverId: ServerId, level: LogLevel }).strict(), output: z.object({ level: LogLevel, how: z.string() }) },
  'trace.list': {
    input: z
      .object({
        serverId: ServerId,
        since: z.number().int().min(0).optional(),
        method: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(5000).optional(),
        /** Without the messages: rows for a list (a trace keeps up to 8 MB of them per server); `trace.get` gives one whole. */
        brief: z.boolean().optional(),
      })
      .strict(),
    output: TracePage,
  },
  'trace.get': { input: z.object({ serverId: ServerId, seq: z.number().int().min(0) }).strict(), output: TraceEntry },
  /** Everything the trace holds for a server as JSONL (one entry a line), for a file. */
  'trace.export': { input: byServer, output: z.object({ jsonl: z.string(), entries: z.number().int() }) },
  'trace.clear': { input: byServer, output: z.object({ ok: z.literal(true) }) },
  'links.open': { input: z.object({ url: z.string().max(8192) }).strict(), output: z.object({ opened: z.boolean() }) },
  'audit.query': { input: AuditQuery.strict(), output: z.array(AuditEntry) },
  'audit.verify': { input: none, output: AuditVerifyResult },
  'consents.list': { input: none, output: z.array(ConsentRecord) },
  'consents.revoke': { input: z.object({ serverId: ServerId, kind: ConsentKind.optional() }).strict(), output: z.object({ revoked: z.number().int() }) },
  'settings.get': { input: none, output: Settings },
  'settings.update': { input: SettingsPatch, output: Settings },
  /** What the console found wrong when it started (its audit log, a config file): the desktop app shows it in a dialog, the page in a banner. */
  'console.problems': { input: none, output: z.array(z.string().max(10_000)).max(100) },
  'agents.list': { input: none, output: z.array(AgentView) },
  'agents.add': { input: z.object({ name: AgentName, servers: z.array(ServerId).max(1000) }).strict(), output: NewAgent },
  'agents.setServers': { input: z.object({ name: AgentName, servers: z.array(ServerId).max(1000) }).strict(), output: AgentView },
  'agents.revoke': { input: z.object({ name: AgentName }).strict(), output: AgentView },
  'agents.pendingTools': { input: none, output: z.array(PendingTool) },
  'agents.acceptTools': {
    input: z
      .object({
        serverId: ServerId,
        tools: z
          .array(z.object({ tool: z.string(), fingerprint: z.string() }).strict())
          .min(1)
          .max(100_000),
      })
      .strict(),
    output: z.array(PendingTool),
  },
  'agents.gateway': { input: none, output: GatewayInfo },
  'grants.list': { input: none, output: z.array(GrantView) },
  'grants.revoke': { input: z.object({ id: z.string().max(100) }).strict(), output: GrantView },
  /** Reviews the connected servers (or those named); the page gets the overview and asks for findings a page at a time. */
  'review.run': { input: z.object({ serverIds: z.array(ServerId).max(1000).optional() }).strict(), output: ReviewOverview },
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
    input: z.object({ server: ServerId, kind: SubjectKind, subject: z.string().max(10_000), path: z.string().max(10_000) }).strict(),
    output: z.object({ text: z.string() }),
  },
  /** Accepts a finding of the last review into the baseline; the core takes only findings it reported. */
  'review.accept': { input: z.object({ finding: Finding, reason: z.string().trim().min(1).max(2000) }).strict(), output: Suppression },
  'review.reopen': { input: Suppression.omit({ reason: true, acceptedAt: true }).strict(), output: ok },
  'review.baseline': { input: none, output: Baseline },
  'review.importBaseline': { input: z.object({ json: z.string().max(5_000_000) }).strict(), output: Baseline },
  /** A server's pins: counts by state (first-seen, accepted, new, changed, removed), the first tools to look at with their diffs; the same pins decide what agents see. */
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
  /** Pins again every tool of a group (all first-seen, or all to look at), if the group is still the one shown (its digest); audited. */
  'review.repinAll': { input: z.object({ serverId: ServerId, group: PinGroup, digest: z.string().max(100) }).strict(), output: PinOverview },
  'review.exportPins': { input: none, output: PinFile },
  'review.importPins': {
    input: z.object({ json: z.string().max(50_000_000) }).strict(),
    output: z.object({ imported: z.array(z.string()), skipped: z.array(z.string()) }),
  },
  /** A server's authorization: mode, signed in or not, issuer, scope, expiry, the auth debugger's steps (never a token). */
  'auth.status': { input: byServer, output: AuthView },
  /** The sign-ins waiting for a person to open their URL. */
  'auth.prompts': { input: none, output: z.array(AuthPrompt) },
  /** Gives up on a sign-in: the connection attempt ends with that reason. */
  'auth.cancel': { input: z.object({ id: z.string().max(100) }).strict(), output: ok },
  /** Signs in again: forgets the tokens (not the registered client) and connects, which asks the person. */
  'auth.signIn': { input: byServer, output: ServerView },
  /** Revokes the tokens where the authorization server allows it, and deletes everything kept for the server. */
  'auth.signOut': { input: byServer, output: AuthView },
} as const;

/** Every event the core pushes to front ends: name -> payload schema. */
export const events = {
  'server.status': ServerView,
  'server.removed': z.object({ serverId: z.string() }),
  'server.stderr': z.object({ serverId: z.string(), lines: z.array(z.string()) }),
  /**
   * A server's catalog changed. Large catalogs arrive in chunks (`chunk` set): the first replaces,
   * the next ones add, the last completes and carries the whole `change` (the others, and every
   * chunk of an initial listing, carry it without its lists); a chunk of another `stream` than the
   * latest is stale.
   */
  'catalog.changed': z.object({
    change: CatalogChange,
    tools: z.array(ToolView),
    chunk: z.object({ index: z.number().int(), count: z.number().int(), stream: z.number().int() }).optional(),
  }),
  'approval.requested': Approval,
  'approval.resolved': Approval,
  'call.updated': CallRecord,
  'call.progress': z.object({ callId: z.string(), progress: Progress }),
  'resource.updated': z.object({ serverId: z.string(), uri: z.string(), at: z.string() }),
  /** A server said its resources or prompts changed; the console listed them again (`facts.diff`: what changed). */
  'list.changed': z.object({ serverId: z.string(), kind: z.enum(['resources', 'prompts']), facts: ListFacts }),
  'elicitation.requested': ElicitationView,
  'elicitation.resolved': ElicitationView,
  'audit.appended': AuditEntry,
  'consents.changed': z.object({ consents: z.array(ConsentRecord) }),
  'agents.changed': z.object({ agents: z.array(AgentView) }),
  /** A server's tools that differ from their pins (new, changed, removed), after each listing and each re-pin. */
  /** Which tools of a server differ from their pins, by name and state (the diffs are asked for with review.pins). */
  'pins.changed': z.object({ serverId: z.string(), unsettled: z.array(PinState.pick({ tool: true, state: true })) }),
  /** A review finished (the automatic one after each listing, or one a person asked for). */
  'review.updated': ReviewSummary,
  'grants.changed': z.object({ grants: z.array(GrantView) }),
  /** A sign-in waits for a person: show the whole URL and its host before anything opens it. */
  'auth.prompt': AuthPrompt,
  /** A sign-in ended (signed in, refused, cancelled or expired): its dialog closes. */
  'auth.promptClosed': z.object({ id: z.string(), serverId: z.string() }),
  'auth.updated': AuthView,
} as const;

export type RequestName = keyof typeof requests;
export type EventName = keyof typeof events;
export type RequestInput<N extends RequestName> = z.input<(typeof requests)[N]['input']>;
export type ParsedInput<N extends RequestName> = z.output<(typeof requests)[N]['input']>;
export type RequestOutput<N extends RequestName> = z.output<(typeof requests)[N]['output']>;
export type EventPayload<N extends EventName> = z.output<(typeof events)[N]>;

/** The error shape that crosses every boundary: a code and a message, never a stack. */
export interface ContractError {
  code: string;
  message: string;
}

/** The reply to a request on every transport. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: ContractError };

type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** contract-names.ts lists exactly these requests and events: a name added here and not there fails the build. */
const namesMatch: [Exactly<RequestName, (typeof REQUEST_NAMES)[number]>, Exactly<EventName, (typeof EVENT_NAMES)[number]>] = [true, true];
void namesMatch;
/** The names of all requests, in contract order (`contract-names.test.ts` checks the order). */
export const requestNames: readonly RequestName[] = REQUEST_NAMES;
/** The names of all events, in contract order. */
export const eventNames: readonly EventName[] = EVENT_NAMES;

/** Parses one request's input; throws a ContractError-shaped error naming the bad field. */
export function parseInput<N extends RequestName>(name: N, input: unknown): ParsedInput<N> {
  const schema = requests[name]?.input;
  if (!schema) throw Object.assign(new Error(`unknown request ${JSON.stringify(name)}`), { code: 'unknown-request' });
  const r = schema.safeParse(input ?? {});
  if (!r.success) {
    throw Object.assign(new Error(`invalid input for ${name}: ${formatIssues(r.error.issues)}`), { code: 'invalid-input' });
  }
  return r.data as ParsedInput<N>;
}

/** Formats zod issues as `path: message; …`, naming each bad field. */
export function formatIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix = ''): string {
  return issues
    .slice(0, 5)
    .map((i) => {
      const path = i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
      const where = (prefix + path).replace(/^\./, '') || '(root)';
      return `${where}: ${i.message}`;
    })
    .join('; ');
}

import type { CollectionRuns } from './collections/index.js';
import type { ReadResourceResult } from '../../shared/schemas/content.js';
import { type Settings, type AuditEntry, type AuditQuery, type AuditVerifyResult } from '../../shared/schemas/audit.js';
import type { Approval, CallRecord, Decider, DecideInput } from '../../shared/schemas/call.js';
import type { ConsentKind, ConsentRecord } from '../../shared/schemas/consent.js';
import { CONSOLE_USER, type Requester } from '../../shared/schemas/requester.js';
import type { ResourceTemplateView, ResourceView } from '../../shared/schemas/resource.js';
import { type ServerSettings, type ServerConfig, type ServerView } from '../../shared/schemas/server.js';
import type { CatalogChange, ToolView } from '../../shared/schemas/tool.js';
import type { RequestInput, RequestName, RequestOutput } from '../../shared/contract/index.js';
import type { CompleteInput, Completion } from '../../shared/schemas/completion.js';
import type { TraceEntry } from '../../shared/schemas/trace.js';
import type { Baseline, PinFile, ReviewReport } from '../../shared/schemas/review.js';
import type { ElicitationAnswer, ElicitationView } from '../../shared/schemas/elicitation.js';
import { applySettings, loadConfigFile } from './config/index.js';
import { pageOf } from '../../shared/list-page.js';
import type { AgentGateway } from './agents/index.js';
import { closeParts, composeCore, startParts, type CoreParts } from './compose.js';
import type { CoreOptions } from './core-options.js';
import { answerRequests, dispatch, type HandlerOptions, type Handlers } from './handlers.js';
import { CoreError, loadSdk, type AnyListener } from './support/index.js';
import { complete } from './catalog/index.js';
import { argsVerdict, type ArgsVerdict } from './calls/index.js';

const partsOfCore = new WeakMap<ConsoleCore, CoreParts>();

/** What the agent gateway host uses of the core: who an agent is, what it sees, its calls through the gate. */
export type AgentDoor = Pick<
  AgentGateway,
  'authenticate' | 'active' | 'onVisibleChanged' | 'onRevoked' | 'watchFile' | 'prepare' | 'call' | 'tools' | 'viewList' | 'readView'
>;

/**
 * The MCP Console core, as the hosts see it: its lifecycle and events, the contract's handlers for
 * each front end, and a few direct methods the command line, the gateway and the tests use. It
 * holds no service of its own: composeCore (compose.ts) builds every part, and each concern
 * answers its own requests (answerRequests).
 */
export class ConsoleCore {
  private readonly p: CoreParts;

  constructor(opts: CoreOptions) {
    this.p = composeCore(opts);
    partsOfCore.set(this, this.p);
  }

  /** The handlers of every contract request for one front end (its requester, its own overrides). */
  handlers(opts: HandlerOptions): Handlers {
    return { ...answerRequests(this.p, opts.requester), ...opts.overrides };
  }

  /** One request of the contract, as a front end makes it (parsed, bounded, answered by its concern); a refusal throws. */
  async ask<N extends RequestName>(name: N, input: RequestInput<N>, requester: Requester = CONSOLE_USER): Promise<RequestOutput<N>> {
    const reply = await dispatch(this.handlers({ requester }), name, input);
    if (!reply.ok) throw new CoreError(reply.error.code, reply.error.message);
    return reply.value as RequestOutput<N>;
  }

  /** What the agent gateway uses: agents, what each sees, their calls through the gate. */
  agentDoor(): AgentDoor {
    return this.p.agents;
  }

  /** Collection runs: the command line's `test` asks for them, decides their scope and waits for them. */
  collectionRuns(): CollectionRuns {
    return this.p.collections.runs;
  }

  /** Lets the console's page on these origins show MCP App views; resolves with the views' own origin (for the page's frame-src). */
  serveViews(pageOrigins: string[]): Promise<string> {
    return this.p.apps.serveTo(pageOrigins);
  }

  /**
   * A person's front end is open: what their first action needs is loaded now, while they look.
   * That is the MCP SDK, which a `serve` with no page (or a command that connects nothing) leaves
   * out; without this, the first connect would wait about 40 ms for it.
   */
  frontEndOpened(): void {
    loadSdk().catch(() => undefined); // a failed load is tried again, and reported, by the connect that needs it
  }

  /** Loads saved servers and settings and opens the audit log. Problems are reported (and recorded), not thrown. */
  start(): string[] {
    return startParts(this.p);
  }

  /** Adds the servers of a host config file for this run only (not saved). Returns their ids, the disabled ones and warnings. */
  loadConfig(text: string): { ids: string[]; disabled: string[]; warnings: string[] } {
    return loadConfigFile(text, { store: this.p.store, consent: this.p.consent, consents: this.p.consents, record: (f) => this.p.trail.record(f) });
  }

  /** Ends every call still open, disconnects every server and closes the audit log; resolves once nothing more is written. */
  close(): Promise<void> {
    return closeParts(this.p);
  }

  /** Subscribes to every event of the contract; returns the unsubscribe function. */
  onEvent(listener: AnyListener): () => void {
    return this.p.bus.on(listener);
  }

  /** The settings every server shares. */
  settings(): Settings {
    return this.p.store.settings;
  }

  listServers(): ServerView[] {
    return this.p.store.list().map((e) => this.p.connections.view(e.id));
  }

  /** What every front end shows of a server. */
  view(id: string): ServerView {
    return this.p.connections.view(id);
  }

  addServer(id: string, config: ServerConfig, settings: Partial<ServerSettings> = {}, saved = true): ServerView {
    return this.p.admin.add(id, config, settings, saved);
  }

  /** Changes a server. A new identity (command, args, env, cwd, URL, header names) drops its session grants and reconnects it. */
  updateServer(id: string, config?: ServerConfig, settings?: Partial<ServerSettings>): Promise<ServerView> {
    return this.p.admin.update(id, config, settings);
  }

  /** Lists the consents people gave (launch and trust), per server identity. */
  listConsents(): ConsentRecord[] {
    return this.p.consents.list();
  }

  /** Forgets a server's consents: a revoked launch disconnects it, a revoked trust drops trust and auto-approval. */
  revokeConsent(serverId: string, kind?: ConsentKind): Promise<{ revoked: number }> {
    return this.p.admin.revokeConsent(serverId, kind);
  }

  /** Removes a server (its sign-in stays sealed under its identity until signed out: added again, it is still signed in). */
  removeServer(id: string): Promise<void> {
    return this.p.admin.remove(id);
  }

  /** Imports a pasted host config into the saved servers; same ids are replaced. */
  importServers(json: string): Promise<{ added: string[]; replaced: string[]; warnings: string[] }> {
    return this.p.admin.import(json);
  }

  /** Connects (or reconnects) a server and lists its tools. A failure is reported in the returned view. */
  connect(id: string, era?: ServerSettings['era']): Promise<ServerView> {
    return this.p.connections.connect(id, era);
  }

  disconnect(id: string): Promise<ServerView> {
    return this.p.connections.disconnect(id);
  }

  /** The server's stderr kept so far and how many lines fell off. */
  stderr(id: string): { lines: string[]; dropped: number } {
    return this.p.connections.stderr(id);
  }

  /** Forgets a server's live tools without telling anyone (pins stay): the next listing is built afresh, as on connect (the benchmark's cold listing). */
  forgetCatalog(id: string): void {
    this.p.catalog.drop(id);
  }

  /** Lists a server's tools again (serialised: a change during a walk triggers one more walk). */
  refreshCatalog(id: string, reason: CatalogChange['reason']): Promise<void> {
    return this.p.sync.refresh(id, reason);
  }

  /** A page of the live tools of one server (or all), in server order. */
  tools(serverId?: string, offset?: number, limit?: number): ToolView[] {
    return pageOf(this.p.catalog.tools(serverId), offset, limit);
  }

  /** One live tool, or undefined. */
  findTool(serverId: string, name: string): ToolView | undefined {
    return this.p.catalog.get(serverId, name);
  }

  /** One live tool; an unknown one is an error. */
  tool(serverId: string, name: string): ToolView {
    return this.p.catalog.must(serverId, name);
  }

  /** The definition exactly as the server sent it. */
  rawTool(serverId: string, name: string): Record<string, unknown> | undefined {
    return this.p.catalog.raw(serverId, name);
  }

  /** The recent catalog changes, oldest first. */
  toolChanges(serverId?: string): CatalogChange[] {
    return this.p.catalog.changesOf(serverId);
  }

  /** Asks for a call on behalf of `requestedBy`; nothing is sent without a decision for exactly these arguments. */
  requestCall(serverId: string, tool: string, args: Record<string, unknown>, requestedBy: Requester, opts?: { asTask?: boolean }): CallRecord {
    return this.p.calls.request(serverId, tool, args, requestedBy, opts);
  }

  /** Applies a decision on a pending approval: a person's (`user`), the command line's `--yes`, or a refusal when nobody can be asked (`system`). */
  decide(input: DecideInput, decidedBy: Extract<Decider, 'user' | 'cli-flag' | 'system'>): Approval {
    return this.p.calls.decide(input, decidedBy);
  }

  pendingApprovals(): Approval[] {
    return this.p.calls.pending();
  }

  /** One approval, pending or decided (while it is remembered). */
  approval(id: string): Approval | undefined {
    return this.p.calls.approval(id);
  }

  cancelCall(callId: string): CallRecord {
    return this.p.calls.cancel(callId);
  }

  listCalls(): CallRecord[] {
    return this.p.calls.list();
  }

  getCall(callId: string): CallRecord {
    return this.p.calls.get(callId);
  }

  /** Resolves when the call has an outcome. */
  waitCall(callId: string): Promise<CallRecord> {
    return this.p.calls.wait(callId);
  }

  queryAudit(q: AuditQuery): AuditEntry[] {
    return this.p.trail.query(q);
  }

  verifyAudit(): AuditVerifyResult {
    return this.p.trail.verify();
  }

  /** Checks arguments against a tool's inputSchema here in the core, where server schemas are compiled under limits. */
  validateArgs(serverId: string, name: string, args: unknown): ArgsVerdict {
    return argsVerdict(this.p.validator, this.p.catalog.must(serverId, name).inputSchema, args);
  }

  /** Reads one resource for `requestedBy`; recorded in the audit log. */
  readResource(serverId: string, uri: string, requestedBy: Requester): Promise<ReadResourceResult> {
    return this.p.resources.read(serverId, uri, requestedBy);
  }

  /** A page of a server's resources (every page walked, kept until its list changes; `refresh` walks again). */
  async listResources(serverId: string, opts: { refresh?: boolean; offset?: number; limit?: number } = {}): Promise<ResourceView[]> {
    return pageOf((await this.p.resources.list(serverId, opts.refresh)).resources, opts.offset, opts.limit);
  }

  /** A server's resource templates (RFC 6570). */
  async resourceTemplates(serverId: string): Promise<ResourceTemplateView[]> {
    return (await this.p.resources.list(serverId)).templates;
  }

  /** Suggestions for a prompt's argument or a resource template's variable (completion/complete). */
  complete(input: CompleteInput): Promise<Completion> {
    return complete(this.p.server, input);
  }

  /** Reviews the connected servers (or those named) against a baseline and pins (the desktop app's own unless given): the whole report, as the command line writes it. */
  review(serverIds?: string[], baseline?: Baseline, pins?: PinFile | null): Promise<ReviewReport> {
    return this.p.review.run(serverIds, baseline, pins);
  }

  /** Answers a server's question (elicitation) on behalf of `requester`; content that does not fit its schema is refused. */
  answerQuestion(answer: ElicitationAnswer, requester: Requester): ElicitationView {
    return this.p.elicitations.answer(answer, requester);
  }

  /** Forgets a server's tokens (not its registered client): connecting next asks the person to sign in again. */
  dropTokens(serverId: string): void {
    this.p.auth.dropTokens(serverId);
  }

  /** A server's tool definitions as the review read them. */
  reviewedDefinitions(serverId: string): Record<string, unknown>[] {
    return this.p.review.definitions(serverId);
  }

  /** Follows the protocol trace: each message of every server as it is recorded; returns the unsubscribe function. */
  followTrace(listener: (e: TraceEntry) => void): () => void {
    return this.p.trace.subscribe(listener);
  }

  updateSettings(patch: Partial<Settings>): Settings {
    return applySettings(this.p.store, patch, (f) => this.p.trail.record(f));
  }
}

/** The core's handler for every request of the contract, for one front end (see ConsoleCore.handlers). */
export function makeHandlers(core: ConsoleCore, opts: HandlerOptions): Handlers {
  return core.handlers(opts);
}

/** A core's parts, for tests and benchmarks only (electron/core/testing.ts; hosts cannot import this file). */
export function partsOf(core: ConsoleCore): CoreParts {
  return partsOfCore.get(core)!;
}

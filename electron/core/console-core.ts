import { join } from 'node:path';
import type { ReadResourceResult } from '../../shared/schemas/content.js';
import { type Settings, type AuditEntry, type AuditQuery, type AuditVerifyResult } from '../../shared/schemas/audit.js';
import type { Approval, CallRecord, Decider, DecideInput } from '../../shared/schemas/call.js';
import type { ConsentKind, ConsentRecord } from '../../shared/schemas/consent.js';
import type { Requester } from '../../shared/schemas/requester.js';
import type { ResourceTemplateView, ResourceView } from '../../shared/schemas/resource.js';
import { type ServerSettings, type ServerConfig, type ServerView } from '../../shared/schemas/server.js';
import type { CatalogChange, ToolView } from '../../shared/schemas/tool.js';
import { pageOf } from '../../shared/list-page.js';
import { AuditLog, AuditTrail, argsKeeper } from './audit/index.js';
import { argsVerdict, CallManager, SchemaValidator, type ArgsVerdict } from './calls/index.js';
import { Catalog, CatalogSync, complete, IconFetcher, ListWatch, PromptLists, ResourceLists, ResourceSubscriptions } from './catalog/index.js';
import type { CompleteInput, Completion } from '../../shared/schemas/completion.js';
import { applySettings, ConsentFlow, ConsentStore, loadConfigFile, ServerStore } from './config/index.js';
import { checkProblems, Elicitations } from './elicitation/index.js';
import { Connections } from './servers/index.js';
import { TraceLog } from './trace/index.js';
import { ServerAdmin } from './server-admin.js';
import { LogBook } from './logs/index.js';
import { PolicyStore } from './approvals/index.js';
import type { AgentGateway, ToolAcceptance } from './agents/index.js';
import type { ReviewService } from './review/index.js';
import { wireTrust } from './trust-wiring.js';
import type { CoreOptions } from './core-options.js';
import { AuthService } from './auth/index.js';
import { CoreError, EventBus, type AnyListener } from './support/index.js';

/**
 * The MCP Console core: servers and their connections, the live catalog, approval-gated calls and
 * the audit log. Plain Node; every front end (Electron IPC, browser mode, command line) drives it
 * through the contract's handlers.
 */
export class ConsoleCore {
  private readonly bus = new EventBus();
  private readonly store: ServerStore;
  private readonly catalog: Catalog;
  private readonly audit: AuditLog;
  private readonly trail: AuditTrail;
  private readonly calls: CallManager;
  readonly consents: ConsentStore;
  private readonly consent: ConsentFlow;
  private readonly validator = new SchemaValidator();
  private readonly connections: Connections;
  private readonly sync: CatalogSync;
  private readonly resources: ResourceLists;
  /** A server's prompts: list (every page) and get, recorded with who asked. */
  readonly prompts: Pick<PromptLists, 'list' | 'get'>;
  /** The resources people watch (resources/subscribe) and their updated events. */
  readonly subscriptions: ResourceSubscriptions;
  /** Suggestions for a prompt's argument or a resource template's variable (completion/complete). */
  readonly complete: (input: CompleteInput) => Promise<Completion>;
  /** Each server's protocol trace: every message both ways, bounded; the command line follows it live. */
  readonly trace = new TraceLog();
  /** A round trip to a server, and the connection doctor's report. */
  readonly diagnose: Pick<Connections, 'ping' | 'doctor' | 'setLogLevel'>;
  readonly logs = new LogBook(); // each server's log messages, stderr and the console's notes about it
  /** What servers ask the person (elicitation): waiting and recent questions, and the answers people give. */
  readonly elicitations: Pick<Elicitations, 'list' | 'pending' | 'answer'>;
  /** Each server's lists (tools, resources, prompts): when listed, cache hints, what changed. */
  readonly lists: Pick<ListWatch, 'facts'>;
  private readonly watch: ListWatch;
  private readonly admin: ServerAdmin;
  private readonly policies: PolicyStore;
  /** The approval gateway: agents, what each sees, and their calls through the gate. */
  readonly agents: AgentGateway;
  /** The security review of connected servers, and the baseline of accepted findings. */
  readonly review: ReviewService;
  /** Remote servers' OAuth: sign-in, sign-out, the auth debugger. */
  readonly auth: AuthService;
  /** Each tool's pinned definition per server identity: what agents see and what the review compares with. */
  readonly pins: Pick<ToolAcceptance, 'states' | 'repin' | 'idle'>;

  // eslint-disable-next-line max-lines-per-function -- the composition root: to move into a file of its own
  constructor(opts: CoreOptions) {
    this.store = new ServerStore(opts.dataDir);
    this.consents = new ConsentStore(opts.dataDir, opts.consent ?? null, () => this.bus.emit('consents.changed', { consents: this.consents.list() }));
    this.consent = new ConsentFlow({
      store: this.store,
      consents: this.consents,
      record: (f) => this.trail.record(f),
      announce: (id) => void this.connections.announce(id),
      retrust: (id) => this.admin.retrust(id),
      disconnect: (id) => this.disconnect(id),
    });
    this.catalog = new Catalog(join(opts.dataDir, 'pins'));
    this.audit = new AuditLog(join(opts.dataDir, 'audit.jsonl'), { fsync: opts.auditFsync ?? true, io: opts.auditIo });
    this.trail = new AuditTrail(this.audit, this.bus);
    this.policies = new PolicyStore(opts.dataDir, () => this.bus.emit('grants.changed', { grants: this.policies.list() }));
    this.calls = new CallManager({
      server: (id) => this.connections.facts(id),
      catalog: this.catalog,
      trail: this.trail,
      validator: this.validator,
      bus: this.bus,
      approvalTimeoutMs: () => this.store.settings.approvalTimeoutMs,
      limits: () => this.store.settings,
      keepArgs: argsKeeper(opts.dataDir, () => this.store.settings.keepLargeArgs, this.trail),
      maxRetainedResultBytes: () => this.store.settings.maxRetainedResultBytes,
      catalogSettling: (id) => this.sync.settling(id),
      answerInput: (id, method, params, signal) => this.connections.answerInput(id, method, params, signal),
      policies: this.policies,
      // Declared below; called only once a call ends, long after the constructor.
      ended: (callId) => elicitations.callEnded(callId),
    });
    this.sync = new CatalogSync({
      store: this.store,
      catalog: this.catalog,
      trail: this.trail,
      bus: this.bus,
      icons: opts.icons ?? new IconFetcher(),
      client: (id) => this.connections.client(id),
      headerRules: (id) => this.connections.modernHttp(id),
      changed: (change) => (this.calls.catalogChanged(change), this.review.pinsMayHaveChanged(change.serverId), this.review.schedule()),
      announce: (id) => void this.connections.announce(id),
    });
    this.auth = new AuthService({ ...opts.auth, dataDir: opts.dataDir, trail: this.trail, bus: this.bus, server: (id) => this.store.get(id) });
    this.connections = new Connections({
      auth: (id) => this.auth.session(id),
      store: this.store,
      consents: this.consents,
      consent: this.consent,
      catalog: this.catalog,
      sync: this.sync,
      trail: this.trail,
      bus: this.bus,
      listChanged: (id, kind) => this.watch.changed(id, kind),
      resourceUpdated: (id, uri) => this.subscriptions.updated(id, uri),
      watched: (id) => this.subscriptions.list(id),
      elicit: (id, params, signal) => elicitations.ask(id, params, signal),
      sample: (id, params, signal) => elicitations.sample(id, params, signal),
      elicitationComplete: (id, elicitationId) => elicitations.completed(id, elicitationId) !== undefined,
      ended: (id, reason) => (elicitations.dropServer(id, reason), this.subscriptions.drop(id)),
      trace: (id, r) => this.trace.record(id, r),
      logs: this.logs,
    });
    this.diagnose = this.connections;
    const elicitations = new Elicitations({
      trail: this.trail,
      bus: this.bus,
      check: (schema, content) => checkProblems(this.validator, schema, content),
      server: (id) => this.connections.facts(id),
      running: (id) => this.calls.running(id),
    });
    this.elicitations = elicitations;
    const server = (id: string) => {
      const entry = this.store.get(id);
      return entry && { entry, client: this.connections.client(id) };
    };
    const got = (id: string, uri: string, r: ReadResourceResult) => this.review.rememberRead(id, uri, r);
    this.resources = new ResourceLists({ server, trail: this.trail, pinDir: join(opts.dataDir, 'pins'), got });
    const prompts = new PromptLists({ server, trail: this.trail, got: (id, name, r) => this.review.rememberPrompt(id, name, r) });
    this.prompts = prompts;
    const era = (id: string) => this.connections.view(id).era;
    this.subscriptions = new ResourceSubscriptions({ server, trail: this.trail, bus: this.bus, era, relisten: (id) => this.connections.relisten(id) });
    this.complete = (input) => complete(server, input);
    this.admin = new ServerAdmin({
      store: this.store,
      consent: this.consent,
      consents: this.consents,
      trail: this.trail,
      bus: this.bus,
      connections: this.connections,
      calls: this.calls,
      catalog: this.catalog,
      sync: this.sync,
      internalError: (what, e) => this.trail.internalError(what, e),
    });
    const identity = (id: string) => this.store.get(id)?.identity;
    this.lists = this.watch = new ListWatch({ resources: this.resources, prompts, sync: this.sync, bus: this.bus, trail: this.trail, identity });
    ({
      pins: this.pins,
      agents: this.agents,
      review: this.review,
    } = wireTrust({
      dataDir: opts.dataDir,
      bus: this.bus,
      trail: this.trail,
      store: this.store,
      connections: this.connections,
      catalog: this.catalog,
      calls: this.calls,
      policies: this.policies,
      validator: this.validator,
      prompts,
      resources: this.resources,
      review: opts.review,
    }));
  }

  /** Loads saved servers and settings and opens the audit log. Problems are reported, not thrown. */
  start(): string[] {
    this.store.load();
    this.consents.load();
    this.audit.open();
    this.consent.dropUnconfirmedTrust();
    this.policies.load();
    this.review.baseline.load();
    const found = [
      ...this.store.problems,
      ...this.consents.problems,
      this.policies.problem,
      this.review.baseline.problem,
      this.auth.problem,
      this.agents.store.problem,
    ];
    const problems = found.filter((p): p is string => !!p);
    for (const p of problems) this.trail.record({ kind: 'config', reason: p });
    return this.audit.warning ? [...problems, this.audit.warning] : problems;
  }

  /** Adds the servers of a host config file for this run only (not saved). Returns their ids, the disabled ones and warnings. */
  loadConfig(text: string): { ids: string[]; disabled: string[]; warnings: string[] } {
    return loadConfigFile(text, { store: this.store, consent: this.consent, consents: this.consents, record: (f) => this.trail.record(f) });
  }

  /** Ends every call still open, disconnects every server and closes the audit log. */
  async close(): Promise<void> {
    this.calls.stop();
    this.agents.close();
    this.review.stop();
    await this.connections.closeAll();
    this.catalog.flushPins();
    this.audit.close(); // and what it still writes is waited for: nothing lands in the data directory after close()
    await Promise.all([this.audit.idle(), this.pins.idle()]);
  }

  /** Subscribes to every event of the contract; returns the unsubscribe function. */
  onEvent(listener: AnyListener): () => void {
    return this.bus.on(listener);
  }

  /** The settings every server shares. */
  settings(): Settings {
    return this.store.settings;
  }

  listServers(): ServerView[] {
    return this.store.list().map((e) => this.view(e.id));
  }

  /** What every front end shows of a server. */
  view(id: string): ServerView {
    return this.connections.view(id);
  }

  addServer(id: string, config: ServerConfig, settings: Partial<ServerSettings> = {}, saved = true): ServerView {
    return this.admin.add(id, config, settings, saved);
  }

  /** Changes a server. A new identity (command, args, env, cwd, URL, header names) drops its session grants and reconnects it. */
  updateServer(id: string, config?: ServerConfig, settings?: Partial<ServerSettings>): Promise<ServerView> {
    return this.admin.update(id, config, settings);
  }

  /** Lists the consents people gave (launch and trust), per server identity. */
  listConsents(): ConsentRecord[] {
    return this.consents.list();
  }

  /** Forgets a server's consents: a revoked launch disconnects it, a revoked trust drops trust and auto-approval. */
  revokeConsent(serverId: string, kind?: ConsentKind): Promise<{ revoked: number }> {
    return this.admin.revokeConsent(serverId, kind);
  }

  /** Removes a server (its sign-in stays sealed under its identity until signed out: added again, it is still signed in). */
  async removeServer(id: string): Promise<void> {
    await this.admin.remove(id);
    this.auth.forget(id);
  }

  /** Imports a pasted host config into the saved servers; same ids are replaced. */
  importServers(json: string): Promise<{ added: string[]; replaced: string[]; warnings: string[] }> {
    return this.admin.import(json);
  }

  /** Connects (or reconnects) a server and lists its tools. A failure is reported in the returned view. */
  connect(id: string, era?: ServerSettings['era']): Promise<ServerView> {
    return this.connections.connect(id, era);
  }

  disconnect(id: string): Promise<ServerView> {
    return this.connections.disconnect(id);
  }

  /** The server's stderr kept so far and how many lines fell off. */
  stderr(id: string): { lines: string[]; dropped: number } {
    return this.connections.stderr(id);
  }

  /** Forgets a server's live tools without telling anyone (pins stay): the next listing is built afresh, as on connect (the benchmark's cold listing). */
  forgetCatalog(id: string): void {
    this.catalog.drop(id);
  }

  /** Lists a server's tools again (serialised: a change during a walk triggers one more walk). */
  refreshCatalog(id: string, reason: CatalogChange['reason']): Promise<void> {
    return this.sync.refresh(id, reason);
  }

  /** A page of the live tools of one server (or all), in server order. */
  tools(serverId?: string, offset?: number, limit?: number): ToolView[] {
    return pageOf(this.catalog.tools(serverId), offset, limit);
  }

  /** One live tool, or undefined. */
  findTool(serverId: string, name: string): ToolView | undefined {
    return this.catalog.get(serverId, name);
  }

  /** One live tool; an unknown one is an error. */
  tool(serverId: string, name: string): ToolView {
    const t = this.catalog.get(serverId, name);
    if (!t) throw new CoreError('unknown-tool', `server ${JSON.stringify(serverId)} offers no tool ${JSON.stringify(name)}`);
    return t;
  }

  /** The definition exactly as the server sent it. */
  rawTool(serverId: string, name: string): Record<string, unknown> | undefined {
    return this.catalog.raw(serverId, name);
  }

  /** The recent catalog changes, oldest first. */
  toolChanges(serverId?: string): CatalogChange[] {
    return this.catalog.changes.toArray().filter((c) => serverId === undefined || c.serverId === serverId);
  }

  /** Asks for a call on behalf of `requestedBy`; nothing is sent without a decision for exactly these arguments. */
  requestCall(serverId: string, tool: string, args: Record<string, unknown>, requestedBy: Requester, opts?: { asTask?: boolean }): CallRecord {
    return this.calls.request(serverId, tool, args, requestedBy, opts);
  }

  /** Applies a decision on a pending approval: a person's (`user`), the command line's `--yes`, or a refusal when nobody can be asked (`system`). */
  decide(input: DecideInput, decidedBy: Extract<Decider, 'user' | 'cli-flag' | 'system'>): Approval {
    return this.calls.decide(input, decidedBy);
  }

  pendingApprovals(): Approval[] {
    return this.calls.pending();
  }

  /** One approval, pending or decided (while it is remembered). */
  approval(id: string): Approval | undefined {
    return this.calls.approval(id);
  }

  cancelCall(callId: string): CallRecord {
    return this.calls.cancel(callId);
  }

  listCalls(): CallRecord[] {
    return this.calls.list();
  }

  getCall(callId: string): CallRecord {
    return this.calls.get(callId);
  }

  /** Resolves when the call has an outcome. */
  waitCall(callId: string): Promise<CallRecord> {
    return this.calls.wait(callId);
  }

  queryAudit(q: AuditQuery): AuditEntry[] {
    return this.trail.query(q);
  }

  verifyAudit(): AuditVerifyResult {
    return this.trail.verify();
  }

  /** Checks arguments against a tool's inputSchema here in the core, where server schemas are compiled under limits. */
  validateArgs(serverId: string, name: string, args: unknown): ArgsVerdict {
    return argsVerdict(this.validator, this.tool(serverId, name).inputSchema, args);
  }

  /** Reads one resource for `requestedBy`; recorded in the audit log. */
  readResource(serverId: string, uri: string, requestedBy: Requester): Promise<ReadResourceResult> {
    return this.resources.read(serverId, uri, requestedBy);
  }

  /** A page of a server's resources (every page walked, kept until its list changes; `refresh` walks again). */
  async listResources(serverId: string, opts: { refresh?: boolean; offset?: number; limit?: number } = {}): Promise<ResourceView[]> {
    return pageOf((await this.resources.list(serverId, opts.refresh)).resources, opts.offset, opts.limit);
  }

  /** A server's resource templates (RFC 6570). */
  async resourceTemplates(serverId: string): Promise<ResourceTemplateView[]> {
    return (await this.resources.list(serverId)).templates;
  }

  updateSettings(patch: Partial<Settings>): Settings {
    return applySettings(this.store, patch, (f) => this.trail.record(f));
  }
}

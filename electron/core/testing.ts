import type { ReadResourceResult } from '../../shared/schemas/content.js';
import type { Settings, AuditEntry, AuditQuery, AuditVerifyResult } from '../../shared/schemas/audit.js';
import type { Approval, CallRecord } from '../../shared/schemas/call.js';
import type { ConsentKind, ConsentRecord } from '../../shared/schemas/consent.js';
import type { Requester } from '../../shared/schemas/requester.js';
import type { ResourceTemplateView, ResourceView } from '../../shared/schemas/resource.js';
import type { ServerSettings, ServerConfig, ServerView } from '../../shared/schemas/server.js';
import type { CatalogChange, ToolView } from '../../shared/schemas/tool.js';
import type { CompleteInput, Completion } from '../../shared/schemas/completion.js';
import { pageOf } from '../../shared/list-page.js';
import { argsVerdict, type ArgsVerdict } from './calls/index.js';
import { complete } from './catalog/index.js';
import type { CoreParts } from './compose.js';
import { applySettings } from './config/index.js';
import { ConsoleCore, partsOf } from './console-core.js';

/**
 * A door for tests and benchmarks into a core's parts (hosts cannot import it: they see the core
 * through index.ts only, and what a host needs is on ConsoleCore or in the contract).
 */
export { partsOf } from './console-core.js';
export type { CoreParts } from './compose.js';
/** The MCP SDK if the core has loaded it (it loads on a first connect, or when a front end opens). */
export { sdkIfLoaded } from './support/index.js';

/**
 * A core with one-line shortcuts into its parts, for tests and benchmarks: what a host does through
 * the contract (`core.ask`) or ConsoleCore, a test may do here in one call.
 */
export class TestCore extends ConsoleCore {
  private get parts(): CoreParts {
    return partsOf(this);
  }

  /** The settings every server shares. */
  settings(): Settings {
    return this.parts.store.settings;
  }

  listServers(): ServerView[] {
    return this.parts.store.list().map((e) => this.parts.connections.view(e.id));
  }

  /** What every front end shows of a server. */
  view(id: string): ServerView {
    return this.parts.connections.view(id);
  }

  addServer(id: string, config: ServerConfig, settings: Partial<ServerSettings> = {}, saved = true): ServerView {
    return this.parts.admin.add(id, config, settings, saved);
  }

  /**
   * Changes a server. A new identity (command, args, env, cwd, URL, header names) drops its session grants and
   * reconnects it.
   */
  updateServer(id: string, config?: ServerConfig, settings?: Partial<ServerSettings>): Promise<ServerView> {
    return this.parts.admin.update(id, config, settings);
  }

  /** Lists the consents people gave (launch and trust), per server identity. */
  listConsents(): ConsentRecord[] {
    return this.parts.consents.list();
  }

  /** Forgets a server's consents: a revoked launch disconnects it, a revoked trust drops trust and auto-approval. */
  revokeConsent(serverId: string, kind?: ConsentKind): Promise<{ revoked: number }> {
    return this.parts.admin.revokeConsent(serverId, kind);
  }

  /**
   * Removes a server (its sign-in stays sealed under its identity until signed out: added again, it is still signed
   * in).
   */
  removeServer(id: string): Promise<void> {
    return this.parts.admin.remove(id);
  }

  /** Imports a pasted host config into the saved servers; same ids are replaced. */
  importServers(json: string): Promise<{ added: string[]; replaced: string[]; warnings: string[] }> {
    return this.parts.admin.import(json);
  }

  /** The server's stderr kept so far and how many lines fell off. */
  stderr(id: string): { lines: string[]; dropped: number } {
    return this.parts.connections.stderr(id);
  }

  /**
   * Forgets a server's live tools without telling anyone (pins stay): the next listing is built afresh, as on connect
   * (the benchmark's cold listing).
   */
  forgetCatalog(id: string): void {
    this.parts.catalog.drop(id);
  }

  /** Lists a server's tools again (serialised: a change during a walk triggers one more walk). */
  refreshCatalog(id: string, reason: CatalogChange['reason']): Promise<void> {
    return this.parts.sync.refresh(id, reason);
  }

  /** A page of the live tools of one server (or all), in server order. */
  tools(serverId?: string, offset?: number, limit?: number): ToolView[] {
    return pageOf(this.parts.catalog.tools(serverId), offset, limit);
  }

  /** One live tool, or undefined. */
  findTool(serverId: string, name: string): ToolView | undefined {
    return this.parts.catalog.get(serverId, name);
  }

  /** One live tool; an unknown one is an error. */
  tool(serverId: string, name: string): ToolView {
    return this.parts.catalog.must(serverId, name);
  }

  /** The definition exactly as the server sent it. */
  rawTool(serverId: string, name: string): Record<string, unknown> | undefined {
    return this.parts.catalog.raw(serverId, name);
  }

  /** The recent catalog changes, oldest first. */
  toolChanges(serverId?: string): CatalogChange[] {
    return this.parts.catalog.changesOf(serverId);
  }

  /** Asks for a call on behalf of `requestedBy`; nothing is sent without a decision for exactly these arguments. */
  requestCall(
    serverId: string,
    tool: string,
    args: Record<string, unknown>,
    requestedBy: Requester,
    opts?: { asTask?: boolean },
  ): CallRecord {
    return this.parts.calls.request(serverId, tool, args, requestedBy, opts);
  }

  pendingApprovals(): Approval[] {
    return this.parts.calls.pending();
  }

  /** One approval, pending or decided (while it is remembered). */
  approval(id: string): Approval | undefined {
    return this.parts.calls.approval(id);
  }

  cancelCall(callId: string): CallRecord {
    return this.parts.calls.cancel(callId);
  }

  listCalls(): CallRecord[] {
    return this.parts.calls.list();
  }

  getCall(callId: string): CallRecord {
    return this.parts.calls.get(callId);
  }

  /** Resolves when the call has an outcome. */
  waitCall(callId: string): Promise<CallRecord> {
    return this.parts.calls.wait(callId);
  }

  queryAudit(q: AuditQuery): AuditEntry[] {
    return this.parts.trail.query(q);
  }

  verifyAudit(): AuditVerifyResult {
    return this.parts.trail.verify();
  }

  /** Checks arguments against a tool's inputSchema here in the core, where server schemas are compiled under limits. */
  validateArgs(serverId: string, name: string, args: unknown): ArgsVerdict {
    return argsVerdict(this.parts.validator, this.parts.catalog.must(serverId, name).inputSchema, args);
  }

  /** Reads one resource for `requestedBy`; recorded in the audit log. */
  readResource(serverId: string, uri: string, requestedBy: Requester): Promise<ReadResourceResult> {
    return this.parts.resources.read(serverId, uri, requestedBy);
  }

  /** A page of a server's resources (every page walked, kept until its list changes; `refresh` walks again). */
  async listResources(
    serverId: string,
    opts: { refresh?: boolean; offset?: number; limit?: number } = {},
  ): Promise<ResourceView[]> {
    return pageOf((await this.parts.resources.list(serverId, opts.refresh)).resources, opts.offset, opts.limit);
  }

  /** A server's resource templates (RFC 6570). */
  async resourceTemplates(serverId: string): Promise<ResourceTemplateView[]> {
    return (await this.parts.resources.list(serverId)).templates;
  }

  /** Suggestions for a prompt's argument or a resource template's variable (completion/complete). */
  complete(input: CompleteInput): Promise<Completion> {
    return complete(this.parts.server, input);
  }

  updateSettings(patch: Partial<Settings>): Settings {
    return applySettings(this.parts.store, patch, (f) => this.parts.trail.record(f));
  }

  disconnect(id: string): Promise<ServerView> {
    return this.parts.connections.disconnect(id);
  }
}

import { randomBytes } from 'node:crypto';
import {
  APP_MIME,
  allowAttribute,
  appCallable,
  mergeViewMeta,
  toolUi,
  viewMeta,
  viewPolicy,
  type ViewPermission,
} from '../../../shared/apps.js';
import type { AppView, AppViolation } from '../../../shared/schemas/app-view.js';
import type { CallRecord } from '../../../shared/schemas/call.js';
import type { ReadResourceResult } from '../../../shared/schemas/content.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { AuditTrail } from '../audit/index.js';
import { keep, type TraceLog } from '../trace/index.js';
import type { CallManager } from '../calls/index.js';
import type { Catalog, ResourceLists } from '../catalog/index.js';
import { CoreError, sha256, type EventBus } from '../support/index.js';
import { ViewHost, type Blocked, type ViewListen } from './view-host.js';
import type { ViewPins, ViewPinState } from './view-pins.js';

/** The most views open at once; the oldest is closed past it. */
export const MAX_VIEWS = 32;
/** The largest view document the console opens. */
export const MAX_VIEW_BYTES = 5 * 1024 * 1024;
/** Violations kept per view (the audit log has every one, up to the limit below). */
const MAX_VIOLATIONS = 100;
/** Violations recorded in the audit log per view; past it, one line says the rest were not. */
const MAX_RECORDED_VIOLATIONS = 20;

export interface AppViewDeps {
  catalog: Pick<Catalog, 'get' | 'raw'>;
  resources: Pick<ResourceLists, 'read' | 'known' | 'list'>;
  calls: Pick<CallManager, 'request'>;
  trail: AuditTrail;
  bus: EventBus;
  identity(serverId: string): string | undefined;
  /** Each server's protocol trace: a view's channel messages go in beside the calls they led to. */
  trace: Pick<TraceLog, 'record'>;
  /** Each server identity's views as last accepted. */
  pins: ViewPins;
  /** The permissions the person allowed a server's views (none unless they said so). */
  allowed?(serverId: string): ViewPermission[];
}

interface Open {
  view: AppView;
  html: string;
  violations: AppViolation[];
  recorded: number;
}

/**
 * The MCP App views the console opened: each read from its server, checked, given its policy and
 * its own address on the views' origin; the calls and reads a view makes go to its own server only,
 * through the same gate as every call, recorded as the view's.
 */
export class AppViews {
  private readonly host = new ViewHost((id, b) => this.blocked(id, b));
  private readonly open = new Map<string, Open>();

  constructor(private readonly d: AppViewDeps) {}

  /**
   * Lets a page on these origins frame views (the console's page in browser mode or the desktop app); says the views'
   * origin.
   */
  async serveTo(pageOrigins: string[], at?: ViewListen): Promise<string> {
    this.host.allowPages(pageOrigins);
    return this.host.start(at);
  }

  /** Whether a page that can show views is served (the console then tells servers it renders MCP Apps). */
  shown(): boolean {
    return this.host.hasPages();
  }

  /** Reads the view `tool` links and opens it for one frame. */
  async openView(serverId: string, tool: string): Promise<AppView> {
    const def = this.d.catalog.raw(serverId, tool);
    if (!def || !this.d.catalog.get(serverId, tool))
      throw new CoreError('unknown-tool', `server ${JSON.stringify(serverId)} offers no tool ${JSON.stringify(tool)}`);
    const ui = toolUi(def);
    if (!ui.resourceUri)
      throw new CoreError(
        'no-view',
        `${JSON.stringify(tool)} links no view${ui.problems.length ? ` (${ui.problems.join('; ')})` : ''}`,
      );
    if (!this.host.hasPages())
      throw new CoreError('no-view', 'views are shown only in the console window or its browser page');
    const origin = await this.host.start();
    const read = await this.d.resources.read(serverId, ui.resourceUri, { kind: 'console' });
    const { html, meta, problems } = documentOf(read, ui.resourceUri);
    // The listing's `_meta.ui` is the fallback for what the read leaves out (a server may list no view at all).
    const listing = this.d.resources.known(serverId) ?? (await this.d.resources.list(serverId).catch(() => undefined));
    const listed = listing?.resources.find((r) => r.uri === ui.resourceUri);
    const merged = mergeViewMeta(viewMeta(listed?._meta), meta);
    const viewId = randomBytes(18).toString('base64url');
    const htmlSha256 = sha256(html);
    const pin = this.pinState(serverId, ui.resourceUri, html, htmlSha256) ?? { state: 'unknown' as const };
    const policy = viewPolicy(merged.csp, `/report/${viewId}`, this.host.pages());
    const declared = merged.permissions ?? [];
    const granted = declared.filter((p) => this.d.allowed?.(serverId).includes(p));
    const view: AppView = {
      viewId,
      serverId,
      tool,
      resourceUri: ui.resourceUri,
      frameUrl: `${origin}/proxy/${viewId}`,
      origin,
      csp: policy.csp,
      allowed: policy.allowed,
      permissions: { declared, granted },
      ...(merged.prefersBorder !== undefined && { prefersBorder: merged.prefersBorder }),
      htmlSha256,
      htmlBytes: Buffer.byteLength(html),
      pin: pin.state === 'changed' ? { state: 'changed', pinnedAt: pin.pinnedAt, diff: pin.diff } : pin,
      problems: [
        ...ui.problems,
        ...problems,
        ...policy.problems,
        ...(this.d.pins.problem ? [this.d.pins.problem] : []),
      ],
    };
    this.host.add(viewId, { html, csp: policy.csp, allow: allowAttribute(declared, granted) });
    this.open.set(viewId, { view, html, violations: [], recorded: 0 });
    this.trim();
    this.d.trail.record({
      kind: 'app-view-opened',
      serverId,
      serverIdentity: this.d.identity(serverId),
      tool,
      reason: `the view ${ui.resourceUri} of ${JSON.stringify(tool)}`,
      detail: {
        resourceUri: ui.resourceUri,
        htmlSha256: view.htmlSha256,
        htmlBytes: view.htmlBytes,
        csp: view.csp,
        permissions: view.permissions,
        problems: view.problems,
        pin: pin.state,
        ...(pin.state === 'changed' && { pinnedSha256: pin.pinnedSha256 }),
      },
    });
    return view;
  }

  /** A `tools/call` from a view: its own server's tool, one views may call, asked for as the view's. */
  call(viewId: string, tool: string, args: Record<string, unknown>): CallRecord {
    const { view } = this.must(viewId);
    const def = this.d.catalog.raw(view.serverId, tool);
    if (!def)
      throw new CoreError(
        'unknown-tool',
        `server ${JSON.stringify(view.serverId)} offers no tool ${JSON.stringify(tool)}`,
      );
    // SECURITY: a view reaches only tools of its own server that admit views (visibility includes "app").
    if (!appCallable(def))
      throw new CoreError(
        'not-for-views',
        `${JSON.stringify(tool)} is not callable from a view (its visibility leaves out "app")`,
      );
    return this.d.calls.request(view.serverId, tool, args, this.requester(view));
  }

  /** A `resources/read` from a view: of its own server only, recorded as the view's. */
  read(viewId: string, uri: string): Promise<ReadResourceResult> {
    const { view } = this.must(viewId);
    return this.d.resources.read(view.serverId, uri, this.requester(view));
  }

  /** Something a view said for a model, or asked of the console: recorded (the page shows it). */
  note(viewId: string, kind: string, text: string): void {
    const { view } = this.must(viewId);
    this.d.trail.record({
      kind: 'app-view-said',
      serverId: view.serverId,
      serverIdentity: this.d.identity(view.serverId),
      tool: view.tool,
      requestedBy: this.requester(view),
      reason: kind,
      detail: { text: text.slice(0, 4000), ...(text.length > 4000 && { chars: text.length }) },
    });
  }

  /**
   * Where a view stands against its pin (a view never seen is pinned now); undefined while its server has no identity.
   */
  pinState(serverId: string, uri: string, html: string, htmlSha256 = sha256(html)): ViewPinState | undefined {
    const identity = this.d.identity(serverId);
    return identity ? this.d.pins.check(identity, uri, htmlSha256, html) : undefined;
  }

  /** A person pins an open view as it is now. */
  pinView(viewId: string): void {
    const o = this.must(viewId);
    const identity = this.d.identity(o.view.serverId);
    if (!identity)
      throw new CoreError('not-connected', `server ${JSON.stringify(o.view.serverId)} has no identity to pin for`);
    const at = this.d.pins.pin(identity, o.view.resourceUri, o.view.htmlSha256, o.html);
    o.view = { ...o.view, pin: { state: 'pinned', pinnedAt: at } };
    this.d.trail.record({
      kind: 'app-view-pinned',
      serverId: o.view.serverId,
      serverIdentity: identity,
      tool: o.view.tool,
      decidedBy: 'user',
      reason: `pinned ${o.view.resourceUri} as it is now`,
      detail: { resourceUri: o.view.resourceUri, htmlSha256: o.view.htmlSha256 },
    });
  }

  /** A view's channel messages (a batch from the page) into its server's trace, marked as the view's. */
  trace(viewId: string, lines: { dir: 'to-view' | 'from-view'; message: unknown }[]): void {
    const { view } = this.must(viewId);
    for (const l of lines) {
      const m = (typeof l.message === 'object' && l.message !== null ? l.message : {}) as Record<string, unknown>;
      const method = typeof m.method === 'string' ? m.method.slice(0, 200) : undefined;
      const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : undefined;
      const kind = method ? (id === undefined ? 'notification' : 'request') : 'error' in m ? 'error' : 'response';
      const params = (m.params ?? {}) as { name?: unknown; uri?: unknown };
      const name =
        typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
      this.d.trace.record(view.serverId, {
        dir: l.dir === 'to-view' ? 'out' : 'in',
        kind,
        ...(id !== undefined && { id }),
        ...(method && { method }),
        ...(name && { name: name.slice(0, 500) }),
        ...keep(m as never),
        view: { tool: view.tool, viewId },
      });
    }
  }

  close(viewId: string): void {
    this.open.delete(viewId);
    this.host.drop(viewId);
  }

  violations(viewId: string): AppViolation[] {
    return [...this.must(viewId).violations];
  }

  stop(): Promise<void> {
    this.open.clear();
    return this.host.close();
  }

  private requester(view: AppView): Requester {
    return { kind: 'view', serverId: view.serverId, tool: view.tool };
  }

  private must(viewId: string): Open {
    const o = this.open.get(viewId);
    if (!o) throw new CoreError('unknown-view', 'no such view (it was closed, or the console restarted)');
    return o;
  }

  private trim(): void {
    for (const id of this.open.keys()) {
      if (this.open.size <= MAX_VIEWS) break;
      this.close(id);
    }
  }

  private blocked(viewId: string, b: Blocked): void {
    const o = this.open.get(viewId);
    if (!o) return;
    const v: AppViolation = {
      viewId,
      serverId: o.view.serverId,
      tool: o.view.tool,
      directive: b.directive,
      blocked: b.blocked,
      time: new Date().toISOString(),
    };
    if (o.violations.length < MAX_VIOLATIONS) o.violations.push(v);
    if (o.recorded <= MAX_RECORDED_VIOLATIONS) {
      o.recorded++;
      const more = o.recorded > MAX_RECORDED_VIOLATIONS;
      this.d.trail.record({
        kind: 'app-view-blocked',
        serverId: v.serverId,
        serverIdentity: this.d.identity(v.serverId),
        tool: v.tool,
        reason: more
          ? `more blocked; not recorded past ${MAX_RECORDED_VIOLATIONS}`
          : `${b.directive} blocked ${b.blocked || '(inline)'}`,
        detail: { directive: b.directive, blocked: b.blocked },
      });
    }
    this.d.bus.emit('app.violation', v);
  }
}

/**
 * The HTML of a view read, and its `_meta.ui`: exactly one content of the right URI, text or base64, within the size
 * limit.
 */
function documentOf(
  read: ReadResourceResult,
  uri: string,
): { html: string; meta: ReturnType<typeof viewMeta>; problems: string[] } {
  const problems: string[] = [];
  const contents = read.contents.filter((c) => c.uri === uri);
  const c = contents[0] ?? read.contents[0];
  if (!c) throw new CoreError('bad-view', `reading ${uri} returned nothing`);
  if (c.uri !== uri) problems.push(`the read returned ${JSON.stringify(String(c.uri).slice(0, 200))}, not ${uri}`);
  const mime = typeof c.mimeType === 'string' ? c.mimeType : '';
  if (mime.replace(/\s/g, '').toLowerCase() !== APP_MIME) {
    if (!/^text\/html\b/i.test(mime))
      throw new CoreError(
        'bad-view',
        `${uri} is ${mime ? JSON.stringify(mime.slice(0, 100)) : 'of no MIME type'}, not ${APP_MIME}`,
      );
    problems.push(`${uri} is ${JSON.stringify(mime.slice(0, 100))}; the extension asks for ${APP_MIME}`);
  }
  let html: string;
  if (typeof c.text === 'string') html = c.text;
  else if (typeof c.blob === 'string') html = Buffer.from(c.blob, 'base64').toString('utf8');
  else throw new CoreError('bad-view', `${uri} has neither text nor blob`);
  if (Buffer.byteLength(html) > MAX_VIEW_BYTES)
    throw new CoreError('bad-view', `${uri} is larger than ${MAX_VIEW_BYTES / 1024 / 1024} MB`);
  return { html, meta: viewMeta(c._meta), problems };
}

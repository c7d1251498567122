/**
 * MCP Apps (extension `io.modelcontextprotocol/ui`): which tools link a view, who may call them,
 * and the Content-Security-Policy a view runs under. Pure: the core builds the headers from it and
 * the page shows the same words.
 */

/** The extension's identifier, as a client advertises it under `capabilities.extensions`. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The only kind of view this version of the extension defines. */
export const APP_MIME = 'text/html;profile=mcp-app';
/** The deprecated flat key some servers still send beside (or instead of) `_meta.ui.resourceUri`. */
export const FLAT_RESOURCE_KEY = 'ui/resourceUri';

export type Visibility = 'model' | 'app';

/** What a tool's definition says of its view. */
export interface ToolUi {
  /** The `ui://` resource of its view, when it links one. */
  resourceUri?: string;
  /** Who may see and call it; the spec's default (both) when the server says nothing usable. */
  visibility: Visibility[];
  /** What is wrong with the declaration (a linked URI that is not `ui://`, an unknown visibility). */
  problems: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads `_meta.ui` (and the deprecated flat key) of a tool definition. */
export function toolUi(def: object): ToolUi {
  const raw = (def as { _meta?: unknown })._meta;
  const meta = isObject(raw) ? raw : {};
  const ui = isObject(meta.ui) ? meta.ui : {};
  const problems: string[] = [];
  const nested = typeof ui.resourceUri === 'string' ? ui.resourceUri : undefined;
  const flat = typeof meta[FLAT_RESOURCE_KEY] === 'string' ? meta[FLAT_RESOURCE_KEY] : undefined;
  if (nested !== undefined && flat !== undefined && nested !== flat)
    problems.push(`_meta.ui.resourceUri and _meta["${FLAT_RESOURCE_KEY}"] name different views; the first is used`);
  if (nested === undefined && flat !== undefined)
    problems.push(
      `only the deprecated _meta["${FLAT_RESOURCE_KEY}"] names the view; hosts that follow the spec read _meta.ui.resourceUri`,
    );
  let resourceUri = nested ?? flat;
  if (resourceUri !== undefined && !resourceUri.startsWith('ui://')) {
    problems.push(
      `the linked view ${JSON.stringify(resourceUri.slice(0, 200))} is not a ui:// resource; it is not shown`,
    );
    resourceUri = undefined;
  }
  let visibility: Visibility[] = ['model', 'app'];
  if (ui.visibility !== undefined) {
    const said = Array.isArray(ui.visibility) ? ui.visibility : [];
    const known = said.filter((v): v is Visibility => v === 'model' || v === 'app');
    if (known.length !== said.length || !Array.isArray(ui.visibility))
      problems.push(
        `_meta.ui.visibility ${JSON.stringify(ui.visibility).slice(0, 200)} holds values other than "model" and "app"`,
      );
    // An empty or unreadable list hides the tool from the model and from views alike: the narrow reading.
    visibility = [...new Set(known)];
  }
  return { ...(resourceUri !== undefined && { resourceUri }), visibility, problems };
}

/** Whether an agent (a model) may see and call the tool. */
export const modelVisible = (def: object): boolean => toolUi(def).visibility.includes('model');
/** Whether a view of the same server may call the tool. */
export const appCallable = (def: object): boolean => toolUi(def).visibility.includes('app');

/** The domains a view declares it needs (`_meta.ui.csp`). */
export interface ViewCspDomains {
  connectDomains?: string[];
  resourceDomains?: string[];
  frameDomains?: string[];
  baseUriDomains?: string[];
}
export type ViewPermission = 'camera' | 'microphone' | 'geolocation' | 'clipboardWrite';
export const VIEW_PERMISSIONS: readonly ViewPermission[] = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];

/** A view resource's `_meta.ui`, as far as the console honours it. */
export interface ViewMeta {
  csp?: ViewCspDomains;
  permissions?: ViewPermission[];
  prefersBorder?: boolean;
  domain?: string;
}

const CSP_KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/** Reads one `_meta.ui` of a view (from its listing entry or its read). */
export function viewMeta(meta: unknown): ViewMeta | undefined {
  const ui = isObject(meta) && isObject(meta.ui) ? meta.ui : undefined;
  if (!ui) return undefined;
  const out: ViewMeta = {};
  if (isObject(ui.csp)) {
    const csp: ViewCspDomains = {};
    for (const k of CSP_KEYS) {
      const v = ui.csp[k];
      if (Array.isArray(v)) csp[k] = v.filter((d): d is string => typeof d === 'string');
    }
    out.csp = csp;
  }
  if (isObject(ui.permissions))
    out.permissions = VIEW_PERMISSIONS.filter((p) => isObject((ui.permissions as Record<string, unknown>)[p]));
  if (typeof ui.prefersBorder === 'boolean') out.prefersBorder = ui.prefersBorder;
  if (typeof ui.domain === 'string') out.domain = ui.domain;
  return out;
}

/** The listing's and the read's `_meta.ui` together: each key from the read when it has it, else from the listing. */
export function mergeViewMeta(listed: ViewMeta | undefined, read: ViewMeta | undefined): ViewMeta {
  return { ...listed, ...read };
}

/**
 * A declared domain as a CSP source, or why it cannot be one. Only scheme-qualified origins (an
 * `https://` or `wss://` host, a `*.` wildcard for subdomains, a port) pass: anything that could
 * widen the policy past what it names — a bare `*`, a keyword, a `;`, a quote, a path with spaces —
 * is dropped and reported.
 */
export function cspSource(domain: string): { source: string } | { problem: string } {
  const d = domain.trim();
  const shown = JSON.stringify(d.slice(0, 200));
  const m = /^(https?|wss?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(:\d{1,5})?\/?$/i.exec(d);
  if (!m) return { problem: `${shown} is not an origin (scheme://host[:port]); dropped` };
  const [, scheme, wild, host] = m;
  if (wild && !host!.includes('.')) return { problem: `${shown} wildcards a whole top-level domain; dropped` };
  if (scheme === 'http' || scheme === 'ws') {
    const local = host === 'localhost' || host === '127.0.0.1';
    if (!local) return { problem: `${shown} is not encrypted (only https: and wss:, or localhost); dropped` };
  }
  return { source: d.replace(/\/$/, '') };
}

/** The policy a view runs under, and what of its declaration was dropped. */
export interface ViewPolicy {
  csp: string;
  /** The sources each directive got from the declaration, after checking. */
  allowed: Required<ViewCspDomains>;
  problems: string[];
}

/**
 * The Content-Security-Policy for a view: the spec's restrictive default, widened only by the
 * domains it declares (each checked by `cspSource`), never by anything else. `reportTo` is where
 * the browser posts what the policy blocked; `framedBy`, the console's page origins above the proxy.
 */
export function viewPolicy(
  csp: ViewCspDomains | undefined,
  reportTo?: string,
  framedBy: readonly string[] = [],
): ViewPolicy {
  const problems: string[] = [];
  const allowed: Required<ViewCspDomains> = {
    connectDomains: [],
    resourceDomains: [],
    frameDomains: [],
    baseUriDomains: [],
  };
  for (const k of CSP_KEYS) {
    for (const d of (csp?.[k] ?? []).slice(0, 100)) {
      const r = cspSource(d);
      if ('problem' in r) problems.push(`${k}: ${r.problem}`);
      else if (!allowed[k].includes(r.source)) allowed[k].push(r.source);
    }
    if ((csp?.[k]?.length ?? 0) > 100) problems.push(`${k}: more than 100 domains; the rest dropped`);
  }
  const res = allowed.resourceDomains.join(' ');
  const withRes = (base: string) => (res ? `${base} ${res}` : base);
  const directives = [
    "default-src 'none'",
    withRes("script-src 'self' 'unsafe-inline'"),
    withRes("style-src 'self' 'unsafe-inline'"),
    withRes("img-src 'self' data:"),
    withRes("media-src 'self' data:"),
    withRes("font-src 'self' data:"),
    `connect-src ${allowed.connectDomains.join(' ') || "'none'"}`,
    `frame-src ${allowed.frameDomains.join(' ') || "'none'"}`,
    `base-uri ${allowed.baseUriDomains.join(' ') || "'self'"}`,
    "object-src 'none'",
    "form-action 'none'",
    // Every ancestor is checked: the sandbox proxy (the views' origin) and the console's page above it.
    `frame-ancestors 'self'${framedBy.map((o) => ` ${o}`).join('')}`,
    ...(reportTo ? [`report-uri ${reportTo}`] : []),
  ];
  return { csp: directives.join('; '), allowed, problems };
}

/** The iframe `allow` attribute for the permissions both declared and allowed by the person. */
export function allowAttribute(
  declared: readonly ViewPermission[],
  allowedByPerson: readonly ViewPermission[],
): string {
  const feature: Record<ViewPermission, string> = {
    camera: 'camera',
    microphone: 'microphone',
    geolocation: 'geolocation',
    clipboardWrite: 'clipboard-write',
  };
  return declared
    .filter((p) => allowedByPerson.includes(p))
    .map((p) => `${feature[p]} 'src'`)
    .join('; ');
}

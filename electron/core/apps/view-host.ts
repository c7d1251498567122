import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import { proxyPage } from './proxy-page.js';

/**
 * Where the views' origin listens when not on 127.0.0.1 (a team service, whose people's browsers are elsewhere): the
 * interface and port, the address browsers use for it (an origin of its own, not the page's), and the service's TLS.
 */
export interface ViewListen {
  host: string;
  port: number;
  origin: string;
  tls?: { cert: Buffer; key: Buffer };
}

/** One view, as its frame fetches it. */
export interface HostedView {
  html: string;
  csp: string;
  /** The inner frame's `allow` attribute (the permissions both declared and allowed). */
  allow: string;
  /** Whether the HTML was fetched already: a view's document is served once; a reload opens it again. */
  served?: boolean;
}

/** What the browser reported a view's policy blocked (a `application/csp-report` body). */
export interface Blocked {
  directive: string;
  blocked: string;
}

const MAX_REPORT_BYTES = 64 * 1024;
const ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The views' own origin: a listener on 127.0.0.1 that serves nothing but MCP App views — each a
 * sandbox proxy page (framed only by the console's page) holding the view's document in an inner,
 * sandboxed frame with no origin of its own, under the policy built from what the view declared —
 * and takes the browser's reports of what that policy blocked. It holds no token and answers no
 * request of the contract: a view that reaches its own origin finds other views' proxies at most,
 * each of which talks only to the console's page.
 */
export class ViewHost {
  private server?: Server;
  private started?: Promise<string>;
  private readonly views = new Map<string, HostedView>();
  private pageOrigins: string[] = [];

  constructor(private readonly onBlocked: (viewId: string, b: Blocked) => void) {}

  /** Listens (once: on 127.0.0.1, or where `at` says) and says the origin views are served from. */
  start(at?: ViewListen): Promise<string> {
    this.started ??= new Promise((resolve, reject) => {
      const answer = (req: IncomingMessage, res: ServerResponse) => this.answer(req, res);
      const s = at?.tls ? createHttps({ cert: at.tls.cert, key: at.tls.key }, answer) : createServer(answer);
      s.on('error', reject);
      if (at) s.listen(at.port, at.host, () => resolve(at.origin));
      else s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`));
      this.server = s;
    });
    return this.started;
  }

  /** The page origins allowed to frame a view's proxy and talk to it (the console's own). */
  allowPages(origins: string[]): void {
    this.pageOrigins = [...new Set([...this.pageOrigins, ...origins])];
  }

  /** The page origins views are shown in. */
  pages(): readonly string[] {
    return this.pageOrigins;
  }

  /** Whether some page origin was told (without one, nothing can frame a view). */
  hasPages(): boolean {
    return this.pageOrigins.length > 0;
  }

  add(viewId: string, view: HostedView): void {
    this.views.set(viewId, view);
  }

  drop(viewId: string): void {
    this.views.delete(viewId);
  }

  async close(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }

  private answer(req: IncomingMessage, res: ServerResponse): void {
    const [, kind, id] = /^\/(proxy|view|report)\/([^/?#]+)/.exec(req.url ?? '') ?? [];
    const view = id && ID.test(id) ? this.views.get(id) : undefined;
    const base = {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
      'Cross-Origin-Resource-Policy': 'same-origin',
    };
    if (!view || !kind) return void res.writeHead(404, { ...base, 'Content-Type': 'text/plain' }).end('no such view');
    if (kind === 'report') return this.report(id!, req, res);
    if (req.method !== 'GET') return void res.writeHead(405, base).end();
    if (kind === 'proxy') {
      const nonce = randomBytes(16).toString('base64');
      const csp = [
        "default-src 'none'",
        `script-src 'nonce-${nonce}'`,
        "style-src 'unsafe-inline'",
        "frame-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        `frame-ancestors ${this.pageOrigins.join(' ') || "'none'"}`,
      ].join('; ');
      const page = proxyPage({ nonce, viewPath: `/view/${id}`, pageOrigins: this.pageOrigins, allow: view.allow });
      return void res
        .writeHead(200, { ...base, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp })
        .end(page);
    }
    if (view.served)
      return void res
        .writeHead(410, { ...base, 'Content-Type': 'text/plain' })
        .end('this view was served already; open it again');
    view.served = true;
    res
      .writeHead(200, { ...base, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': view.csp })
      .end(view.html);
  }

  /** A violation report: bounded, parsed, passed on; never an error back to the browser. */
  private report(viewId: string, req: IncomingMessage, res: ServerResponse): void {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_REPORT_BYTES) return void req.destroy();
      chunks.push(c);
    });
    req.on('end', () => {
      res.writeHead(204).end();
      const b = readReport(Buffer.concat(chunks).toString('utf8'));
      if (b) this.onBlocked(viewId, b);
    });
    req.on('error', () => res.destroy());
  }
}

/** The directive and the blocked address of a CSP report (the legacy `csp-report` shape or a Reporting API batch). */
export function readReport(text: string): Blocked | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const first = Array.isArray(body)
    ? (body[0] as Record<string, unknown> | undefined)?.body
    : (body as Record<string, unknown> | null)?.['csp-report'];
  if (typeof first !== 'object' || first === null) return undefined;
  const r = first as Record<string, unknown>;
  const directive = r['effective-directive'] ?? r.effectiveDirective ?? r['violated-directive'];
  const blocked = r['blocked-uri'] ?? r.blockedURL;
  if (typeof directive !== 'string') return undefined;
  return { directive: directive.slice(0, 200), blocked: typeof blocked === 'string' ? blocked.slice(0, 500) : '' };
}

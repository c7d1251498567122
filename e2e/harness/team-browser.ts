import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { WebSocket } from 'ws';

/**
 * A browser as far as a sign-in needs one: it keeps cookies per host name (as browsers do, whatever the port), follows
 * redirects itself, and fills the identity provider's login and consent forms. For the contract it opens the page's
 * WebSocket with its cookies and the Origin a page of the service would send.
 */
export class TeamBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  /** `ca`: the certificate authority an HTTPS service's certificate is checked against (a test's own). */
  constructor(private readonly ca?: string) {}

  /** A request with this browser's cookies; the answer's cookies are kept; no redirect followed. */
  async fetch(url: string, init: { method?: string; body?: URLSearchParams; origin?: string } = {}): Promise<Response> {
    const u = new URL(url);
    const headers: Record<string, string> = {};
    const cookies = this.cookieHeader(u.hostname);
    if (cookies) headers.cookie = cookies;
    if (init.origin) headers.origin = init.origin;
    if (init.body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await this.send(u, init.method ?? 'GET', headers, init.body?.toString());
    for (const line of res.headers.getSetCookie()) this.keep(u.hostname, line);
    return res;
  }

  /** One request over node's HTTP(S) (the test's CA trusted), as a fetch Response; no redirect followed. */
  private send(u: URL, method: string, headers: Record<string, string>, body?: string): Promise<Response> {
    return nodeFetch(u, method, headers, body, this.ca);
  }

  /** GETs `url`, following redirects (at most 20); the last answer and its URL. */
  async follow(url: string, init: { method?: string; body?: URLSearchParams; origin?: string } = {}) {
    let res = await this.fetch(url, init);
    let at = url;
    for (let hops = 0; res.status >= 300 && res.status < 400 && hops < 20; hops++) {
      at = new URL(res.headers.get('location')!, at).href;
      res = await this.fetch(at);
    }
    return { res, url: at, text: await res.text() };
  }

  /**
   * Signs in to a team service as `login` through its provider's forms: the service's answer to the callback (its
   * "Signed in" page, or the refusal) and the URL it was at.
   */
  async signIn(service: string, login: string) {
    let page = await this.follow(new URL('/auth/login', service).href);
    for (let step = 0; step < 4 && !page.url.startsWith(service); step++) {
      const action = /<form[^>]*action="([^"]+)"/.exec(page.text)?.[1];
      const prompt = /name="prompt" value="([^"]+)"/.exec(page.text)?.[1];
      if (!action || !prompt) throw new Error(`the provider's page has no form: ${page.text.slice(0, 300)}`);
      const body = new URLSearchParams({ prompt, login, password: 'any' });
      page = await this.follow(new URL(action, page.url).href, { method: 'POST', body });
    }
    return page;
  }

  /** The page's WebSocket, as a page of `origin` opens it. */
  socket(service: string, origin = new URL(service).origin): Promise<WebSocket> {
    const u = new URL('/ws', service);
    u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(u, {
      headers: { cookie: this.cookieHeader(u.hostname), origin },
      ...(this.ca && { ca: this.ca }),
    });
    return new Promise((ok, fail) => {
      ws.once('open', () => ok(ws));
      ws.once('unexpected-response', (_req, res) => fail(new Error(`refused: ${res.statusCode}`)));
      ws.once('error', fail);
    });
  }

  /** The cookies kept for a host name, as a Cookie header. */
  cookieHeader(host: string): string {
    return [...(this.jar.get(host) ?? [])].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(host: string, line: string): void {
    const [pair = '', ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const jar = this.jar.get(host) ?? new Map<string, string>();
    this.jar.set(host, jar);
    const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || /expires=thu, 01 jan 1970/i.test(line);
    if (gone || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

/** One contract request over a page's WebSocket: its reply (`{ ok, value }` or `{ ok: false, error }`). */
export function ask(
  ws: WebSocket,
  method: string,
  params: unknown = {},
): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
  const id = Math.random().toString(36).slice(2);
  return new Promise((ok) => {
    const on = (data: Buffer) => {
      const msg = JSON.parse(data.toString()) as { id?: string; reply?: never };
      if (msg.id !== id) return;
      ws.off('message', on);
      ok(msg.reply!);
    };
    ws.on('message', on);
    ws.send(JSON.stringify({ id, method, params }));
  });
}

/** One request over node's HTTP(S), trusting `ca` (a test's own CA), as a fetch Response; no redirect followed. */
function nodeFetch(
  u: URL,
  method: string,
  headers: Record<string, string>,
  body?: string,
  ca?: string,
): Promise<Response> {
  const request = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((ok, fail) => {
    const req = request(u, { method, headers, ...(ca && { ca }) }, (res) => {
      const h = new Headers();
      for (let i = 0; i < res.rawHeaders.length; i += 2) h.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
      const status = res.statusCode ?? 0;
      // Streamed as it comes (an MCP answer may be a stream of events).
      const stream = [204, 304].includes(status) ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
      ok(new Response(stream, { status, headers: h }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

/**
 * A `fetch` that trusts a test's own CA (for an MCP SDK client of an HTTPS service); it reads the request's method,
 * headers and text body, and streams the answer.
 */
export function fetchTrusting(ca: string): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => (headers[k] = v));
    const body = req.body ? await req.text() : undefined;
    return nodeFetch(new URL(req.url), req.method, headers, body, ca);
  };
}

import { PRELOAD_GLOBAL, type PreloadApi } from '../../shared/preload-api';
import type { EventName, EventPayload, Reply, RequestInput, RequestName, RequestOutput } from '../../shared/contract';
import { PAGE_MESSAGE_MAX_BYTES } from '../../shared/ws-frames';
import { orderedParser } from './ordered-parser';

/** What the renderer needs from a back end: the contract's requests and events, nothing else. */
export interface ConsoleApi {
  request<N extends RequestName>(name: N, input: RequestInput<N>): Promise<RequestOutput<N>>;
  onEvent(listener: <E extends EventName>(name: E, payload: EventPayload<E>) => void): () => void;
  /** Told when the link to the console comes up, and each time it is down (with why, since when). */
  onConnection(listener: (up: boolean, down?: LinkDown) => void): () => void;
  /** Ends the link for good: no reconnection is scheduled after it, and the socket is closed. */
  close?(): void;
}

/** The page's link to the console is down: since when, how many tries since, and what the page can tell of why. */
export interface LinkDown {
  /** When the link went down (or the first try failed), ms since the epoch. */
  since: number;
  /** Tries to reconnect that failed since. */
  tries: number;
  /** The link was up before: what the page shows is as it was then. */
  wasUp: boolean;
  /**
   * The console's address still serves the page but refuses its token: it was started again (a new token each start).
   */
  restarted: boolean;
}

const mb = (n: number): string => (n / 1_048_576).toFixed(1);

/**
 * A request's text, or an ApiError when it is larger than the console takes: the console would
 * close the link for it and every request in flight would be lost, so this one alone is refused
 * and nothing is sent. Bytes of UTF-8 are counted only when the characters leave it in doubt.
 */
function withinLimit(text: string): string {
  const bytes =
    text.length > PAGE_MESSAGE_MAX_BYTES || text.length * 3 <= PAGE_MESSAGE_MAX_BYTES
      ? text.length
      : new TextEncoder().encode(text).length;
  if (bytes > PAGE_MESSAGE_MAX_BYTES)
    throw new ApiError(
      'too-large',
      `not sent: the request is ${mb(bytes)} MB; the console takes at most ${mb(PAGE_MESSAGE_MAX_BYTES)} MB in one request`,
    );
  return text;
}

/** The most a reconnection waits before it tries again (1 s, then a second more per failed try). */
export const RETRY_MAX_MS = 5000;

/** An error from the back end: `{ code, message }`. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type AnyListener = (name: EventName, payload: unknown) => void;

/** One message from the console: an event, or the reply to the request of that id. */
interface Message {
  id?: number;
  reply?: Reply<unknown>;
  event?: EventName;
  payload?: unknown;
}

/** A request sent and not yet answered. */
interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

/** Hands an event to the listeners, or a reply to the request waiting for it. */
function dispatch(msg: Message, listeners: Set<AnyListener>, pending: Map<number, Pending>): void {
  if (msg.event) listeners.forEach((l) => l(msg.event!, msg.payload));
  else if (typeof msg.id === 'number') {
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (!p || !msg.reply) return;
    if (msg.reply.ok) p.resolve(msg.reply.value);
    else p.reject(new ApiError(msg.reply.error.code, msg.reply.error.message));
  }
}

/**
 * The contract over the browser-mode WebSocket; reconnects and tells listeners when it is up or down.
 * A request while the link is down fails at once, sending nothing (it would otherwise wait for a
 * console that may never come back); one in flight when it drops fails with that said.
 */
export function webSocketApi(url: string, ready: Promise<void> = Promise.resolve()): ConsoleApi {
  let ws: WebSocket | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const listeners = new Set<AnyListener>();
  const connListeners = new Set<(up: boolean, down?: LinkDown) => void>();
  let down: LinkDown | undefined;
  let wasUp = false;
  // The first try: a request made before it ends waits for it.
  let first!: { resolve: () => void; reject: (e: Error) => void };
  const firstTry = new Promise<void>((resolve, reject) => (first = { resolve, reject }));
  firstTry.catch(() => {}); // a page that asks nothing before the first try fails is not told twice

  const tell = () => connListeners.forEach((l) => (down ? l(false, { ...down }) : l(true)));
  // The next try, while one is scheduled; none once the link was closed on purpose.
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let current: WebSocket | null = null;
  const connect = (): void => {
    retry = undefined;
    if (closed) return;
    const sock = new WebSocket(url);
    current = sock;
    let opened = false;
    // Long messages come as binary parts (BINARY_FRAME_CHARS): as bytes, for the worker.
    sock.binaryType = 'arraybuffer';
    sock.onopen = () => {
      opened = wasUp = true;
      ws = sock;
      down = undefined;
      first.resolve();
      tell();
    };
    const parser = orderedParser(
      (parsed) => dispatch(parsed as Message, listeners, pending),
      typeof Worker === 'undefined'
        ? undefined
        : () => new Worker(new URL('./json-worker.ts', import.meta.url), { type: 'module' }),
    );
    sock.onmessage = (m: MessageEvent<string | ArrayBuffer>) => parser.receive(m.data);
    sock.onclose = (ev: CloseEvent) => {
      // A team service ended this page's sign-in (signed out here or elsewhere, or its time ran out): the page says so,
      // with a way to sign in again (never a sign-in started by itself).
      if (ev.code === SIGNED_OUT && teamDoor()) return location.assign('/auth/signed-out');
      parser.close();
      if (ws === sock) ws = null;
      for (const p of pending.values())
        p.reject(
          new ApiError(
            'disconnected',
            'the connection to the console was lost before it answered: the request may or may not have been done',
          ),
        );
      pending.clear();
      if (down) down.tries++;
      else down = { since: Date.now(), tries: opened ? 0 : 1, wasUp, restarted: false };
      first.reject(notReachable(down));
      tell();
      // A try that never opened, while the address still serves the page: the console refused this
      // page's token, so it was started again (its token is new on every start).
      // (Told only while the link is still down since then: a probe of an earlier outage says nothing.)
      const episode = down;
      if (!opened)
        void servesPage(url).then((served) => {
          if (down === episode && served !== episode.restarted) {
            episode.restarted = served;
            tell();
          }
        });
      if (!closed) retry = setTimeout(connect, Math.min(RETRY_MAX_MS, 1000 * Math.max(1, down.tries)));
    };
  };
  // Opened in a task of its own: creating the socket (some milliseconds on a cold start) is then not
  // part of the page's first task, which evaluates its script.
  retry = setTimeout(() => void ready.then(connect), 0);

  return {
    close() {
      closed = true;
      if (retry !== undefined) clearTimeout(retry);
      retry = undefined;
      current?.close();
    },
    async request(name, input) {
      if (!ws && !down) await firstTry;
      const sock = ws;
      // The link is down: nothing is sent, and the person is told at once.
      if (!sock || sock.readyState !== WebSocket.OPEN || down) throw notReachable(down);
      const id = nextId++;
      const text = withinLimit(JSON.stringify({ id, method: name, params: input }));
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        sock.send(text);
      });
    },
    onEvent(listener) {
      listeners.add(listener as AnyListener);
      return () => listeners.delete(listener as AnyListener);
    },
    onConnection(listener) {
      connListeners.add(listener);
      if (ws) listener(true);
      else if (down) listener(false, { ...down });
      return () => connListeners.delete(listener);
    },
  };
}

/** The error of a request made while the link is down. */
function notReachable(down: LinkDown | undefined): ApiError {
  const why = down?.restarted
    ? 'the console was started again and no longer takes this page: open the address it printed'
    : down?.wasUp
      ? 'the connection to it was lost; the page reconnects by itself'
      : 'the page could not connect to it';
  return new ApiError('disconnected', `The console is not reachable (${why}). Nothing was sent.`);
}

/** Whether the console's address answers the page itself (no token needed for that), as a yes or no. */
async function servesPage(wsUrl: string): Promise<boolean> {
  try {
    const res = await fetch(new URL('/', wsUrl.replace(/^ws/, 'http')), { method: 'HEAD', cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}

/** The contract over the preload's API in the desktop app. */
export function overPreload(preload: PreloadApi): ConsoleApi {
  return {
    async request<N extends RequestName>(name: N, input: RequestInput<N>): Promise<RequestOutput<N>> {
      const call = preload.requests[name] as PreloadApi['requests'][RequestName] | undefined;
      if (!call) throw new ApiError('unknown-request', `the desktop app has no request ${name}`);
      const r = await call(input);
      // The core parsed the input and typed the output from the same contract.
      if (r.ok) return r.value as RequestOutput<N>;
      throw new ApiError(r.error.code, r.error.message);
    },
    onEvent(listener) {
      const offs = Object.entries(preload.events).map(([name, subscribe]) =>
        subscribe((payload) => (listener as AnyListener)(name as EventName, payload)),
      );
      return () => offs.forEach((off) => off());
    },
    onConnection(listener) {
      listener(true); // the desktop app's core lives and dies with its window
      return () => {};
    },
  };
}

/** The preload's API when this page runs in the desktop app. */
function desktopPreload(): PreloadApi | undefined {
  return (window as unknown as Record<string, PreloadApi | undefined>)[PRELOAD_GLOBAL];
}

/** The close code a team service ends a page's connection with when its person's sign-in ends. */
const SIGNED_OUT = 4401;

/** Whether a team service served this page (its HTML says so): it connects with its sign-in cookie, no token. */
export function teamDoor(): boolean {
  return document.querySelector('meta[name="mcp-console-door"][content="team"]') !== null;
}

/**
 * Set in this tab once it traded a token for a session: the page then has a back end (the session itself is in a cookie
 * it cannot read).
 */
const SESSION_MARK = 'mcp-console-session';

/**
 * True when this page can reach a back end: the desktop preload, a browser-mode token in the address, or a session this
 * tab made.
 */
export function hasBackEnd(): boolean {
  if (desktopPreload() || teamDoor()) return true;
  return Boolean(new URLSearchParams(location.hash.slice(1)).get('token') || sessionStorage.getItem(SESSION_MARK));
}

/**
 * Trades the printed token for a session cookie (HttpOnly: no script of this page can read it) and
 * drops the token from the address and history. The tab keeps only a mark that it has a session.
 */
async function startSession(token: string): Promise<void> {
  const res = await fetch('/session', {
    method: 'POST',
    headers: { 'X-Console-Token': token },
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (res.ok) sessionStorage.setItem(SESSION_MARK, '1');
}

/**
 * Picks the back end: the preload's API when present, else the WebSocket, its session a cookie traded for the token in
 * the URL fragment.
 */
export function createApi(): ConsoleApi {
  const preload = desktopPreload();
  if (preload) return overPreload(preload);
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  // SECURITY: the token leaves the address bar (and history) at once and is kept nowhere a script can read.
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  const ready = token ? startSession(token).catch(() => {}) : Promise.resolve();
  // The console's new address opened in this tab differs from this page's only by its #token: the
  // browser does not load the page again for that, so the page trades the new token and reloads.
  addEventListener('hashchange', () => {
    const next = new URLSearchParams(location.hash.slice(1)).get('token');
    if (!next) return;
    history.replaceState(null, '', location.pathname + location.search);
    void startSession(next)
      .catch(() => {})
      .then(() => location.reload());
  });
  return webSocketApi(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`, ready);
}

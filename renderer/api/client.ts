import { PRELOAD_GLOBAL, type PreloadApi } from '../../shared/preload-api';
import { textOf } from './wire-text';
import type { EventName, EventPayload, Reply, RequestInput, RequestName, RequestOutput } from '../../shared/contract';
import { PAGE_MESSAGE_MAX_BYTES } from '../../shared/ws-frames';

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
  /** The console's address still serves the page but refuses its token: it was started again (a new token each start). */
  restarted: boolean;
}

const mb = (n: number): string => (n / 1_048_576).toFixed(1);

/**
 * A request's text, or an ApiError when it is larger than the console takes: the console would
 * close the link for it and every request in flight would be lost, so this one alone is refused
 * and nothing is sent. Bytes of UTF-8 are counted only when the characters leave it in doubt.
 */
function withinLimit(text: string): string {
  const bytes = text.length > PAGE_MESSAGE_MAX_BYTES || text.length * 3 <= PAGE_MESSAGE_MAX_BYTES ? text.length : new TextEncoder().encode(text).length;
  if (bytes > PAGE_MESSAGE_MAX_BYTES)
    throw new ApiError('too-large', `not sent: the request is ${mb(bytes)} MB; the console takes at most ${mb(PAGE_MESSAGE_MAX_BYTES)} MB in one request`);
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

/**
 * Messages at least this long are parsed in a worker, so no single parse holds the main thread
 * (from 1 MB the core sends them as bytes). Shorter ones are parsed here: handing a parsed message
 * back from a worker copies it object by object, and for a catalog chunk of 1,000 tools that copy
 * (30–50 ms) costs several times the parse it saved (5–10 ms for its 0.6 MB).
 */
export const OFF_THREAD_CHARS = 1024 * 1024;

/**
 * Parses messages in arrival order and hands each on in that order: short ones on the spot, long
 * ones in a worker (when the page has workers), with everything after a long one waiting its turn.
 */
export function orderedParser(deliver: (msg: unknown) => void, makeWorker: (() => Worker) | undefined) {
  let worker: Worker | undefined;
  let seq = 0;
  const waiting = new Map<number, (r: { value?: unknown; error?: string }) => void>();
  let tail: Promise<void> = Promise.resolve();
  let queued = 0;
  const parseOff = (data: string | ArrayBuffer[]): Promise<unknown> => {
    worker ??= makeWorker?.();
    if (!worker) return Promise.resolve(JSON.parse(textOf(data)));
    worker.onmessage = (e: MessageEvent<{ seq: number; value?: unknown; error?: string }>) => {
      waiting.get(e.data.seq)?.(e.data);
      waiting.delete(e.data.seq);
    };
    const id = ++seq;
    const done = new Promise<unknown>((ok, fail) => waiting.set(id, (r) => (r.error !== undefined ? fail(new Error(r.error)) : ok(r.value))));
    // Bytes are handed over (transferred), not copied: the page never decodes them.
    if (typeof data === 'string') worker.postMessage({ seq: id, text: data });
    else worker.postMessage({ seq: id, parts: data }, data);
    return done;
  };
  let parts: ArrayBuffer[] = [];
  const receive = (frame: string | ArrayBuffer): void => {
    // A long message comes in binary parts (BINARY_FRAME_CHARS): kept until the last one.
    if (typeof frame !== 'string') {
      if (frame.byteLength === 0) return; // not a part the core sends
      parts.push(frame);
      if (new Uint8Array(frame, 0, 1)[0] === 1) return;
    }
    const data = typeof frame === 'string' ? frame : parts;
    if (typeof frame !== 'string') parts = [];
    const long = makeWorker !== undefined && (typeof data !== 'string' || data.length >= OFF_THREAD_CHARS);
    if (!long && queued === 0) return deliver(JSON.parse(textOf(data)));
    queued++;
    const parsed = long ? parseOff(data) : Promise.resolve().then(() => JSON.parse(textOf(data)) as unknown);
    tail = tail
      .then(() => parsed)
      .then(deliver, () => undefined)
      .finally(() => queued--);
  };
  /** The connection is gone: its worker goes with it. */
  const close = () => {
    parts = [];
    worker?.terminate();
    worker = undefined;
    waiting.clear();
  };
  return { receive, close };
}

/**
 * The contract over the browser-mode WebSocket; reconnects and tells listeners when it is up or down.
 * A request while the link is down fails at once, sending nothing (it would otherwise wait for a
 * console that may never come back); one in flight when it drops fails with that said.
 */
export function webSocketApi(url: string, ready: Promise<void> = Promise.resolve()): ConsoleApi {
  let ws: WebSocket | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
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
      (parsed) => {
        const msg = parsed as { id?: number; reply?: Reply<unknown>; event?: EventName; payload?: unknown };
        handle(msg);
      },
      typeof Worker === 'undefined' ? undefined : () => new Worker(new URL('./json-worker.ts', import.meta.url), { type: 'module' }),
    );
    sock.onmessage = (m: MessageEvent<string | ArrayBuffer>) => parser.receive(m.data);
    const handle = (msg: { id?: number; reply?: Reply<unknown>; event?: EventName; payload?: unknown }) => {
      if (msg.event) listeners.forEach((l) => l(msg.event!, msg.payload));
      else if (typeof msg.id === 'number') {
        const p = pending.get(msg.id);
        pending.delete(msg.id);
        if (!p || !msg.reply) return;
        if (msg.reply.ok) p.resolve(msg.reply.value);
        else p.reject(new ApiError(msg.reply.error.code, msg.reply.error.message));
      }
    };
    sock.onclose = () => {
      parser.close();
      if (ws === sock) ws = null;
      for (const p of pending.values())
        p.reject(new ApiError('disconnected', 'the connection to the console was lost before it answered: the request may or may not have been done'));
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
      const offs = Object.entries(preload.events).map(([name, subscribe]) => subscribe((payload) => (listener as AnyListener)(name as EventName, payload)));
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

/** Set in this tab once it traded a token for a session: the page then has a back end (the session itself is in a cookie it cannot read). */
const SESSION_MARK = 'mcp-console-session';

/** True when this page can reach a back end: the desktop preload, a browser-mode token in the address, or a session this tab made. */
export function hasBackEnd(): boolean {
  if (desktopPreload()) return true;
  return Boolean(new URLSearchParams(location.hash.slice(1)).get('token') || sessionStorage.getItem(SESSION_MARK));
}

/**
 * Trades the printed token for a session cookie (HttpOnly: no script of this page can read it) and
 * drops the token from the address and history. The tab keeps only a mark that it has a session.
 */
async function startSession(token: string): Promise<void> {
  const res = await fetch('/session', { method: 'POST', headers: { 'X-Console-Token': token }, credentials: 'same-origin', cache: 'no-store' });
  if (res.ok) sessionStorage.setItem(SESSION_MARK, '1');
}

/** Picks the back end: the preload's API when present, else the WebSocket, its session a cookie traded for the token in the URL fragment. */
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
  return webSocketApi(`ws://${location.host}/ws`, ready);
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { eventNames, requestNames } from '../../../../shared/contract/index.js';
import { CSP } from '../../../../shared/csp.js';
import { fixtureStdio, makeCore } from '../../../../e2e/harness/harness.js';
import {
  buildPreloadApi,
  eventChannel,
  IPC_PREFIX,
  NAMES_CHANNEL,
  requestChannel,
} from '../../../../shared/preload-api.js';
import { CONSOLE_USER } from '../../../../shared/schemas/requester.js';
import { partsOf } from '../../../core/testing.js';
import { registerIpc } from './ipc.js';
import { openExternalLink } from './links.js';
import { menuTemplate } from './menu.js';
import { appResponse } from './protocol.js';
import { denyPermissions, lockContents } from './security.js';
import { isAppUrl, windowOptions } from './window-options.js';
import { loadWindowState, saveWindowState } from './window-state.js';

type Handler = (event: { senderFrame: unknown }, input: unknown) => Promise<unknown>;
type SyncHandler = (event: { senderFrame: unknown; returnValue?: unknown }) => void;
const NAMES = { requests: requestNames, events: eventNames };

describe('IPC', () => {
  const h = makeCore();
  afterAll(() => h.dispose());
  const handlers = new Map<string, Handler>();
  const sync = new Map<string, SyncHandler>();
  const ipc = {
    handle: vi.fn((channel: string, fn: Handler) => void handlers.set(channel, fn)),
    on: (c: string, fn: SyncHandler) => void sync.set(c, fn),
  };
  const mainFrame = { id: 'main' };
  /** What the preload's sendSync on the names channel gets back, for this sender. */
  const askNames = (senderFrame: unknown) => {
    const event: { senderFrame: unknown; returnValue?: unknown } = { senderFrame };
    sync.get(NAMES_CHANNEL)!(event);
    return event.returnValue;
  };
  registerIpc(ipc as never, h.core.handlers({ requester: CONSOLE_USER }), (frame) => (frame as unknown) === mainFrame);

  it('registers exactly one handler per contract request', () => {
    expect(ipc.handle).toHaveBeenCalledTimes(requestNames.length);
    expect([...handlers.keys()].sort()).toEqual(requestNames.map(requestChannel).sort());
  });

  it('gives the preload the contract’s names, and a frame that is not the main one nothing', () => {
    expect(askNames(mainFrame)).toEqual({ requests: [...requestNames], events: [...eventNames] });
    expect(askNames({ id: 'iframe' })).toBeNull();
    expect(() =>
      buildPreloadApi(
        askNames({ id: 'iframe' }),
        async () => null,
        () => () => {},
      ),
    ).toThrow(/names/);
  });

  it('refuses a sender that is not the main frame, before any core method runs', async () => {
    const spy = vi.spyOn(partsOf(h.core).store, 'list');
    const r = await handlers.get('mcp:req:servers.list')!({ senderFrame: { id: 'iframe' } }, {});
    expect(r).toEqual({ ok: false, error: { code: 'forbidden', message: expect.any(String) } });
    expect(await handlers.get('mcp:req:servers.list')!({ senderFrame: null }, {})).toMatchObject({ ok: false });
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses invalid input with an error, reaching no core method', async () => {
    const spy = vi.spyOn(partsOf(h.core).admin, 'add');
    const r = await handlers.get('mcp:req:servers.add')!(
      { senderFrame: mainFrame },
      { id: 'x', config: { type: 'stdio', command: 'sh', shell: true } },
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(spy).not.toHaveBeenCalled();
  });

  it("runs beforeReply once a request is handled and before its answer (the window's waiting events go first)", async () => {
    const own = makeCore();
    try {
      const order: string[] = [];
      const hs = new Map<string, Handler>();
      const fake = { handle: (channel: string, fn: Handler) => void hs.set(channel, fn), on: () => {} };
      registerIpc(
        fake as never,
        own.core.handlers({ requester: CONSOLE_USER }),
        (f) => (f as unknown) === mainFrame,
        () => order.push(`before the answer: ${own.core.listServers().length} server`),
      );
      const answer = hs.get('mcp:req:servers.add')!(
        { senderFrame: mainFrame },
        { id: 'ordered', config: fixtureStdio() },
      );
      expect(order).toEqual([]);
      expect(await answer).toMatchObject({ ok: true });
      order.push('answered');
      expect(order).toEqual(['before the answer: 1 server', 'answered']);
    } finally {
      await own.dispose();
    }
  });

  it('answers a valid request from the main frame', async () => {
    expect(await handlers.get('mcp:req:servers.list')!({ senderFrame: mainFrame }, {})).toEqual({
      ok: true,
      value: [],
    });
  });

  it('is what the preload calls: every request of the preload API reaches a main handler, every event channel is one main sends on', async () => {
    const subscribed: string[] = [];
    const preload = buildPreloadApi(
      askNames(mainFrame),
      (channel, input) => {
        const handler = handlers.get(channel);
        if (!handler) throw new Error(`main has no handler on ${channel}`);
        return handler({ senderFrame: mainFrame }, input);
      },
      (channel) => (subscribed.push(channel), () => {}),
    );
    for (const name of requestNames) {
      // Empty input: a reply from the contract's parser or the core, never a missing channel.
      const reply = (await preload.requests[name]({})) as { ok: boolean; error?: { code: string } };
      expect(reply.ok || reply.error?.code !== 'unknown-request', name).toBe(true);
    }
    for (const name of eventNames) preload.events[name](() => {});
    expect(subscribed).toEqual(eventNames.map(eventChannel));
    expect(subscribed.every((c) => c.startsWith(`${IPC_PREFIX}:evt:`))).toBe(true);
  });
});

describe('the preload API', () => {
  it('exposes exactly one method per request and one subscribe per event, built from the contract', () => {
    const b = buildPreloadApi(
      NAMES,
      async () => ({ ok: true, value: 1 }),
      () => () => {},
    );
    expect(Object.keys(b).sort()).toEqual(['events', 'requests']);
    expect(Object.keys(b.requests)).toEqual(requestNames);
    expect(Object.keys(b.events)).toEqual(eventNames);
    expect(Object.isFrozen(b.requests)).toBe(true);
  });

  it('refuses names that are not two lists of contract-shaped names', () => {
    const build = (names: unknown) => () =>
      buildPreloadApi(
        names,
        async () => null,
        () => () => {},
      );
    for (const bad of [
      undefined,
      null,
      'servers.list',
      { requests: ['servers.list'] },
      { requests: ['a b'], events: [] },
      { requests: [1], events: [] },
    ])
      expect(build(bad), JSON.stringify(bad)).toThrow(/names/);
    expect(build({ requests: Array.from({ length: 1001 }, (_, i) => `x.n${i}`), events: [] })).toThrow(/names/);
    expect(
      Object.keys(
        buildPreloadApi(
          { requests: ['servers.list'], events: ['server.status'] },
          async () => null,
          () => () => {},
        ).requests,
      ),
    ).toEqual(['servers.list']);
  });

  it('invokes the request channel and hands listeners the payload only', async () => {
    const invoke = vi.fn(async () => ({ ok: true, value: 'x' }));
    let delivered: ((p: unknown) => void) | undefined;
    const subscribe = vi.fn((_c: string, l: (p: unknown) => void) => ((delivered = l), () => {}));
    const b = buildPreloadApi(NAMES, invoke, subscribe);
    await b.requests['tools.list']({ serverId: 'a' });
    expect(invoke).toHaveBeenCalledWith('mcp:req:tools.list', { serverId: 'a' });
    const seen: unknown[] = [];
    b.events['call.updated']((p) => seen.push(p));
    expect(subscribe).toHaveBeenCalledWith('mcp:evt:call.updated', expect.any(Function));
    delivered!({ id: 'c' });
    expect(seen).toEqual([{ id: 'c' }]);
  });
});

describe('window and session hardening', () => {
  it('builds the window with isolation, sandbox and web security on, Node and webviews off', () => {
    const o = windowOptions('/p/preload.cjs', { width: 800, height: 600 });
    expect(o.webPreferences).toMatchObject({
      preload: '/p/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      webSecurity: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
  });

  it('has a strict CSP: nothing remote, no eval, no inline script', () => {
    expect(CSP).toContain("default-src 'none'");
    expect(CSP).toContain("script-src 'self'");
    expect(CSP).not.toMatch(/unsafe-eval|https?:|\*/);
    expect(CSP.match(/script-src[^;]*/)![0]).not.toContain('unsafe-inline');
  });

  it('opens no window, prevents navigation away from the app, refuses webviews', () => {
    const on = new Map<string, (e: { preventDefault(): void }, url: string) => void>();
    let openHandler: ((d: { url: string }) => { action: string }) | undefined;
    lockContents({
      setWindowOpenHandler: (f: never) => void (openHandler = f),
      on: (ev: string, f: never) => void on.set(ev, f),
    } as never);
    expect(openHandler!({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    const prevented = (ev: string, url: string) => {
      const e = { preventDefault: vi.fn() };
      on.get(ev)!(e, url);
      return e.preventDefault.mock.calls.length > 0;
    };
    expect(prevented('will-navigate', 'https://evil.test/')).toBe(true);
    expect(prevented('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(prevented('will-redirect', 'http://127.0.0.1:1/')).toBe(true);
    expect(prevented('will-navigate', 'app://console/index.html')).toBe(false);
    expect(prevented('will-attach-webview', '')).toBe(true);
    expect(isAppUrl('app://other/index.html')).toBe(false);
  });

  it('denies every permission request and check', () => {
    let request: ((wc: unknown, p: string, cb: (ok: boolean) => void) => void) | undefined;
    let check: (() => boolean) | undefined;
    denyPermissions({
      setPermissionRequestHandler: (f: never) => void (request = f),
      setPermissionCheckHandler: (f: never) => void (check = f),
    } as never);
    for (const p of ['media', 'notifications', 'clipboard-read', 'geolocation']) {
      const cb = vi.fn();
      request!(null, p, cb);
      expect(cb).toHaveBeenCalledWith(false);
    }
    expect(check!()).toBe(false);
  });
});

describe('app:// protocol', () => {
  const h = makeCore();
  afterAll(() => h.dispose());
  const root = join(h.dataDir, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'a.js'), 'x');
  writeFileSync(join(h.dataDir, 'secret.txt'), 'secret');

  it('serves the renderer with the CSP on every response', async () => {
    const r = await appResponse(root, 'app://console/index.html');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-security-policy')).toBe(CSP);
    expect((await appResponse(root, 'app://console/assets/a.js')).headers.get('content-type')).toMatch(/javascript/);
  });

  it('serves nothing outside the renderer folder or from another host', async () => {
    expect((await appResponse(root, 'app://console/../secret.txt')).status).toBe(404);
    expect((await appResponse(root, 'app://console/%2e%2e/secret.txt')).status).toBe(404);
    expect((await appResponse(root, 'app://other/index.html')).status).toBe(404);
  });
});

describe('external links', () => {
  it('opens only http(s), only after the user confirmed the full URL', async () => {
    const open = vi.fn(async () => {});
    expect(await openExternalLink('https://example.com/a?b', async () => true, open)).toEqual({ opened: true });
    expect(open).toHaveBeenCalledWith('https://example.com/a?b');
    expect(await openExternalLink('https://example.com', async () => false, open)).toEqual({ opened: false });
    for (const bad of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'ms-settings:', 'not a url']) {
      const confirm = vi.fn(async () => true);
      expect(await openExternalLink(bad, confirm, open)).toEqual({ opened: false });
      expect(confirm).not.toHaveBeenCalled();
    }
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe('window state and menu', () => {
  const h = makeCore();
  afterAll(() => h.dispose());
  it('remembers size and position, and ignores nonsense', () => {
    expect(loadWindowState(h.dataDir)).toEqual({ width: 1400, height: 900 });
    saveWindowState(h.dataDir, { x: 10, y: 20, width: 1000, height: 700 });
    expect(loadWindowState(h.dataDir)).toEqual({ x: 10, y: 20, width: 1000, height: 700 });
    writeFileSync(join(h.dataDir, 'window-state.json'), '{"width":-5,"height":"x"}');
    expect(loadWindowState(h.dataDir)).toEqual({ width: 1400, height: 900 });
  });
  it('has reload and devtools only in development', () => {
    const roles = (dev: boolean) =>
      JSON.stringify(menuTemplate({ isMac: false, isDev: dev, appName: 'MCP Console', about: () => {} }));
    expect(roles(true)).toContain('toggleDevTools');
    expect(roles(false)).not.toContain('toggleDevTools');
    expect(roles(false)).not.toContain('reload');
    expect(roles(false)).toContain('"role":"help"');
  });
});

// A .tsx file, as e2e/fuzz's: the dom-tests project type-checks it with the page's own settings (renderer/ imports
// without extensions).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { webSocketApi as pageApi, type ConsoleApi, type LinkDown } from '../../renderer/api/client';
import { startServe, type ServeProcess } from '../tools/serve-process.js';

// The page's client (renderer/api/client.ts) over a real `serve`, in Node: `ws` stands in for the
// browser's WebSocket, sending the Origin a browser sends (serve refuses an upgrade without one).
let origin = '';
class PageSocket extends NodeWebSocket {
  constructor(url: string) {
    super(url, { headers: { Origin: origin } });
    // A browser's socket reports a failed connection by its close event; `ws` also raises an error,
    // which would be thrown without a listener.
    this.on('error', () => {});
  }
}

/** What the client told its listeners, in order. */
function watch(api: ConsoleApi): (boolean | LinkDown)[] {
  const told: (boolean | LinkDown)[] = [];
  api.onConnection((up, down) => told.push(up ? true : down!));
  return told;
}

describe('the page’s link to serve', () => {
  let dataDir: string;
  const running: ServeProcess[] = [];
  const saved = globalThis.WebSocket;
  beforeAll(() => {
    globalThis.WebSocket = PageSocket as unknown as typeof WebSocket;
  });
  afterAll(() => {
    globalThis.WebSocket = saved;
  });
  // Every client a test opens is closed after it: none reconnects into the next test, or after the file.
  const clients: ConsoleApi[] = [];
  const webSocketApi = (url: string): ConsoleApi => {
    const api = pageApi(url);
    clients.push(api);
    return api;
  };
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close?.();
    for (const s of running.splice(0)) await s.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (extra: string[] = []) => {
    const s = await startServe({ mcpServers: {} }, dataDir, extra);
    running.push(s);
    const u = new URL(s.url);
    origin = u.origin;
    return { s, port: u.port, wsUrl: `ws://${u.host}/ws?token=${new URLSearchParams(u.hash.slice(1)).get('token')}` };
  };

  it('serve stops: a request fails at once sending nothing; serve started again with a new token is told apart from a stopped one', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'page-link-'));
    const first = await start();
    const api = webSocketApi(first.wsUrl);
    const told = watch(api);
    // A request made before the first try ends waits for it, then is answered.
    expect(await api.request('servers.list', {})).toEqual([]);
    expect(told).toEqual([true]);

    await first.s.stop();
    running.splice(0);
    await expect.poll(() => told.length).toBe(2);
    expect(told[1]).toMatchObject({ wasUp: true, tries: 0, restarted: false });
    // At once, not after a reconnection that may never come.
    const t0 = Date.now();
    await expect(api.request('servers.list', {})).rejects.toThrow(
      /^The console is not reachable \(the connection to it was lost; the page reconnects by itself\)\. Nothing was sent\.$/,
    );
    expect(Date.now() - t0).toBeLessThan(100);
    // Nothing listens: the tries fail, and the address does not serve the page either.
    await expect.poll(() => (told.at(-1) as LinkDown).tries, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    expect(told.at(-1)).toMatchObject({ wasUp: true, restarted: false });

    // serve again on the same port: it serves the page, but not this page's token.
    await start(['--port', first.port]);
    await expect.poll(() => (told.at(-1) as LinkDown).restarted, { timeout: 15_000 }).toBe(true);
    expect(told.includes(true, 1)).toBe(false);
    await expect(api.request('servers.list', {})).rejects.toThrow(
      'the console was started again and no longer takes this page: open the address it printed',
    );
  });

  it('a request larger than serve takes is refused alone: the link stays up and the others are answered', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'page-link-'));
    const { wsUrl } = await start();
    const api = webSocketApi(wsUrl);
    const told = watch(api);
    expect(await api.request('servers.list', {})).toEqual([]);
    // A view's 30 MB tools/call, as the bridge forwards it, beside ordinary requests in flight.
    const big = api.request('servers.list', { pad: 'x'.repeat(30 * 1_048_576) } as never);
    const others = [api.request('servers.list', {}), api.request('servers.list', {})];
    await expect(big).rejects.toThrow(
      /^not sent: the request is 30\.0 MB; the console takes at most 16\.0 MB in one request$/,
    );
    expect(await Promise.all(others)).toEqual([[], []]);
    // Multi-byte text is measured in bytes: 6 M characters of three bytes each are 18 MB.
    await expect(api.request('servers.list', { pad: '€'.repeat(6 * 1_048_576) } as never)).rejects.toThrow(/18\.0 MB/);
    expect(await api.request('servers.list', {})).toEqual([]);
    expect(told).toEqual([true]);
  });

  it('a link that drops and comes back is told both ways, and the requests after it are answered', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'page-link-'));
    const { wsUrl } = await start();
    const sockets: NodeWebSocket[] = [];
    // The test keeps each socket the client opens, to cut one as a network would.
    class Kept extends PageSocket {
      constructor(url: string) {
        super(url);
        sockets.push(this);
      }
    }
    globalThis.WebSocket = Kept as unknown as typeof WebSocket;
    try {
      const api = webSocketApi(wsUrl);
      const told = watch(api);
      expect(await api.request('servers.list', {})).toEqual([]);
      sockets[0]!.terminate();
      await expect.poll(() => told.length).toBe(2);
      expect(told[1]).toMatchObject({ wasUp: true, restarted: false });
      await expect.poll(() => told.at(-1), { timeout: 5000 }).toBe(true);
      expect(sockets).toHaveLength(2);
      expect(await api.request('servers.list', {})).toEqual([]);
    } finally {
      globalThis.WebSocket = PageSocket as unknown as typeof WebSocket;
    }
  });

  it('a token serve does not take: the first request fails instead of waiting, and the banner can say why', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'page-link-'));
    const { wsUrl } = await start();
    const api = webSocketApi(wsUrl.replace(/token=[^&]*/, 'token=not-the-token'));
    const told = watch(api);
    await expect(api.request('servers.list', {})).rejects.toThrow(
      /^The console is not reachable \(the page could not connect to it\)\. Nothing was sent\.$/,
    );
    expect(told[0]).toMatchObject({ wasUp: false, tries: 1 });
    await expect.poll(() => (told.at(-1) as LinkDown).restarted, { timeout: 5000 }).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { makeCore } from '../../../e2e/harness/harness.js';
import { sdkIfLoaded } from '../../core/testing.js';
import { startWebServer, type WebServer } from './web-server.js';

// The order matters: one module instance for the whole file.
describe('a page opened in browser mode', () => {
  const h = makeCore();
  let s: WebServer;
  beforeAll(async () => {
    s = await startWebServer(h.core, { staticDir: h.dataDir }); // no page is served: the socket is what counts
  });
  afterAll(async () => {
    await s.close();
    await h.dispose();
  });

  it('has the MCP SDK loaded while the person looks, so the first connect does not wait for it', async () => {
    expect(sdkIfLoaded(), 'a serve with no page leaves the SDK out').toBeUndefined();
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/ws?token=${encodeURIComponent(s.token)}`, {
      headers: { Origin: `http://127.0.0.1:${s.port}` },
    });
    await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
    await vi.waitFor(() => expect(sdkIfLoaded()?.Client).toBeTypeOf('function'), { timeout: 5000 });
    ws.close();
  });
});

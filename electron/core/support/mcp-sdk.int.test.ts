import { afterAll, describe, expect, it } from 'vitest';
import { fixtureStdio, makeCore } from '../../../e2e/harness/harness.js';
import { sdkIfLoaded } from './mcp-sdk.js';

// The order matters: one module instance for the whole file, the SDK loaded by the second test.
describe('the MCP SDK is loaded when the console first needs it', () => {
  const h = makeCore();
  afterAll(() => h.dispose());

  it('is not loaded by a core that has connected to nothing', async () => {
    h.core.addServer('fx', fixtureStdio({ FIXTURE_TOOLS: '120' }));
    expect((await h.core.ask('servers.list', {})).map((s) => s.id)).toContain('fx');
    await h.core.ask('tools.list', { serverId: 'fx' });
    expect(sdkIfLoaded()).toBeUndefined();
  });

  it('is loaded by the first connect, which connects and lists as before', async () => {
    const view = await h.core.connect('fx');
    expect(view.status, view.error).toBe('connected');
    expect(sdkIfLoaded()?.Client).toBeTypeOf('function');
    expect(h.core.tools('fx').length).toBeGreaterThanOrEqual(120); // the fixture's 120, and its one mutable tool
  });
});

import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { EVERYTHING, fixtureStdio, makeCore, nextEvent } from '../harness/harness.js';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { startGateway, type Gateway } from '../../electron/hosts/gateway/start-gateway.js';
import { MAX_BODY_BYTES } from '../../electron/hosts/gateway/http-adapter.js';
import { partsOf, type TestCore } from '../../electron/core/testing.js';

type Era = 'legacy' | 'modern';

/** An SDK client playing an agent over the gateway's HTTP endpoint. */
async function agentClient(url: string, token: string, era: Era, capabilities = {}): Promise<Client> {
  const client = new Client(
    { name: 'test-agent', version: '1.0.0' },
    { capabilities, versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  );
  return client;
}

function text(r: { content?: unknown }): string {
  return ((r.content as Array<{ text?: string }>) ?? []).map((b) => b.text ?? '').join('');
}

describe('approval gateway over HTTP', () => {
  let h: ReturnType<typeof makeCore>;
  let core: TestCore;
  let gw: Gateway;
  beforeEach(async () => {
    h = makeCore({ auditFsync: true });
    core = h.core;
    core.addServer('fx', fixtureStdio({ FIXTURE_TOOLS: '20' }), {}, false);
    core.addServer('other', fixtureStdio({ FIXTURE_TOOLS: '5' }), {}, false);
    expect((await core.connect('fx')).status).toBe('connected');
    expect((await core.connect('other')).status).toBe('connected');
    gw = await startGateway(core, h.dataDir);
  });
  afterEach(async () => {
    await gw.close();
    await h.dispose();
  });

  for (const era of ['legacy', 'modern'] as const) {
    it(`${era}: an agent sees only its servers, namespaced, whole; its call waits for the person and carries the agent's name`, async () => {
      const { token } = partsOf(core).agents.add('claude', ['fx']);
      const agent = await agentClient(gw.url, token, era);
      const { tools } = await agent.listTools();
      expect(tools.every((t) => t.name.startsWith('fx.'))).toBe(true);
      const echo = tools.find((t) => t.name === 'fx.echo');
      expect(echo?.inputSchema).toEqual(core.rawTool('fx', 'echo')?.inputSchema);
      const asked = nextEvent(core, 'approval.requested');
      const result = agent.callTool({ name: 'fx.echo', arguments: { message: 'hi' } });
      const approval = await asked;
      expect(approval.requestedBy).toEqual({ kind: 'agent', name: 'claude' });
      expect(approval.argsJson).toBe('{"message":"hi"}');
      core.decide({ approvalId: approval.id, decision: 'approve', argsHash: approval.argsHash, scope: 'once' }, 'user');
      const r = await result;
      expect(r.isError).toBeFalsy();
      expect(text(r)).toContain('hi');
      const entries = core.queryAudit({ serverId: 'fx', limit: 50 }).filter((e) => e.callId === approval.callId);
      expect(entries.map((e) => e.kind)).toEqual(['call-requested', 'approved', 'completed']);
      expect(entries.every((e) => e.requestedBy?.kind === 'agent' && e.requestedBy.name === 'claude')).toBe(true);
      // The audit log filters by who asked.
      const mine = core.queryAudit({ requester: 'agent:claude', limit: 100 });
      expect(mine.map((e) => e.callId).filter(Boolean)).toEqual(entries.map((e) => e.callId));
      expect(core.queryAudit({ requester: 'agent:someone-else', limit: 100 })).toEqual([]);
      await agent.close();
    });

    it(`${era}: a denial comes back as a tool error with the reason, never a success`, async () => {
      const { token } = partsOf(core).agents.add('cursor', ['fx']);
      const agent = await agentClient(gw.url, token, era);
      const asked = nextEvent(core, 'approval.requested');
      const result = agent.callTool({ name: 'fx.echo', arguments: { message: 'no' } });
      const a = await asked;
      core.decide(
        { approvalId: a.id, decision: 'deny', argsHash: a.argsHash, scope: 'once', reason: 'not now' },
        'user',
      );
      const r = await result;
      expect(r.isError).toBe(true);
      expect(text(r)).toMatch(/denied the call to "echo" \(not now\); it was not sent/);
      await agent.close();
    });
  }

  it("refuses an unknown token, another agent's session, and a server the agent was not granted", async () => {
    const a = partsOf(core).agents.add('a', ['fx']);
    const b = partsOf(core).agents.add('b', ['other']);
    await expect(agentClient(gw.url, 'mcpc_agent_nope', 'legacy')).rejects.toThrow(/unknown or was revoked/);
    const ca = await agentClient(gw.url, a.token, 'legacy');
    expect((await ca.listTools()).tools.some((t) => t.name.startsWith('other.'))).toBe(false);
    await expect(ca.callTool({ name: 'other.echo', arguments: { message: 'x' } })).rejects.toThrow(/no tool/);
    // b's token on a's session: no such session for b.
    const sid = (ca.transport as StreamableHTTPClientTransport).sessionId!;
    const res = await fetch(gw.url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${b.token}`,
        'Mcp-Session-Id': sid,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    expect(res.status).toBe(404);
    // A web page may not use the endpoint, even with a token.
    const page = await fetch(gw.url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${a.token}`, Origin: 'http://evil.test', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(page.status).toBe(403);
    await ca.close();
  });

  it('a session grant lets later calls through without asking; "never" refuses at once; a changed tool is hidden until accepted and voids the grant', async () => {
    const { token } = partsOf(core).agents.add('ci', ['fx']);
    const agent = await agentClient(gw.url, token, 'legacy');
    expect((await agent.listTools()).tools.map((t) => t.name)).toContain('fx.mutable');
    const asked = nextEvent(core, 'approval.requested');
    const first = agent.callTool({ name: 'fx.mutable', arguments: { path: '/a' } });
    const a = await asked;
    core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'always' }, 'user');
    expect(text(await first)).toBe('mutable v1');
    expect(partsOf(core).agents.grants()).toEqual([
      expect.objectContaining({ scope: 'always', tool: 'mutable', requester: { kind: 'agent', name: 'ci' } }),
    ]);
    const again = await agent.callTool({ name: 'fx.mutable', arguments: { path: '/b' } });
    expect(text(again)).toBe('mutable v1');
    expect(partsOf(core).agents.grants()[0]?.uses).toBe(1);
    // Rug pull: the tool gains a parameter upstream. The agent is told its list changed, and no longer sees it.
    const listChanged = new Promise<void>((r) =>
      agent.setNotificationHandler('notifications/tools/list_changed', () => r()),
    );
    const changed = nextEvent(core, 'catalog.changed', (c) => c.change.changed.some((t) => t.name === 'mutable'));
    core.decide(
      await (async () => {
        const ask = nextEvent(core, 'approval.requested', (x) => x.tool === 'change_tools');
        void core.requestCall('fx', 'change_tools', { action: 'add_param' }, { kind: 'console' });
        const x = await ask;
        return { approvalId: x.id, decision: 'approve', argsHash: x.argsHash, scope: 'once' };
      })(),
      'user',
    );
    await changed;
    await listChanged;
    expect((await agent.listTools()).tools.map((t) => t.name)).not.toContain('fx.mutable');
    await expect(agent.callTool({ name: 'fx.mutable', arguments: { path: '/c' } })).rejects.toThrow(/no tool/);
    const pending = partsOf(core).agents.pending();
    expect(pending).toEqual([expect.objectContaining({ serverId: 'fx', tool: 'mutable', state: 'changed' })]);
    expect(pending[0]?.diff?.fields).toContain('inputSchema');
    // Accepted: visible again, but the always-allow was for the old definition: void, and the person is asked.
    // The same pins flag the tool in the catalog and the review: accepting here settles it there too.
    const settled = nextEvent(
      core,
      'pins.changed',
      (p) => p.serverId === 'fx' && !p.unsettled.some((u) => u.tool === 'mutable'),
    );
    partsOf(core).agents.accept('fx', [{ tool: 'mutable', fingerprint: pending[0]!.fingerprint }]);
    await settled;
    const ask2 = nextEvent(core, 'approval.requested');
    const third = agent.callTool({ name: 'fx.mutable', arguments: { path: '/d' } });
    const a2 = await ask2;
    expect(core.queryAudit({ kind: 'grant-voided', limit: 5 })).toHaveLength(1);
    core.decide({ approvalId: a2.id, decision: 'deny', argsHash: a2.argsHash, scope: 'always' }, 'user');
    expect((await third).isError).toBe(true);
    const never = await agent.callTool({ name: 'fx.mutable', arguments: { path: '/e' } });
    expect(never.isError).toBe(true);
    expect(text(never)).toMatch(/standing "never" policy/);
    await agent.close();
  });

  it('an agent is told of a change that comes at once after it first saw its tools (inside the first recheck)', async () => {
    const agents = partsOf(core).agents;
    agents.add('quick', ['fx', 'other']);
    const told = new Promise<string>((resolve) => {
      const off = agents.onVisibleChanged((name) => name === 'quick' && (off(), resolve(name)));
    });
    // What the agent is shown now is what later changes are told against; the change comes before 50 ms pass.
    expect(agents.tools('quick').some((t) => t.name.startsWith('other.'))).toBe(true);
    await core.disconnect('other');
    expect(agents.tools('quick').some((t) => t.name.startsWith('other.'))).toBe(false);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('no visible change told in 5 s'), 5000);
    });
    expect(await Promise.race([told, timeout]).finally(() => clearTimeout(timer))).toBe('quick');
  });

  it('an approval nobody gives expires into a tool error; revoking an agent refuses its token at once and ends its calls', async () => {
    core.updateSettings({ approvalTimeoutMs: 1000 });
    const { token } = partsOf(core).agents.add('slow', ['fx']);
    const agent = await agentClient(gw.url, token, 'modern');
    const expired = await agent.callTool({ name: 'fx.echo', arguments: { message: 'late' } });
    expect(expired.isError).toBe(true);
    expect(text(expired)).toMatch(/before its approval expired/);
    core.updateSettings({ approvalTimeoutMs: 60_000 });
    const asked = nextEvent(core, 'approval.requested');
    const inflight = agent.callTool({ name: 'fx.echo', arguments: { message: 'pending' } });
    await asked;
    partsOf(core).agents.revoke('slow');
    const r = await inflight;
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/agent slow was revoked/);
    expect(core.pendingApprovals()).toEqual([]);
    await expect(agent.listTools()).rejects.toThrow(/unknown or was revoked/);
    await agent.close().catch(() => {});
  });
  for (const era of ['legacy', 'modern'] as const) {
    it(`${era}: progress flows to the agent (a note while it waits for the person, then the server's), and the agent's cancel reaches the server`, async () => {
      const { token } = partsOf(core).agents.add(`p-${era}`, ['fx']);
      const agent = await agentClient(gw.url, token, era);
      const seen: string[] = [];
      const ask = nextEvent(core, 'approval.requested');
      const slow = agent.callTool(
        { name: 'fx.slow_progress', arguments: { steps: 3, delayMs: 50 } },
        {
          onprogress: (p) => void seen.push(p.message ?? String(p.progress)),
        },
      );
      const a = await ask;
      core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'session' }, 'user');
      expect(text(await slow)).toBe('done after 3 steps');
      expect(seen[0]).toMatch(/waiting for a person/);
      expect(seen.slice(1)).toEqual(['step 1 of 3', 'step 2 of 3', 'step 3 of 3']);

      const ask2 = nextEvent(core, 'approval.requested');
      const controller = new AbortController();
      const hanging = agent.callTool({ name: 'fx.never_answers', arguments: {} }, { signal: controller.signal });
      const a2 = await ask2;
      const sent = () =>
        partsOf(core)
          .trace.list('fx', { method: 'tools/call' })
          .entries.filter((e) => e.dir === 'out' && e.kind === 'request').length;
      const before = sent();
      core.decide({ approvalId: a2.id, decision: 'approve', argsHash: a2.argsHash, scope: 'once' }, 'user');
      // Cancelled once the server has it (a cancel before that sends nothing upstream).
      await expect.poll(sent).toBeGreaterThan(before);
      const ended = nextEvent(core, 'call.updated', (c) => c.id === a2.callId && c.state === 'done');
      const serverSawIt = nextEvent(core, 'server.stderr', (e) =>
        e.lines.some((l) => l.includes('never_answers was cancelled')),
      );
      controller.abort();
      await expect(hanging).rejects.toThrow();
      expect((await ended).outcome).toBe('cancelled');
      await serverSawIt;
      await agent.close();
    });
  }

  it("an upstream server's question during an agent's call goes to the person, never to the agent", async () => {
    core.addServer('everything', { type: 'stdio', command: process.execPath, args: [EVERYTHING], env: {} }, {}, false);
    expect((await core.connect('everything')).status).toBe('connected');
    const { token } = partsOf(core).agents.add('asker', ['everything']);
    // The agent's host could answer questions itself; it is never asked.
    const agent = await agentClient(gw.url, token, 'legacy', { elicitation: { form: {} } });
    let agentAsked = false;
    agent.setRequestHandler('elicitation/create', () => ((agentAsked = true), { action: 'decline' }));
    const ask = nextEvent(core, 'approval.requested');
    const call = agent.callTool({ name: 'everything.trigger-elicitation-request', arguments: {} });
    const a = await ask;
    const question = nextEvent(core, 'elicitation.requested', (q) => q.serverId === 'everything');
    core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    const q = await question;
    expect(q.during).toEqual([expect.objectContaining({ callId: a.callId })]);
    partsOf(core).elicitations.answer({ id: q.id, action: 'decline' }, CONSOLE_USER);
    const r = await call;
    expect(agentAsked).toBe(false);
    expect(r.isError).toBeFalsy();
    await agent.close();
  });
  it('bad input at the doors harms only itself: a foreign Host, a body that is not JSON or is too large, a garbled or oversized bridge hello', async () => {
    const { token } = partsOf(core).agents.add('door', ['fx']);
    const port = new URL(gw.url).port;
    // DNS rebinding: the right token through a name that is not this listener.
    const status = await new Promise<number>((done) => {
      const r = request(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          headers: { Host: `evil.test:${port}`, Authorization: `Bearer ${token}` },
        },
        (res) => done(res.statusCode ?? 0),
      );
      r.end('{}');
    });
    expect(status).toBe(403);
    // Only the agent path is served (a query string aside).
    const at = (path: string) =>
      fetch(new URL(path, gw.url), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: '{}' }).then(
        (r) => r.status,
      );
    expect(await at('/mcp/')).toBe(404);
    expect(await at('/other')).toBe(404);
    expect(await at('/mcp?x=1')).not.toBe(404);
    // A body that is not JSON, and one that is JSON but no message, get the SDK's JSON-RPC errors (the body is parsed
    // once, by the console).
    const post = (body: string) =>
      fetch(gw.url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body,
      });
    const garbled = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(garbled.status).toBe(400);
    expect(await garbled.text()).toMatch(/-32700/);
    const notAMessage = await post('[]');
    expect(notAMessage.status).toBeGreaterThanOrEqual(400);
    const oversized = await post(
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(MAX_BODY_BYTES)}"}}`,
    );
    expect(oversized.status).toBe(413);
    expect(await oversized.text()).toMatch(/over 16777216 bytes/);
    const hello = (line: string) =>
      new Promise<string>((done) => {
        const s = connect(gw.socket);
        let got = '';
        s.on('data', (c) => (got += c.toString()));
        s.on('close', () => done(got));
        s.on('error', () => done(got));
        s.write(line);
      });
    expect(await hello('not json\n')).toMatch(/"ok":false/);
    expect(await hello('{"agent":"nobody"}\n')).toMatch(/no agent \\"nobody\\"/);
    expect(await hello('x'.repeat(5000))).toBe('');
    // Sessions an agent never closes are bounded: the oldest goes.
    const many = [];
    for (let i = 0; i < 18; i++) many.push(await agentClient(gw.url, token, 'legacy'));
    await expect(many[0]!.listTools()).rejects.toThrow();
    expect((await many[17]!.listTools()).tools.length).toBeGreaterThan(0);
    await Promise.all(many.map((c) => c.close().catch(() => {})));
    // Still serving.
    const agent = await agentClient(gw.url, token, 'legacy');
    expect((await agent.listTools()).tools.length).toBeGreaterThan(0);
    await agent.close();
  });
  it('modern: a new upstream tool stays hidden until the person accepts it; then the agent is told on its listen stream', async () => {
    const { token } = partsOf(core).agents.add('watcher', ['fx']);
    const updates: string[][] = [];
    const client = new Client(
      { name: 'test-agent', version: '1.0.0' },
      {
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        listChanged: { tools: { onChanged: (_e, tools) => void updates.push((tools ?? []).map((t) => t.name)) } },
      },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(gw.url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('fx.dynamic_1');
    const changed = nextEvent(core, 'catalog.changed', (c) => c.change.added.includes('dynamic_1'));
    const ask = nextEvent(core, 'approval.requested', (x) => x.tool === 'change_tools');
    void core.requestCall('fx', 'change_tools', { action: 'add' }, CONSOLE_USER);
    const x = await ask;
    core.decide({ approvalId: x.id, decision: 'approve', argsHash: x.argsHash, scope: 'once' }, 'user');
    await changed;
    expect(partsOf(core).agents.pending()).toEqual([expect.objectContaining({ tool: 'dynamic_1', state: 'new' })]);
    await new Promise((r) => setTimeout(r, 300));
    expect(updates).toEqual([]); // nothing the agent can see changed
    partsOf(core).agents.accept('fx', [
      { tool: 'dynamic_1', fingerprint: partsOf(core).agents.pending()[0]!.fingerprint },
    ]);
    await expect.poll(() => updates.at(-1) ?? [], { timeout: 5000 }).toContain('fx.dynamic_1');
    await client.close();
  });
});

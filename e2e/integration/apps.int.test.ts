import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeCore, nextEvent, startHttp, type Harness } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';
import { startGateway } from '../../electron/hosts/gateway/start-gateway.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { ServerConfig } from '../../shared/schemas/server.js';

const APP_SERVER = resolve('out/node/e2e/fixtures/app-server.js');
const PAGE = 'http://127.0.0.1:4999';

async function get(url: string): Promise<{ status: number; csp: string | null; body: string }> {
  const r = await fetch(url);
  return { status: r.status, csp: r.headers.get('content-security-policy'), body: await r.text() };
}

for (const era of ['legacy', 'modern'] as const) {
  describe(`MCP Apps in the core (${era === 'legacy' ? 'stdio, 2025' : 'HTTP, 2026-07-28'})`, () => {
    let h: Harness;
    let stop = () => {};
    beforeEach(async () => {
      h = makeCore();
      let config: ServerConfig = {
        type: 'stdio',
        command: process.execPath,
        args: [APP_SERVER],
        env: {},
        cwd: undefined,
      };
      if (era === 'modern') {
        const s = await startHttp(APP_SERVER, ['--http']);
        stop = s.stop;
        config = { type: 'http', url: `${s.url}/mcp`, headers: {} };
      }
      await h.core.serveViews([PAGE]);
      h.core.addServer('apps', config);
      expect((await h.core.connect('apps')).status).toBe('connected');
    });
    afterEach(async () => {
      await h.dispose();
      stop();
    });

    it('opens a view on its own origin, under the policy it declared and no wider, served once', async () => {
      const v = await h.core.ask('apps.open', { serverId: 'apps', tool: 'counter' });
      expect(new URL(v.frameUrl).origin).toBe(v.origin);
      expect(v.origin).not.toBe(PAGE);
      expect(v.resourceUri).toBe('ui://counter/view.html');
      // The read's csp, the listing's prefersBorder: each key from the read when it has it.
      expect(v.allowed.resourceDomains).toEqual(['https://cdn.example.com']);
      expect(v.prefersBorder).toBe(true);
      expect(v.csp).toContain("connect-src 'none'");
      expect(v.csp).toContain("img-src 'self' data: https://cdn.example.com");
      expect(v.csp).toContain("frame-src 'none'");
      const proxy = await get(v.frameUrl);
      expect(proxy.status).toBe(200);
      expect(proxy.csp).toContain(`frame-ancestors ${PAGE}`);
      expect(proxy.body).toContain(`/view/${v.viewId}`);
      const doc = await get(`${v.origin}/view/${v.viewId}`);
      expect(doc.status).toBe(200);
      expect(doc.csp).toBe(v.csp);
      expect(doc.body).toContain('Counter view v1');
      expect((await get(`${v.origin}/view/${v.viewId}`)).status).toBe(410);
      expect((await get(`${v.origin}/view/not-a-view-id-at-all`)).status).toBe(404);
      const opened = await h.core.ask('audit.query', { kind: 'app-view-opened' });
      expect(opened.at(-1)?.detail).toMatchObject({
        resourceUri: 'ui://counter/view.html',
        htmlSha256: v.htmlSha256,
        csp: v.csp,
      });
    });

    it('drops declared domains that would widen the policy, and grants no permission the person did not allow', async () => {
      const v = await h.core.ask('apps.open', { serverId: 'apps', tool: 'probe' });
      expect(v.allowed.connectDomains).toEqual(['https://api.example.com']);
      expect(v.csp).toContain('connect-src https://api.example.com;');
      expect(v.csp).not.toMatch(/unsafe-eval|\s\*[\s;]|insecure\.example|\*\.com/);
      expect(v.problems.join('\n')).toMatch(/not an origin[\s\S]*not encrypted[\s\S]*top-level domain/);
      expect(v.permissions).toEqual({ declared: ['camera', 'geolocation'], granted: [] });
      expect((await get(v.frameUrl)).body).toContain(`inner.setAttribute('allow', "")`);
      // The person allows the camera (and the microphone, which no view asked for) for this server's views.
      await h.core.ask('servers.update', { serverId: 'apps', settings: { viewPermissions: ['camera', 'microphone'] } });
      const again = await h.core.ask('apps.open', { serverId: 'apps', tool: 'probe' });
      expect(again.permissions).toEqual({ declared: ['camera', 'geolocation'], granted: ['camera'] });
      expect((await get(again.frameUrl)).body).toContain(`inner.setAttribute('allow', "camera 'src'")`);
    });

    it("a view's call goes through the gate as the view's, only to tools that admit views", async () => {
      const v = await h.core.ask('apps.open', { serverId: 'apps', tool: 'counter' });
      const asked = nextEvent(h.core, 'approval.requested');
      const record = await h.core.ask('apps.call', { viewId: v.viewId, tool: 'bump', args: { by: 2 } });
      expect(record.state).toBe('awaiting-approval');
      const approval = await asked;
      expect(approval.requestedBy).toEqual({ kind: 'view', serverId: 'apps', tool: 'counter' });
      h.core.decide(
        { approvalId: approval.id, decision: 'approve', argsHash: approval.argsHash, scope: 'once' },
        'user',
      );
      const done = await h.core.waitCall(record.id);
      expect(done.result?.structuredContent).toEqual({ count: 2 });
      await expect(h.core.ask('apps.call', { viewId: v.viewId, tool: 'model_only', args: {} })).rejects.toThrow(
        /not callable from a view/,
      );
      await expect(h.core.ask('apps.call', { viewId: 'gone-view-id', tool: 'bump', args: { by: 1 } })).rejects.toThrow(
        /no such view/,
      );
      // The page passes the view's bridge messages: they join the server's trace, marked as the view's.
      await h.core.ask('apps.trace', {
        viewId: v.viewId,
        lines: [
          {
            dir: 'from-view',
            message: { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'bump', arguments: { by: 2 } } },
          },
          { dir: 'to-view', message: { jsonrpc: '2.0', id: 7, result: { content: [] } } },
        ],
      });
      const traced = (await h.core.ask('trace.list', { serverId: 'apps' })).entries.filter((e) => e.view);
      expect(traced.map((e) => [e.dir, e.kind, e.method ?? '', e.name ?? '', e.view?.tool])).toEqual([
        ['in', 'request', 'tools/call', 'bump', 'counter'],
        ['out', 'response', '', '', 'counter'],
      ]);
      const requested = await h.core.ask('audit.query', { kind: 'call-requested' });
      expect(requested.at(-1)?.requestedBy).toEqual({ kind: 'view', serverId: 'apps', tool: 'counter' });
    });

    it('what the browser reports a view policy blocked is an event and an audit entry', async () => {
      const v = await h.core.ask('apps.open', { serverId: 'apps', tool: 'counter' });
      const seen = nextEvent(h.core, 'app.violation');
      const report = {
        'csp-report': { 'effective-directive': 'connect-src', 'blocked-uri': 'https://undeclared.example/' },
      };
      const r = await fetch(`${v.origin}/report/${v.viewId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/csp-report' },
        body: JSON.stringify(report),
      });
      expect(r.status).toBe(204);
      expect(await seen).toMatchObject({
        viewId: v.viewId,
        directive: 'connect-src',
        blocked: 'https://undeclared.example/',
      });
      expect(await h.core.ask('apps.violations', { viewId: v.viewId })).toHaveLength(1);
      const blocked = await h.core.ask('audit.query', { kind: 'app-view-blocked' });
      expect(blocked.at(-1)?.reason).toBe('connect-src blocked https://undeclared.example/');
      // Garbage is ignored, not recorded, and the listener keeps answering.
      await fetch(`${v.origin}/report/${v.viewId}`, { method: 'POST', body: '{not json' });
      expect(await h.core.ask('apps.violations', { viewId: v.viewId })).toHaveLength(1);
    });

    it('the review reads each linked view for what it may reach, never as text a model reads', async () => {
      await h.core.ask('apps.open', { serverId: 'apps', tool: 'counter' });
      await h.core.ask('review.run', { serverIds: ['apps'] });
      const page = await h.core.ask('review.findings', { family: 'apps', limit: 100 });
      const got = (page?.findings ?? []).map((f) => `${f.rule} ${f.subject} ${f.path}`).sort();
      // The hostile view was never opened: the review someone asked for read it itself.
      expect(got).toEqual([
        'A01 ui://counter/hostile.html _meta.ui.csp.connectDomains[1]',
        'A01 ui://counter/hostile.html _meta.ui.csp.connectDomains[2]',
        'A01 ui://counter/hostile.html _meta.ui.csp.connectDomains[3]',
        'A03 ui://counter/view.html _meta.ui.csp.resourceDomains',
        'A05 ui://counter/hostile.html _meta.ui.permissions',
        'A06 ui://counter/hostile.html _meta.ui.csp.connectDomains',
        'A07 probe _meta.ui',
      ]);
      const all = await h.core.ask('review.findings', { limit: 500 });
      expect((all?.findings ?? []).filter((f) => f.subject.startsWith('ui://') && !f.rule.startsWith('A'))).toEqual([]);
    });

    it('a tool only for views never reaches an agent, and an agent that names it is refused', async () => {
      const parts = partsOf(h.core);
      parts.agents.add('claude', ['apps']);
      const door = h.core.agentDoor();
      await door.prepare('claude');
      const pending = parts.agents.pending().map((p) => p.tool);
      expect(pending).not.toContain('bump');
      parts.agents.accept(
        'apps',
        parts.agents.pending().map((p) => ({ tool: p.tool, fingerprint: p.fingerprint })),
      );
      const names = door.tools('claude').map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['apps.counter', 'apps.model_only']));
      expect(names).not.toContain('apps.bump');
      // The linkage passes to the agent's host unchanged.
      expect(door.tools('claude').find((t) => t.name === 'apps.counter')?.def._meta).toEqual({
        ui: { resourceUri: 'ui://counter/view.html' },
      });
      await expect(door.call('claude', 'apps.bump', { by: 1 })).rejects.toThrow(/no tool "apps.bump"/);
    });
  });
}

describe('MCP Apps without a page', () => {
  it('a core no page asked views of opens none, and says why', async () => {
    const h = makeCore();
    try {
      h.core.addServer('apps', {
        type: 'stdio',
        command: process.execPath,
        args: [APP_SERVER],
        env: {},
        cwd: undefined,
      });
      await h.core.connect('apps');
      await expect(h.core.ask('apps.open', { serverId: 'apps', tool: 'counter' })).rejects.toThrow(
        /only in the console window or its browser page/,
      );
      await expect(h.core.ask('apps.open', { serverId: 'apps', tool: 'model_only' })).rejects.toThrow(/links no view/);
    } finally {
      await h.dispose();
    }
  });
});

describe('MCP Apps through the approval gateway', () => {
  for (const era of ['legacy', 'modern'] as const) {
    it(`${era}: the agent's host gets the linkage and the view, never an app-only tool, and the view's call comes back as the agent's`, async () => {
      const h = makeCore();
      const gw = await startGateway(h.core, h.dataDir);
      try {
        h.core.addServer('apps', {
          type: 'stdio',
          command: process.execPath,
          args: [APP_SERVER],
          env: {},
          cwd: undefined,
        });
        await h.core.connect('apps');
        const parts = partsOf(h.core);
        const { token } = parts.agents.add('desktop', ['apps']);
        parts.agents.accept(
          'apps',
          parts.agents.pending().map((p) => ({ tool: p.tool, fingerprint: p.fingerprint })),
        );
        const agent = new Client(
          { name: 'agent-host', version: '1' },
          { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
        );
        await agent.connect(
          new StreamableHTTPClientTransport(new URL(gw.url), {
            requestInit: { headers: { Authorization: `Bearer ${token}` } },
          }),
        );
        const { tools } = await agent.listTools();
        expect(tools.map((t) => t.name).sort()).toEqual(['apps.counter', 'apps.model_only', 'apps.probe']);
        expect(tools.find((t) => t.name === 'apps.counter')?._meta).toEqual({
          ui: { resourceUri: 'ui://counter/view.html' },
        });
        const { resources } = await agent.listResources();
        expect(resources.map((r) => r.uri).sort()).toEqual(['ui://counter/hostile.html', 'ui://counter/view.html']);
        const read = await agent.readResource({ uri: 'ui://counter/view.html' });
        expect(read.contents[0]).toMatchObject({ mimeType: 'text/html;profile=mcp-app' });
        expect(String((read.contents[0] as { text?: string }).text)).toContain('Counter view');
        await expect(agent.readResource({ uri: 'ui://counter/other.html' })).rejects.toThrow(
          /no tool this agent sees links/,
        );
        const reads = await h.core.ask('audit.query', { kind: 'resource-read', requester: 'agent:desktop' });
        expect(reads.at(-1)?.detail).toMatchObject({ uri: 'ui://counter/view.html' });
        // What the view inside the agent's host asks for comes back through the gateway: the agent's call, through the
        // gate.
        const asked = nextEvent(h.core, 'approval.requested');
        const result = agent.callTool({ name: 'apps.counter', arguments: {} });
        const approval = await asked;
        expect(approval.requestedBy).toEqual({ kind: 'agent', name: 'desktop' });
        h.core.decide(
          { approvalId: approval.id, decision: 'approve', argsHash: approval.argsHash, scope: 'once' },
          'user',
        );
        expect((await result).structuredContent).toEqual({ count: 0 });
        await expect(agent.callTool({ name: 'apps.bump', arguments: { by: 1 } })).rejects.toThrow(
          /no tool "apps.bump"/,
        );
        await agent.close();
      } finally {
        await gw.close();
        await h.dispose();
      }
    });
  }
});

describe('a changed MCP App view', () => {
  it('is pinned at first sight, flagged with its diff when it changes (in the view and the review) until a person pins it again', async () => {
    const h = makeCore();
    const versionFile = join(h.dataDir, 'view-version');
    writeFileSync(versionFile, '1');
    try {
      await h.core.serveViews([PAGE]);
      h.core.addServer('apps', {
        type: 'stdio',
        command: process.execPath,
        args: [APP_SERVER],
        env: { APP_VIEW_VERSION_FILE: versionFile },
        cwd: undefined,
      });
      await h.core.connect('apps');
      const first = await h.core.ask('apps.open', { serverId: 'apps', tool: 'counter' });
      expect(first.pin.state).toBe('first-seen');
      expect((await h.core.ask('apps.open', { serverId: 'apps', tool: 'counter' })).pin.state).toBe('pinned');
      writeFileSync(versionFile, '2');
      const changed = await h.core.ask('apps.open', { serverId: 'apps', tool: 'counter' });
      expect(changed.pin.state).toBe('changed');
      expect(changed.pin.diff?.removed).toEqual(['<h1 id="title">Counter view v1</h1>']);
      expect(changed.pin.diff?.added).toEqual(['<h1 id="title">Counter view v2</h1>']);
      expect(changed.pin.diff?.same.before).toBeGreaterThan(0);
      const opened = await h.core.ask('audit.query', { kind: 'app-view-opened' });
      expect(opened.map((e) => (e.detail as { pin?: string }).pin)).toEqual(['first-seen', 'pinned', 'changed']);
      expect((opened.at(-1)?.detail as { pinnedSha256?: string }).pinnedSha256).toBe(first.htmlSha256);
      await h.core.ask('review.run', { serverIds: ['apps'] });
      const d04 = (await h.core.ask('review.findings', { rule: 'D04', limit: 10 }))?.findings ?? [];
      expect(d04.map((f) => [f.severity, f.subject])).toEqual([['high', 'ui://counter/view.html']]);
      await h.core.ask('apps.pin', { viewId: changed.viewId });
      expect((await h.core.ask('audit.query', { kind: 'app-view-pinned' })).at(-1)?.detail).toMatchObject({
        htmlSha256: changed.htmlSha256,
      });
      expect((await h.core.ask('apps.open', { serverId: 'apps', tool: 'counter' })).pin.state).toBe('pinned');
      await h.core.ask('review.run', { serverIds: ['apps'] });
      expect((await h.core.ask('review.findings', { rule: 'D04', limit: 10 }))?.findings ?? []).toEqual([]);
    } finally {
      await h.dispose();
    }
  });
});

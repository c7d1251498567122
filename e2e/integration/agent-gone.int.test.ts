import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { fixtureStdio, makeCore, nextEvent } from '../harness/harness.js';
import { startGateway, type Gateway } from '../../electron/hosts/gateway/start-gateway.js';
import { partsOf } from '../../electron/core/testing.js';

/**
 * An agent that gives up on a call without a word (its client timed out, its process ended): the
 * HTTP request that asked closes. Nobody waits for the answer, so the call is withdrawn at once,
 * recorded as withdrawn by that agent, and a later approval runs nothing.
 */
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'gone', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** Posts a tools/call and drops the connection once `until` resolves, without cancelling it. */
function postThenVanish(
  url: string,
  headers: Record<string, string>,
  body: object,
  until: Promise<unknown>,
): Promise<void> {
  return new Promise((done) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    });
    req.on('error', () => {});
    req.on('response', (res) => res.on('error', () => {}).resume());
    req.end(JSON.stringify(body));
    void until.then(() => {
      req.destroy();
      done();
    });
  });
}

describe('an agent that goes away while its call waits', () => {
  let h: ReturnType<typeof makeCore>;
  let gw: Gateway;
  beforeEach(async () => {
    h = makeCore({ auditFsync: true });
    h.core.addServer('fx', fixtureStdio(), {}, false);
    await h.core.connect('fx');
    gw = await startGateway(h.core, h.dataDir);
  });
  afterEach(async () => {
    await gw.close();
    await h.dispose();
  });

  for (const era of ['legacy', 'modern'] as const)
    it(`${era}: the call is withdrawn when its request closes, recorded so, and never runs`, async () => {
      const { token } = partsOf(h.core).agents.add('claude', ['fx']);
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      let body: object = {
        jsonrpc: '2.0',
        id: 41,
        method: 'tools/call',
        params: { name: 'fx.echo', arguments: { message: 'nobody waits' } },
      };
      if (era === 'legacy') {
        // A real 2025 session first (as the agent's SDK opens it); the call then comes on its own request.
        const transport = new StreamableHTTPClientTransport(new URL(gw.url), { requestInit: { headers } });
        const client = new Client({ name: 'gone', version: '1' }, { versionNegotiation: { mode: 'legacy' } });
        await client.connect(transport);
        headers['mcp-session-id'] = transport.sessionId!;
        headers['mcp-protocol-version'] = '2025-11-25';
      } else {
        Object.assign(headers, {
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'fx.echo',
        });
        body = { ...body, params: { ...(body as { params: object }).params, _meta: META } };
      }
      const asked = nextEvent(h.core, 'approval.requested');
      await postThenVanish(gw.url, headers, body, asked);
      const approval = await asked;
      const withdrawn = await nextEvent(h.core, 'call.updated', (c) => c.id === approval.callId && c.state === 'done');
      expect(withdrawn).toMatchObject({
        outcome: 'cancelled',
        decidedBy: 'agent',
        reason: expect.stringMatching(/^withdrawn by agent claude: /),
      });
      expect(h.core.pendingApprovals()).toEqual([]);
      // A click that comes later sends nothing.
      expect(() =>
        h.core.decide(
          { approvalId: approval.id, decision: 'approve', argsHash: approval.argsHash, scope: 'once' },
          'user',
        ),
      ).toThrow();
      await new Promise((r) => setTimeout(r, 300));
      const log = h.core.queryAudit({ limit: 50 }).filter((e) => e.callId === approval.callId);
      expect(log.map((e) => e.kind)).not.toContain('call-sent');
      expect(log.at(-1)).toMatchObject({
        decidedBy: 'agent',
        reason: expect.stringMatching(/withdrawn by agent claude/),
      });
      expect(h.core.verifyAudit().ok).toBe(true);
    });
});

/** The spec: a token's `progress` MUST increase with each notification. */
const increasing = (values: number[]) => values.every((v, i) => i === 0 || v > values[i - 1]!);

describe('an agent whose own timeout is shorter than the person', () => {
  let h: ReturnType<typeof makeCore>;
  let gw: Gateway;
  beforeEach(async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio({ FIXTURE_URL_ELICIT: '1' }), {}, false);
    await h.core.connect('fx');
    gw = await startGateway(h.core, h.dataDir);
    partsOf(h.core).agents.waitBeatMs = 250;
  });
  afterEach(async () => {
    await gw.close();
    await h.dispose();
  });

  for (const era of ['legacy', 'modern'] as const)
    it(`${era}: hears "still waiting" while the person decides, so a client that resets its timeout on progress keeps waiting`, async () => {
      const { token } = partsOf(h.core).agents.add('patient', ['fx']);
      const client = new Client(
        { name: 'patient', version: '1' },
        { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
      );
      await client.connect(
        new StreamableHTTPClientTransport(new URL(gw.url), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      const notes: string[] = [];
      const values: number[] = [];
      const asked = nextEvent(h.core, 'approval.requested');
      const result = client.callTool(
        { name: 'fx.echo', arguments: { message: 'worth the wait' } },
        {
          timeout: 1000,
          resetTimeoutOnProgress: true,
          onprogress: (p) => void (notes.push(p.message ?? ''), values.push(p.progress)),
        },
      );
      const approval = await asked;
      await new Promise((r) => setTimeout(r, 2500));
      h.core.decide(
        { approvalId: approval.id, decision: 'approve', argsHash: approval.argsHash, scope: 'once' },
        'user',
      );
      const r = await result;
      expect(JSON.stringify(r.content)).toContain('worth the wait');
      expect(notes.filter((n) => /waiting for a person/.test(n)).length).toBeGreaterThanOrEqual(5);
      expect(increasing(values), `progress heard: ${values.join(', ')}`).toBe(true);
      await client.close();
    });

  for (const era of ['legacy', 'modern'] as const)
    it(`${era}: hears "still waiting" while the server's question waits for the person, then the server's own progress, ever increasing`, async () => {
      const { token } = partsOf(h.core).agents.add('patient', ['fx']);
      const client = new Client(
        { name: 'patient', version: '1' },
        { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
      );
      await client.connect(
        new StreamableHTTPClientTransport(new URL(gw.url), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      const heard: Array<{ progress: number; total?: number; message?: string }> = [];
      const opts = {
        timeout: 1000,
        resetTimeoutOnProgress: true,
        onprogress: (p: (typeof heard)[number]) => void heard.push(p),
      };
      // The call is approved at once; then the server asks the person to sign in, and the person takes 2.5 s.
      const approved = nextEvent(h.core, 'approval.requested').then((a) =>
        h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user'),
      );
      const question = nextEvent(h.core, 'elicitation.requested');
      const signIn = client.callTool({ name: 'fx.sign_in', arguments: {} }, opts);
      await approved;
      const q = await question;
      expect(q.during.map((d) => d.requestedBy)).toEqual([{ kind: 'agent', name: 'patient' }]);
      await new Promise((r) => setTimeout(r, 2500));
      h.core.answerQuestion({ id: q.id, action: 'decline' }, { kind: 'console' });
      const r = await signIn;
      expect(JSON.stringify(r.content)).toContain('sign-in decline');
      const asking = heard.filter(
        (p) => p.message === 'waiting for a person to answer a question from fx in MCP Console',
      );
      expect(asking.length).toBeGreaterThanOrEqual(5);
      // A call with the server's own progress (1, 2, 3 of 3) after notes while the person decides: above every note.
      const before = heard.length;
      const slow = nextEvent(h.core, 'approval.requested').then(async (a) => {
        await new Promise((r) => setTimeout(r, 700));
        h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
      });
      const counted = client.callTool({ name: 'fx.slow_progress', arguments: { steps: 3, delayMs: 50 } }, opts);
      await slow;
      await counted;
      const all = heard.slice(before);
      expect(
        all.some((p) => p.total !== undefined),
        `no progress of the server's heard: ${JSON.stringify(all)}`,
      ).toBe(true);
      expect(increasing(all.map((p) => p.progress)), JSON.stringify(all)).toBe(true);
      expect(increasing(heard.slice(0, before).map((p) => p.progress)), JSON.stringify(heard)).toBe(true);
      await client.close();
    });
});

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { fixtureStdio, makeCore, nextEvent, tempDir, type Harness } from '../harness/harness.js';
import { CONSOLE_USER, type Requester } from '../../shared/schemas/requester.js';
import { partsOf } from '../../electron/core/testing.js';
import { startGateway, type Gateway } from '../../electron/hosts/gateway/start-gateway.js';
import type { PolicyFile } from '../../shared/schemas/policy.js';

const CI: Requester = { kind: 'agent', name: 'ci' };

/** Asks for a call; resolves with its approval, or null when the gate decided without asking. */
async function ask(h: Harness, tool: string, args: Record<string, unknown>, by: Requester = CI) {
  const asked = nextEvent(h.core, 'approval.requested', (a) => a.tool === tool);
  const record = h.core.requestCall('fx', tool, args, by);
  const approval = await Promise.race([asked, h.core.waitCall(record.id).then(() => null)]);
  return { record, approval, done: () => h.core.waitCall(record.id) };
}

function writePolicy(path: string, file: PolicyFile): void {
  writeFileSync(path, JSON.stringify(file, null, 2));
}

describe("the organisation's policy decides calls above the person's grants", () => {
  let h: Harness | undefined;
  let gw: Gateway | undefined;
  afterEach(async () => {
    await gw?.close();
    await h?.dispose();
    h = gw = undefined;
  });

  it('allows, asks and denies by agent, tool and arguments; a changed definition voids a bound allow; a changed file is applied and audited', async () => {
    const policyPath = join(tempDir(), 'policy.json');
    const rules: PolicyFile['rules'] = [
      { id: 'no-writes', effect: 'deny', tool: 'ann_ffff', reason: 'writing tools are not for agents' },
      {
        id: 'ci-echo',
        effect: 'allow',
        agent: 'ci',
        server: 'f?',
        tool: 'echo',
        when: [{ path: '/message', glob: 'build *' }],
        reason: 'CI echoes build lines',
      },
      { id: 'look', effect: 'ask', tool: 'content_*', reason: 'content is looked at by a person' },
    ];
    writePolicy(policyPath, { rules });
    h = makeCore({ policy: { named: { path: policyPath, from: 'flag' } } });
    h.core.addServer('fx', fixtureStdio(), {}, false);
    expect((await h.core.connect('fx')).status).toBe('connected');
    const mutableFp = partsOf(h.core).catalog.get('fx', 'mutable')!.fingerprint;

    // An allow for this agent, tool and argument pattern: run without a dialog, the rule named everywhere.
    const build = await ask(h, 'echo', { message: 'build 42' });
    expect(build.approval).toBeNull();
    expect(await build.done()).toMatchObject({
      outcome: 'ok',
      decidedBy: 'org-policy',
      rule: { id: 'ci-echo', effect: 'allow', source: 'flag' },
    });
    const approved = h.core.queryAudit({ kind: 'approved', limit: 10 }).at(-1)!;
    expect(approved).toMatchObject({
      decidedBy: 'org-policy',
      reason: 'policy rule ci-echo: CI echoes build lines',
      detail: { rule: { id: 'ci-echo' } },
    });

    // The same tool with other arguments, or another agent: no rule decides, a person is asked.
    for (const [args, by] of [
      [{ message: 'hello' }, CI],
      [{ message: 'build 1' }, { kind: 'agent', name: 'other' }],
    ] as const) {
      const other = await ask(h, 'echo', args, by);
      expect(other.approval).not.toBeNull();
      expect(other.approval!.rule).toBeUndefined();
      h.core.decide(
        { approvalId: other.approval!.id, decision: 'deny', argsHash: other.approval!.argsHash, scope: 'once' },
        'user',
      );
    }

    // A deny refuses whoever asks, before any grant, and says which rule and why.
    for (const by of [CI, CONSOLE_USER]) {
      const denied = await ask(h, 'ann_ffff', {}, by);
      expect(denied.approval).toBeNull();
      expect(await denied.done()).toMatchObject({
        outcome: 'denied',
        decidedBy: 'org-policy',
        reason: "refused by the organisation's policy, rule no-writes: writing tools are not for agents",
      });
    }
    expect(h.core.queryAudit({ kind: 'denied', limit: 10 }).at(-1)).toMatchObject({
      decidedBy: 'org-policy',
      detail: { rule: { id: 'no-writes' } },
    });

    // An ask holds even over the person's own session grant for the tool.
    const first = await ask(h, 'content_text', {}, CONSOLE_USER);
    expect(first.approval?.rule).toMatchObject({
      id: 'look',
      effect: 'ask',
      reason: 'content is looked at by a person',
    });
    h.core.decide(
      { approvalId: first.approval!.id, decision: 'approve', argsHash: first.approval!.argsHash, scope: 'session' },
      'user',
    );
    expect(await first.done()).toMatchObject({ outcome: 'ok', decidedBy: 'user', rule: { id: 'look' } });
    const second = await ask(h, 'content_text', {}, CONSOLE_USER);
    expect(second.approval?.rule?.id).toBe('look');
    h.core.decide(
      { approvalId: second.approval!.id, decision: 'deny', argsHash: second.approval!.argsHash, scope: 'once' },
      'user',
    );

    // The file changes: picked up, audited with its diff, applied to the next call; a bound allow.
    const changed = nextEvent(h.core, 'policy.changed', (v) => v.sources.some((s) => s.rules.length === 4));
    writePolicy(policyPath, {
      rules: [
        ...rules,
        {
          id: 'pinned',
          effect: 'allow',
          agent: 'ci',
          tool: 'mutable',
          fingerprint: mutableFp,
          reason: 'mutable as reviewed',
        },
      ],
    });
    await changed;
    const loaded = h.core.queryAudit({ kind: 'policy-loaded', limit: 10 }).at(-1)!;
    expect(loaded.reason).toContain('changed: 4 rules (was 3)');
    expect(JSON.stringify((loaded.detail as { diff: unknown }).diff)).toContain('mutable as reviewed');
    const pinned = await ask(h, 'mutable', {});
    expect(pinned.approval).toBeNull();
    expect(await pinned.done()).toMatchObject({ decidedBy: 'org-policy', rule: { id: 'pinned' } });

    // The tool's definition changes: the bound allow is void, audited, and a person decides.
    const relisted = nextEvent(h.core, 'catalog.changed', (e) => e.change.reason === 'list_changed');
    const change = await ask(h, 'change_tools', { action: 'change' }, CONSOLE_USER);
    h.core.decide(
      { approvalId: change.approval!.id, decision: 'approve', argsHash: change.approval!.argsHash, scope: 'once' },
      'user',
    );
    await change.done();
    await relisted;
    const after = await ask(h, 'mutable', {});
    expect(after.approval).not.toBeNull();
    expect(h.core.queryAudit({ kind: 'policy-rule-voided', limit: 10 }).at(-1)).toMatchObject({
      tool: 'mutable',
      requestedBy: CI,
      reason: expect.stringContaining('policy rule pinned does not hold: bound to tool definition'),
    });
    h.core.decide(
      { approvalId: after.approval!.id, decision: 'deny', argsHash: after.approval!.argsHash, scope: 'once' },
      'user',
    );

    // A broken edit keeps the rules before (and says so); the Grants view's source shows the problem.
    const broken = nextEvent(h.core, 'policy.changed', (v) => v.sources.some((s) => s.problem !== undefined));
    writeFileSync(policyPath, '{ "rules": [ { "effect": "allow" } ] }');
    const view = await broken;
    expect(view.sources[0]).toMatchObject({
      kind: 'flag',
      problem: expect.stringContaining('the rules read before stay in force'),
    });
    expect(view.sources[0]!.rules).toHaveLength(4);
    expect(h.core.queryAudit({ kind: 'policy-problem', limit: 10 }).at(-1)?.reason).toContain('rules.0.reason');
    const still = await ask(h, 'echo', { message: 'build 43' });
    expect(await still.done()).toMatchObject({ decidedBy: 'org-policy', rule: { id: 'ci-echo' } });
  });

  it('an agent hears the rule that refused its call; a policy file that cannot be read refuses every call', async () => {
    const dir = tempDir();
    const policyPath = join(dir, 'policy.json');
    writePolicy(policyPath, {
      rules: [{ id: 'no-echo', effect: 'deny', agent: 'bot*', tool: 'echo', reason: 'bots do not echo' }],
    });
    h = makeCore({ policy: { named: { path: policyPath, from: 'env' } } });
    h.core.addServer('fx', fixtureStdio(), {}, false);
    expect((await h.core.connect('fx')).status).toBe('connected');
    gw = await startGateway(h.core, h.dataDir);
    const { token } = partsOf(h.core).agents.add('bot-1', ['fx']);
    const agent = new Client({ name: 'bot', version: '1' }, { capabilities: {} });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(gw.url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const r = await agent.callTool({ name: 'fx.echo', arguments: { message: 'hi' } });
    expect(r.isError).toBe(true);
    expect((r.content as Array<{ text: string }>)[0]!.text).toBe(
      `MCP Console: the organisation's policy refuses the call to "echo" (rule no-echo: bots do not echo); it was not sent`,
    );
    expect(r._meta?.['dev.mcp-console/outcome']).toMatchObject({
      decidedBy: 'org-policy',
      rule: { id: 'no-echo', effect: 'deny' },
    });
    await agent.close();

    // Named but missing at start: every call refused, and the start says why.
    const gone = makeCore({ policy: { named: { path: join(dir, 'missing.json'), from: 'flag' } } });
    try {
      expect(gone.problems.join('\n')).toContain(
        'missing.json was named as the policy file but does not exist — every call is refused until it can be read',
      );
      gone.core.addServer('fx', fixtureStdio(), {}, false);
      expect((await gone.core.connect('fx')).status).toBe('connected');
      const rec = gone.core.requestCall('fx', 'echo', { message: 'x' }, CONSOLE_USER);
      expect(await gone.core.waitCall(rec.id)).toMatchObject({
        outcome: 'denied',
        decidedBy: 'org-policy',
        reason: expect.stringContaining('could not be read'),
      });
      // The file arrives: read, and the refusal ends.
      const arrived = nextEvent(gone.core, 'policy.changed', (v) => v.refusing === undefined);
      writePolicy(join(dir, 'missing.json'), { rules: [] });
      await arrived;
      const asked = nextEvent(gone.core, 'approval.requested');
      gone.core.requestCall('fx', 'echo', { message: 'y' }, CONSOLE_USER);
      expect((await asked).rule).toBeUndefined();
    } finally {
      await gone.dispose();
    }
  });
});

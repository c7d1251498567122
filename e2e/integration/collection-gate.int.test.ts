import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '../../shared/schemas/collection.js';
import type { CollectionRun } from '../../shared/schemas/collection-run.js';
import { partsOf } from '../../electron/core/testing.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startGateway } from '../../electron/hosts/gateway/start-gateway.js';
import { fixtureStdio, makeCore, nextEvent, type Harness } from '../harness/harness.js';

/*
 * A collection run in the console: one decision on its scope lets exactly its steps through, once
 * each; nothing leaves before it; a step the scope does not cover, or one a standing "never"
 * refuses, does not ride on it. History (the person's calls and an agent's) records into a file
 * whose secrets are variables.
 */

const NOTES = resolve('out/node/e2e/fixtures/notes-server.js');
let h: Harness;
beforeEach(async () => {
  h = makeCore();
  h.core.addServer('notes', { type: 'stdio', command: process.execPath, args: [NOTES], env: {} });
  await h.core.connect('notes');
});
afterEach(() => h.dispose());

const coll: Collection = {
  name: 'gate',
  steps: [
    { id: 'create', call: { server: 'notes', tool: 'note_create', arguments: { text: 'a' } } },
    {
      id: 'read',
      call: { server: 'notes', tool: 'note_get', arguments: { id: '{{steps.create.structuredContent.id}}' } },
    },
  ],
};
const ended = (id: string) =>
  nextEvent(
    h.core,
    'collection.run',
    (r) => r.id === id && !['awaiting-approval', 'running'].includes(r.status),
    30_000,
  );
const sent = () => h.core.listCalls().filter((c) => c.state !== 'awaiting-approval' && c.outcome !== 'denied');

describe('a collection run through the gate', () => {
  it('sends nothing before a decision naming its scope, then runs each step once', async () => {
    const file = await h.core.ask('collections.save', { collection: coll });
    const run = await h.core.ask('collections.run', { id: file.id });
    expect(run.status).toBe('awaiting-approval');
    expect(run.scope.steps.map((s) => [s.id, s.tool, s.argsTemplate])).toEqual([
      ['create', 'note_create', '{"text":"a"}'],
      ['read', 'note_get', '{"id":"{{steps.create.structuredContent.id}}"}'],
    ]);
    expect(h.core.listCalls()).toEqual([]);
    await expect(
      h.core.ask('collections.decide', { runId: run.id, decision: 'approve', scopeHash: 'f'.repeat(64) }),
    ).rejects.toThrow(/another scope/);
    expect(h.core.listCalls()).toEqual([]);
    const done = ended(run.id);
    await h.core.ask('collections.decide', { runId: run.id, decision: 'approve', scopeHash: run.scopeHash });
    const r = await done;
    expect(r.status).toBe('passed');
    expect(h.core.listCalls().map((c) => [c.tool, c.decidedBy, c.requestedBy.kind])).toEqual([
      ['note_create', 'run-scope', 'collection'],
      ['note_get', 'run-scope', 'collection'],
    ]);
    // The run's grant ended with it: the same requester asking again waits for a person.
    const late = h.core.requestCall(
      'notes',
      'note_create',
      { text: 'a' },
      { kind: 'collection', name: 'gate', run: run.id },
    );
    expect(late.state).toBe('awaiting-approval');
    await expect(
      h.core.ask('collections.decide', { runId: run.id, decision: 'approve', scopeHash: run.scopeHash }),
    ).rejects.toThrow(/not waiting/);
  });

  it('runs one step alone, asking for that step only', async () => {
    const file = await h.core.ask('collections.save', {
      collection: { ...coll, steps: [...coll.steps, { id: 'count', call: { server: 'notes', tool: 'count' } }] },
    });
    const run = await h.core.ask('collections.run', { id: file.id, step: 'count' });
    expect(run.scope.steps.map((s) => s.id)).toEqual(['count']);
    const done = ended(run.id);
    await h.core.ask('collections.decide', { runId: run.id, decision: 'approve', scopeHash: run.scopeHash });
    expect((await done).steps.map((s) => [s.id, s.status])).toEqual([['count', 'passed']]);
    expect(h.core.listCalls().map((c) => c.tool)).toEqual(['count']);
    await expect(h.core.ask('collections.run', { id: file.id, step: 'nope' })).rejects.toThrow(/no step "nope"/);
  });

  it('denied, it sends nothing and says so', async () => {
    const file = await h.core.ask('collections.save', { collection: coll });
    const run = await h.core.ask('collections.run', { id: file.id });
    const r = await h.core.ask('collections.decide', { runId: run.id, decision: 'deny', scopeHash: run.scopeHash });
    expect(r.status).toBe('denied');
    expect(r.steps.map((s) => s.status)).toEqual(['skipped', 'skipped']);
    expect(h.core.listCalls()).toEqual([]);
  });

  it('does not let a standing "never" or an unannounced call ride on an approved scope', async () => {
    const p = partsOf(h.core);
    p.policies.set({
      requester: { kind: 'collection', name: 'gate', run: 'any' },
      serverId: 'notes',
      tool: 'note_get',
      scope: 'never',
      serverIdentity: '',
      fingerprint: '',
      grantedBy: 'test',
    });
    const file = await h.core.ask('collections.save', { collection: coll });
    const run = await h.core.ask('collections.run', { id: file.id });
    const done = ended(run.id);
    await h.core.ask('collections.decide', { runId: run.id, decision: 'approve', scopeHash: run.scopeHash });
    const r: CollectionRun = await done;
    expect(r.steps.map((s) => [s.id, s.status, s.outcome])).toEqual([
      ['create', 'passed', 'ok'],
      ['read', 'failed', 'denied'],
    ]);
    expect(sent().map((c) => c.tool)).toEqual(['note_create']);
    // Announced for one run, a call cannot be taken by a requester naming another.
    p.grants.start('r1', [['notes', 'greet']]);
    expect(p.grants.expect('r1', 'notes', 'note_create', 'h')).toBe(false);
    p.grants.expect('r1', 'notes', 'greet', 'abc');
    expect(p.grants.take({ kind: 'collection', name: 'gate', run: 'r2' }, 'notes', 'greet', 'abc')).toBe(false);
    expect(p.grants.take({ kind: 'console' }, 'notes', 'greet', 'abc')).toBe(false);
    expect(p.grants.take({ kind: 'collection', name: 'gate', run: 'r1' }, 'notes', 'greet', 'abc')).toBe(true);
    expect(p.grants.take({ kind: 'collection', name: 'gate', run: 'r1' }, 'notes', 'greet', 'abc')).toBe(false);
  });

  it('records the person’s and an agent’s calls into a file, secrets as variables, results as snapshots', async () => {
    const key = 'sk-live-' + 'q'.repeat(30);
    const approve = async (
      tool: string,
      args: Record<string, unknown>,
      by: Parameters<typeof h.core.requestCall>[3],
    ) => {
      const asked = nextEvent(h.core, 'approval.requested', (a) => a.tool === tool);
      const rec = h.core.requestCall('notes', tool, args, by);
      const a = await asked;
      h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
      return h.core.waitCall(rec.id);
    };
    const login = await approve('login', { user: 'ada', apiKey: key }, { kind: 'console' });
    const greet = await approve('greet', { name: 'Bob' }, { kind: 'agent', name: 'helper' });
    const recorded = await h.core.ask('collections.record', {
      callIds: [greet.id, login.id],
      name: 'Recorded',
      secrets: [{ callId: greet.id, pointer: '/name' }],
    });
    expect(recorded.added).toEqual(['login', 'greet']);
    expect(recorded.secrets.map((s) => s.variable)).toEqual(['LOGIN_API_KEY', 'GREET_NAME']);
    const text = readFileSync(recorded.file.id, 'utf8');
    expect(text).not.toContain(key);
    expect(text).not.toContain('Bob');
    const { collection } = await h.core.ask('collections.get', { id: recorded.file.id });
    expect(collection.env).toEqual(['GREET_NAME', 'LOGIN_API_KEY']);
    expect(collection.steps[0]!.snapshot!.result).toEqual({
      content: [{ type: 'text', text: 'session for ada with key {{env.LOGIN_API_KEY}}' }],
    });
    expect(collection.steps[1]!.snapshot!.result).toEqual({
      content: [{ type: 'text', text: 'Hello, {{env.GREET_NAME}}!' }],
    });
    const trail = await h.core.ask('audit.query', { kind: 'collection-saved', limit: 10 });
    expect(trail[0]!.reason).toMatch(/recorded 2 calls of you, in the console, agent "helper"/);
  });

  it('keeps files only in its folders, and accepts a run’s answer as a step’s snapshot', async () => {
    await expect(h.core.ask('collections.get', { id: '/etc/passwd' })).rejects.toThrow(
      /not a collection file in the collection folders/,
    );
    await expect(h.core.ask('collections.save', { collection: coll, folder: '/tmp' })).rejects.toThrow(
      /not one of the collection folders/,
    );
    await expect(h.core.ask('collections.addFolder', { path: 'relative/dir' })).rejects.toThrow(/full path/);
    const folders = await h.core.ask('collections.addFolder', { path: h.dataDir });
    expect(folders.folders).toContain(h.dataDir);
    const file = await h.core.ask('collections.save', {
      collection: {
        ...coll,
        steps: [
          {
            id: 'hi',
            call: { server: 'notes', tool: 'greet', arguments: { name: 'A' } },
            snapshot: { result: { content: [] } },
          },
        ],
      },
      folder: h.dataDir,
    });
    expect(file.folder).toBe(h.dataDir);
    const run = await h.core.ask('collections.run', { id: file.id });
    const done = ended(run.id);
    await h.core.ask('collections.decide', { runId: run.id, decision: 'approve', scopeHash: run.scopeHash });
    const r = await done;
    expect(r.steps[0]!.failures[0]!.diff!.entries).toEqual([
      { path: '/content/0', op: 'added', after: { type: 'text', text: 'Hello, A!' } },
    ]);
    await h.core.ask('collections.acceptSnapshot', { runId: run.id, step: 'hi' });
    const { collection } = await h.core.ask('collections.get', { id: file.id });
    expect(collection.steps[0]!.snapshot!.result).toEqual({ content: [{ type: 'text', text: 'Hello, A!' }] });
    const exported = await h.core.ask('collections.export', { id: file.id });
    const imported = await h.core.ask('collections.import', { text: exported.text });
    expect([imported.folder, imported.fileName]).toEqual([
      (await h.core.ask('collections.folders', {})).standard,
      'gate.collection.json',
    ]);
    expect((await h.core.ask('collections.import', { text: exported.text })).fileName).toBe('gate-2.collection.json');
    expect((await h.core.ask('collections.list', {})).map((f) => f.fileName).sort()).toEqual([
      'gate-2.collection.json',
      'gate.collection.json',
      'gate.collection.json',
    ]);
    await expect(h.core.ask('collections.import', { text: '{"name":"x"}' })).rejects.toThrow(
      /not a valid collection: \/steps/,
    );
  });

  it('records an agent’s calls made through the gateway, and the recording runs again with its secret from the environment', async () => {
    const gw = await startGateway(h.core, h.dataDir);
    const key = 'sk-proj-' + 'g'.repeat(30);
    try {
      const { token } = partsOf(h.core).agents.add('helper', ['notes']);
      const agent = new Client({ name: 'agent', version: '1' });
      await agent.connect(
        new StreamableHTTPClientTransport(new URL(gw.url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      const asked = nextEvent(h.core, 'approval.requested', (a) => a.tool === 'login');
      const answer = agent.callTool({ name: 'notes.login', arguments: { user: 'ada', apiKey: key } });
      const a = await asked;
      expect(a.requestedBy).toEqual({ kind: 'agent', name: 'helper' });
      h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
      await answer;
      await agent.close();
      const recorded = await h.core.ask('collections.record', { callIds: [a.callId], name: 'Agent session' });
      expect(readFileSync(recorded.file.id, 'utf8')).not.toContain(key);
      process.env.LOGIN_API_KEY = key;
      const run = await h.core.ask('collections.run', { id: recorded.file.id });
      const done = ended(run.id);
      await h.core.ask('collections.decide', { runId: run.id, decision: 'approve', scopeHash: run.scopeHash });
      const r = await done;
      expect(r.scope.env).toEqual(['LOGIN_API_KEY']);
      expect([r.status, r.steps[0]!.failures]).toEqual(['passed', []]);
      expect(JSON.parse(h.core.getCall(r.steps[0]!.callId!).argsJson)).toEqual({ user: 'ada', apiKey: key });
    } finally {
      delete process.env.LOGIN_API_KEY;
      await gw.close();
    }
  });

  it('cancelled while a step runs: its call is cancelled, the steps after it skipped', async () => {
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    const file = await h.core.ask('collections.save', {
      collection: {
        name: 'slow',
        steps: [
          { id: 'wait', call: { server: 'fx', tool: 'never_answers' } },
          { id: 'next', call: { server: 'notes', tool: 'count' } },
        ],
      },
    });
    const run = await h.core.ask('collections.run', { id: file.id });
    const waiting = nextEvent(h.core, 'call.updated', (c) => c.tool === 'never_answers' && c.state === 'running');
    const done = ended(run.id);
    await h.core.ask('collections.decide', { runId: run.id, decision: 'approve', scopeHash: run.scopeHash });
    const call = await waiting;
    await h.core.ask('collections.cancel', { runId: run.id });
    const r = await done;
    expect(r.status).toBe('cancelled');
    expect(r.steps.map((s) => [s.id, s.status, s.outcome])).toEqual([
      ['wait', 'failed', 'cancelled'],
      ['next', 'skipped', undefined],
    ]);
    expect(h.core.getCall(call.id).outcome).toBe('cancelled');
    expect(h.core.listCalls().map((c) => c.tool)).toEqual(['never_answers']);
  });
});

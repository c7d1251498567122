import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIG_TEXT_CHARS } from '../fixtures/fixture-tools.js';
import { PNG_BASE64 } from '../fixtures/media.js';
import { callApproved, callsSeen, fixtureStdio, makeCore, nextEvent } from '../harness/harness.js';

describe('call outcomes', () => {
  let h: ReturnType<typeof makeCore>;
  beforeAll(async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio(), { callTimeoutMs: 1500 });
    await h.core.connect('fx');
  });
  afterAll(async () => h?.dispose());

  it('classifies a tool error (isError) apart from a protocol error', async () => {
    expect(await callApproved(h, 'fx', 'tool_error')).toMatchObject({
      outcome: 'tool-error',
      result: { isError: true, content: [{ text: 'the tool failed: disk full' }] },
    });
    expect(await callApproved(h, 'fx', 'protocol_error')).toMatchObject({
      outcome: 'protocol-error',
      error: { code: -32602, message: 'fixture refuses these params' },
    });
  });

  it('times out a call that never answers', async () => {
    const r = await callApproved(h, 'fx', 'never_answers');
    expect(r.outcome).toBe('timeout');
    expect(r.durationMs).toBeGreaterThanOrEqual(1400);
  });

  it('cancels a running call with notifications/cancelled', async () => {
    const asked = nextEvent(h.core, 'approval.requested', (a) => a.tool === 'never_answers');
    const rec = h.core.requestCall('fx', 'never_answers', {}, CONSOLE_USER);
    const a = await asked;
    const running = nextEvent(h.core, 'call.updated', (c) => c.id === rec.id && c.state === 'running');
    h.core.decide({ approvalId: a.id, decision: 'approve', argsHash: a.argsHash, scope: 'once' }, 'user');
    await running;
    const serverSawIt = nextEvent(h.core, 'server.stderr', (e) =>
      e.lines.some((l) => l.includes('never_answers was cancelled')),
    );
    h.core.cancelCall(rec.id);
    expect(await h.core.waitCall(rec.id)).toMatchObject({ outcome: 'cancelled', decidedBy: 'user' });
    await serverSawIt;
  });

  it('forwards progress, and progress keeps a slow call alive past the timeout', async () => {
    const seen: number[] = [];
    const off = h.core.onEvent(
      (n, p) => n === 'call.progress' && seen.push((p as { progress: { progress: number } }).progress.progress),
    );
    const r = await callApproved(h, 'fx', 'slow_progress', { steps: 6, delayMs: 400 });
    off();
    expect(r.outcome).toBe('ok');
    expect(r.durationMs).toBeGreaterThan(1500);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.progress).toMatchObject({ total: 6, message: 'step 6 of 6' });
  });

  it('delivers every progress notification sent before the result, in order, even when they arrive together', async () => {
    for (let round = 0; round < 3; round++) {
      const seen: number[] = [];
      const off = h.core.onEvent(
        (n, p) => n === 'call.progress' && seen.push((p as { progress: { progress: number } }).progress.progress),
      );
      const r = await callApproved(h, 'fx', 'slow_progress', { steps: 20, delayMs: 0 });
      off();
      expect(r.outcome).toBe('ok');
      expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(r.progress).toMatchObject({ progress: 20, message: 'step 20 of 20' });
    }
  });

  it('validates structuredContent against outputSchema and keeps it either way', async () => {
    expect(await callApproved(h, 'fx', 'structured_valid')).toMatchObject({
      outcome: 'ok',
      structured: { status: 'valid' },
      result: { structuredContent: { total: 3, unit: 'kg' } },
    });
    const bad = await callApproved(h, 'fx', 'structured_invalid');
    expect(bad).toMatchObject({
      outcome: 'ok',
      structured: { status: 'invalid', errors: [{ path: '/total' }] },
      result: { structuredContent: { total: 'three' } },
    });
    expect((await callApproved(h, 'fx', 'content_text')).structured).toEqual({ status: 'absent' });
  });

  it('hands over every content block untouched', async () => {
    const r = await callApproved(h, 'fx', 'content_embedded');
    expect(r.result!.content).toEqual([
      {
        type: 'resource',
        resource: { uri: 'fixture://text/1', mimeType: 'application/json', text: '{"embedded":true}' },
      },
      { type: 'resource', resource: { uri: 'fixture://blob/1', mimeType: 'image/png', blob: PNG_BASE64 } },
      {
        type: 'resource',
        resource: {
          uri: 'fixture://blob/2',
          mimeType: 'application/octet-stream',
          blob: Buffer.from('binary').toString('base64'),
        },
      },
      {
        type: 'resource',
        resource: { uri: 'fixture://text/2', mimeType: 'text/html', text: '<p class="note">hello</p>' },
      },
    ]);
    const ann = await callApproved(h, 'fx', 'content_annotated');
    expect(ann.result!.content[3]).toEqual({
      type: 'text',
      text: 'for both, priority 0.1 (collapsed)',
      annotations: { audience: ['user', 'assistant'], priority: 0.1, lastModified: '2025-01-12T15:00:58Z' },
    });
  });

  it('carries a 10 MB text result whole', async () => {
    const r = await callApproved(h, 'fx', 'big_text');
    expect(String(r.result!.content[0]!.text)).toHaveLength(BIG_TEXT_CHARS);
  });

  it('runs many calls at once on one server and across servers', async () => {
    h.core.addServer('fx2', fixtureStdio());
    await h.core.connect('fx2');
    await callApproved(h, 'fx', 'echo', { i: -1 }, 'session');
    await callApproved(h, 'fx2', 'echo', { i: -2 }, 'session');
    const recs = Array.from({ length: 40 }, (_, i) =>
      h.core.requestCall(i % 2 ? 'fx' : 'fx2', 'echo', { i }, CONSOLE_USER),
    );
    const done = await Promise.all(recs.map((r) => h.core.waitCall(r.id)));
    done.forEach((d, i) => expect(String(d.result!.content[0]!.text)).toBe(JSON.stringify({ i })));
    expect(await callsSeen(h, 'fx', 'echo')).toBe(21);
  });

  it('reads a resource through the core', async () => {
    expect(await h.core.readResource('fx', 'fixture://text/1', CONSOLE_USER)).toEqual({
      contents: [{ uri: 'fixture://text/1', mimeType: 'text/plain', text: 'hello notes' }],
    });
    await expect(h.core.readResource('fx', 'fixture://none', CONSOLE_USER)).rejects.toThrow(/resource not found/);
  });
});

describe('results kept in memory', () => {
  it('releases the oldest results past the budget, never the newest, and keeps their summaries', async () => {
    const h = makeCore();
    try {
      h.core.updateSettings({ maxRetainedResultBytes: 12 * 1_048_576 });
      h.core.addServer('fx', fixtureStdio());
      await h.core.connect('fx');
      const small = await callApproved(h, 'fx', 'echo', { message: 'small' });
      const first = await callApproved(h, 'fx', 'big_text');
      expect(h.core.getCall(first.id).result).toBeDefined();
      const announced = nextEvent(h.core, 'call.updated', (c) => c.id === first.id && c.resultReleased === true);
      const second = await callApproved(h, 'fx', 'big_text');
      expect((await announced).result).toBeUndefined();
      expect(h.core.getCall(first.id)).toMatchObject({ resultReleased: true, outcome: 'ok' });
      expect(h.core.getCall(first.id).result).toBeUndefined();
      expect(h.core.getCall(small.id).resultReleased).toBe(true);
      expect(String(h.core.getCall(second.id).result!.content[0]!.text)).toHaveLength(BIG_TEXT_CHARS);
      const audit = h.core.queryAudit({ kind: 'completed', limit: 10 }).find((e) => e.callId === first.id);
      expect(audit?.summary).toMatchObject({ blocks: [{ type: 'text' }] });
    } finally {
      await h.dispose();
    }
  });
});

describe('message size limit', () => {
  it('answers a result over the limit as "too large" at once (not a timeout), and keeps the connection', async () => {
    const h = makeCore();
    try {
      h.core.updateSettings({ maxMessageBytes: 1_048_576 });
      h.core.addServer('fx', fixtureStdio(), { callTimeoutMs: 60_000 });
      await h.core.connect('fx');
      const r = await callApproved(h, 'fx', 'big_text');
      expect(r).toMatchObject({
        outcome: 'protocol-error',
        error: {
          code: 'too-large',
          message: 'too large: 10.0 MB over the limit of 1.0 MB (the maxMessageBytes setting)',
        },
      });
      expect(h.core.stderr('fx').lines.join('\n')).toMatch(
        /dropped a message: too large: 10\.0 MB over the limit of 1\.0 MB/,
      );
      expect(h.core.queryAudit({ kind: 'failed', limit: 1 })[0]).toMatchObject({
        outcome: 'protocol-error',
        summary: { error: { code: 'too-large' } },
      });
      expect((await callApproved(h, 'fx', 'echo', { after: 1 })).outcome).toBe('ok');
    } finally {
      await h.dispose();
    }
  });
});

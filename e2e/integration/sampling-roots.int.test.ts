import { mkdirSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { approveCall, type Harness, nextEvent, withEverything } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

const FILESYSTEM = resolve('node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

describe('sampling and roots (deprecated in 2026-07-28, still used by 2025-era servers)', () => {
  let h: Harness;
  beforeAll(async () => void (h = await withEverything()));
  afterAll(() => h.dispose());

  const approvedCall = async (serverId: string, tool: string, args: Record<string, unknown>) =>
    (await approveCall(h, serverId, tool, args)).record;

  it('sampling: no model is called; the person sees the conversation and writes the reply the server gets', async () => {
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.kind === 'sampling');
    const rec = await approvedCall('everything', 'trigger-sampling-request', {
      prompt: 'Name a colour',
      maxTokens: 20,
    });
    const q = await question;
    expect(q).toMatchObject({
      kind: 'sampling',
      serverId: 'everything',
      during: [{ tool: 'trigger-sampling-request' }],
      sampling: { maxTokens: 20 },
    });
    expect(JSON.stringify(q.sampling?.messages)).toContain('Name a colour');
    expect(() =>
      partsOf(h.core).elicitations.answer({ id: q.id, action: 'accept', content: {} }, CONSOLE_USER),
    ).toThrow(/text/);
    partsOf(h.core).elicitations.answer(
      { id: q.id, action: 'accept', content: { text: 'Teal, said a person' } },
      CONSOLE_USER,
    );
    const done = await h.core.waitCall(rec.id);
    expect(done.outcome).toBe('ok');
    expect(JSON.stringify(done.result)).toContain('Teal, said a person');
    expect(JSON.stringify(done.result)).toContain('no model was called');
  });

  it('sampling declined: the server gets an error, not a reply', async () => {
    const question = nextEvent(h.core, 'elicitation.requested', (q) => q.kind === 'sampling');
    const rec = await approvedCall('everything', 'trigger-sampling-request', { prompt: 'x', maxTokens: 5 });
    partsOf(h.core).elicitations.answer({ id: (await question).id, action: 'decline' }, CONSOLE_USER);
    const done = await h.core.waitCall(rec.id);
    expect(JSON.stringify(done.result ?? done.error)).toMatch(/declined the sampling request/);
  });

  it('roots: none by default; the filesystem server works in the roots set for it, and hears when they change', async () => {
    const a = join(h.dataDir, 'root-a');
    const b = join(h.dataDir, 'root-b');
    mkdirSync(a);
    mkdirSync(b);
    h.core.addServer(
      'fs',
      { type: 'stdio', command: process.execPath, args: [FILESYSTEM], env: {}, cwd: undefined },
      { roots: [{ uri: pathToFileURL(a).href, name: 'a' }] },
    );
    expect((await h.core.connect('fs')).status).toBe('connected');
    const allowed = async () => {
      const rec = await approvedCall('fs', 'list_allowed_directories', {});
      return JSON.stringify((await h.core.waitCall(rec.id)).result);
    };
    await expect.poll(allowed, { timeout: 10_000 }).toContain(realpathSync(a));
    await h.core.updateServer('fs', undefined, { roots: [{ uri: pathToFileURL(b).href }] });
    await expect.poll(allowed, { timeout: 10_000 }).toContain(realpathSync(b));
    expect(await allowed()).not.toContain(realpathSync(a));
    expect(h.core.queryAudit({ serverId: 'fs', kind: 'roots-listed', limit: 10 }).length).toBeGreaterThanOrEqual(2);
    expect(h.core.view('everything').settings.roots).toEqual([]);
  });
});

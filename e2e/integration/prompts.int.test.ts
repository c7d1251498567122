import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE, CONSOLE_USER } from '../../shared/schemas/requester.js';
import { EVERYTHING, type Harness, withEverything } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

describe('prompts, against the reference server', () => {
  let h: Harness;
  beforeAll(async () => void (h = await withEverything()));
  afterAll(() => h.dispose());

  it('lists every prompt with its arguments, gets one for whoever asked, and records both', async () => {
    const prompts = await partsOf(h.core).prompts.list('everything');
    const args = prompts.find((p) => p.name === 'args-prompt');
    expect(args?.arguments?.find((a) => a.name === 'city')).toMatchObject({ required: true });
    expect(prompts.every((p) => p.serverId === 'everything')).toBe(true);
    const simple = await partsOf(h.core).prompts.get('everything', 'simple-prompt', {}, CONSOLE_USER);
    expect(simple.messages[0]).toMatchObject({
      role: 'user',
      content: { type: 'text', text: expect.stringContaining('simple prompt') },
    });
    const withArgs = await partsOf(h.core).prompts.get('everything', 'args-prompt', { city: 'Lyon' }, COMMAND_LINE);
    expect(JSON.stringify(withArgs.messages)).toContain('Lyon');
    await expect(partsOf(h.core).prompts.get('everything', 'no-such-prompt', {}, CONSOLE_USER)).rejects.toThrow();
    expect(h.core.queryAudit({ kind: 'prompts-listed', limit: 5 })[0]?.detail).toMatchObject({
      prompts: prompts.length,
    });
    const got = h.core.queryAudit({ kind: 'prompt-got', limit: 5 });
    expect(got.map((e) => [e.outcome, e.requestedBy?.kind, (e.detail as { name: string }).name])).toEqual([
      ['ok', 'console', 'simple-prompt'],
      ['ok', 'cli', 'args-prompt'],
      ['error', 'console', 'no-such-prompt'],
    ]);
  });

  it('completes an argument, with the other arguments as context; a server without completions says so', async () => {
    const ref = { type: 'ref/prompt' as const, name: 'completable-prompt' };
    expect(
      await h.core.complete({ serverId: 'everything', ref, argument: { name: 'department', value: 'Eng' } }),
    ).toMatchObject({ values: ['Engineering'] });
    const names = await h.core.complete({
      serverId: 'everything',
      ref,
      argument: { name: 'name', value: '' },
      context: { department: 'Engineering' },
    });
    expect(names.values).toEqual(['Alice', 'Bob', 'Charlie']);
    expect(
      partsOf(h.core)
        .trace.list('everything', { method: 'completion/complete' })
        .entries.filter((e) => e.dir === 'out'),
    ).toHaveLength(2);
  });

  it('the command line lists and gets them', () => {
    const config = join(h.dataDir, 'everything.json');
    writeFileSync(
      config,
      JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING] } } }),
    );
    const cli = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [resolve('bin/mcp-console.js'), ...args, '--config', config, '--data-dir', join(h.dataDir, 'cli')],
        { encoding: 'utf8' },
      );
    const completed = cli(
      'complete',
      'everything',
      '--prompt',
      'completable-prompt',
      '--arg',
      'name',
      '--context',
      '{"department":"Sales"}',
      '--json',
    );
    expect(completed.status).toBe(0);
    expect((JSON.parse(completed.stdout) as { values: string[] }).values.length).toBeGreaterThan(0);
    expect(cli('complete', 'everything', '--arg', 'name').stderr).toMatch(/either --prompt NAME or --resource/);
    const list = cli('prompts', 'list', 'everything');
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/^args-prompt\(city, state\?\)/m);
    const got = cli('prompts', 'get', 'everything', 'args-prompt', '--args', '{"city":"Lyon"}');
    expect(got.status).toBe(0);
    expect(got.stdout).toMatch(/^\[user\] .*Lyon/m);
    expect(cli('prompts', 'get', 'everything', 'args-prompt', '--args', '{"city":7}')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/JSON object of strings/),
    });
  });
});

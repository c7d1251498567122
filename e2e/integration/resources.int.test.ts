import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMAND_LINE, CONSOLE_USER } from '../../shared/schemas/requester.js';
import { EVERYTHING, FIXTURE, fixtureStdio, makeCore } from '../harness/harness.js';

describe('resources', () => {
  let h: ReturnType<typeof makeCore>;
  afterEach(() => h?.dispose());

  it('lists a server’s resources and templates, reads one for whoever asked, and records both', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    const resources = await h.core.listResources('fx');
    expect(resources).toEqual([
      {
        serverId: 'fx',
        uri: 'fixture://text/1',
        name: 'notes',
        title: 'Notes',
        mimeType: 'text/plain',
        description: 'A text resource',
      },
      { serverId: 'fx', uri: 'fixture://blob/1', name: 'pixel', title: 'A pixel', mimeType: 'image/png' },
    ]);
    expect(await h.core.resourceTemplates('fx')).toEqual([]);
    expect(await h.core.listResources('fx', { offset: 1, limit: 1 })).toEqual([resources[1]]);
    const read = await h.core.readResource('fx', 'fixture://text/1', CONSOLE_USER);
    expect(read.contents).toEqual([{ uri: 'fixture://text/1', mimeType: 'text/plain', text: 'hello notes' }]);
    await expect(h.core.readResource('fx', 'fixture://nope', COMMAND_LINE)).rejects.toThrow(/resource not found/);
    const listed = h.core.queryAudit({ kind: 'resources-listed', limit: 10 });
    expect(listed).toHaveLength(1); // the second listing came from what was kept
    expect(listed[0]?.detail).toMatchObject({ resources: 2, templates: 0 });
    const reads = h.core.queryAudit({ kind: 'resource-read', limit: 10 });
    expect(reads.map((e) => [e.outcome, e.requestedBy?.kind, (e.detail as { uri: string }).uri])).toEqual([
      ['ok', 'console', 'fixture://text/1'],
      ['error', 'cli', 'fixture://nope'],
    ]);
    await h.core.listResources('fx', { refresh: true });
    expect(h.core.queryAudit({ kind: 'resources-listed', limit: 10 }).at(-1)?.detail).toMatchObject({
      added: [],
      removed: [],
      changed: [],
    });
  });

  it('walks once when resources and templates are asked for at the same time, as the page does', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio());
    await h.core.connect('fx');
    const [resources, templates] = await Promise.all([h.core.listResources('fx'), h.core.resourceTemplates('fx')]);
    expect([resources.length, templates.length]).toEqual([2, 0]);
    expect(h.core.queryAudit({ kind: 'resources-listed', limit: 10 })).toHaveLength(1);
  });

  it('walks every page of the reference server’s resources and its templates', async () => {
    h = makeCore();
    h.core.addServer('everything', {
      type: 'stdio',
      command: process.execPath,
      args: [EVERYTHING],
      env: {},
      cwd: undefined,
    });
    await h.core.connect('everything');
    const resources = await h.core.listResources('everything');
    expect(resources.length).toBeGreaterThan(0);
    expect(new Set(resources.map((r) => r.uri)).size).toBe(resources.length);
    const first = resources[0]!;
    const read = await h.core.readResource('everything', first.uri, CONSOLE_USER);
    expect(read.contents[0]?.uri).toBe(first.uri);
  });

  it('the command line lists and reads them', () => {
    h = makeCore();
    const config = join(h.dataDir, 'fx.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE] } } }));
    const cli = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [resolve('bin/mcp-console.js'), ...args, '--config', config, '--data-dir', join(h.dataDir, 'cli')],
        { encoding: 'utf8' },
      );
    const list = cli('resources', 'list', 'fx', '--json');
    expect(list.status).toBe(0);
    expect((JSON.parse(list.stdout) as { resources: { uri: string }[] }).resources.map((r) => r.uri)).toEqual([
      'fixture://text/1',
      'fixture://blob/1',
    ]);
    const read = cli('resources', 'read', 'fx', 'fixture://text/1');
    expect(read).toMatchObject({ status: 0, stdout: 'hello notes\n' });
    expect(cli('resources', 'read', 'fx', 'fixture://nope')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/resource not found/),
    });
    expect(cli('resources', 'open', 'fx')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/unknown resources command/),
    });
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { platform, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { request } from '../bench/rss-bench.js';
import { LEAN_LAUNCH, startServe } from '../tools/serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-console-lean-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("README's lean launch for a long-running serve", () => {
  it('is the launch the bench measures, word for word', () => {
    const readme = readFileSync(resolve('README.md'), 'utf8');
    const line = /`(MALLOC_ARENA_MAX=\S+ node [^`]*bin\/mcp-console\.js serve[^`]*)`/.exec(readme)?.[1];
    expect(line, 'README gives the lean launch as one command').toBeTruthy();
    const env = Object.entries(LEAN_LAUNCH.env ?? {}).map(([k, v]) => `${k}=${v}`);
    expect(
      line!.startsWith(`${env.join(' ')} node ${(LEAN_LAUNCH.nodeArgs ?? []).join(' ')} bin/mcp-console.js serve`),
    ).toBe(true);
  });

  it('starts serve with both settings, and it connects and lists a server as usual', async () => {
    const s = await startServe(
      {
        mcpServers: {
          fx: {
            command: process.execPath,
            args: [resolve('out/node/e2e/fixtures/server.js')],
            env: { FIXTURE_TOOLS: '300' },
          },
        },
      },
      dir,
      [],
      LEAN_LAUNCH,
    );
    try {
      const pid = s.child.pid!;
      if (platform() === 'linux') {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        for (const a of LEAN_LAUNCH.nodeArgs ?? []) expect(argv).toContain(a);
        const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        for (const [k, v] of Object.entries(LEAN_LAUNCH.env ?? {})) expect(env).toContain(`${k}=${v}`);
      } else
        console.log(
          `lean launch: the process's own arguments and environment are read from /proc, which ${platform()} has not`,
        );
      const view = (await request(s.url, 'servers.connect', { serverId: 'fx' })) as { status: string };
      expect(view.status).toBe('connected');
      const tools = (await request(s.url, 'tools.list', { serverId: 'fx' })) as Array<{ name: string }>;
      expect(tools.length).toBeGreaterThanOrEqual(300);
    } finally {
      await s.stop();
    }
  }, 30_000);
});

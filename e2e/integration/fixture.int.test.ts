import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { describe, expect, it } from 'vitest';
import { FIXTURE, startHttp } from '../harness/harness.js';

/** Our fixture server must itself be a correct server: what the tests learn from it is only as good as it is. */
describe('the fixture server', () => {
  it('lists the resources it declares, and reads each one it lists', async () => {
    const client = new Client({ name: 'check', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [FIXTURE] }));
    try {
      expect(client.getServerCapabilities()?.resources).toBeDefined();
      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).toEqual(['fixture://text/1', 'fixture://blob/1']);
      for (const r of resources)
        expect((await client.readResource({ uri: r.uri })).contents[0]?.mimeType).toBe(r.mimeType);
    } finally {
      await client.close();
    }
  });

  it('refuses a foreign Host or Origin over HTTP (DNS rebinding), and answers its own', async () => {
    const srv = await startHttp(FIXTURE, ['--transport', 'http']);
    const status = (headers: Record<string, string>) =>
      new Promise<number>((ok, fail) => {
        const u = new URL(`${srv.url}/stats`);
        request(
          { host: u.hostname, port: u.port, path: u.pathname, headers },
          (res) => (res.resume(), ok(res.statusCode ?? 0)),
        )
          .on('error', fail)
          .end();
      });
    try {
      const own = new URL(srv.url).host;
      expect(await status({ host: own })).toBe(200);
      expect(await status({ host: 'evil.example:80' })).toBe(403);
      expect(await status({ host: own, origin: 'http://evil.example' })).toBe(403);
      expect(await status({ host: own, origin: `http://${own}` })).toBe(200);
    } finally {
      srv.stop();
    }
  });
});

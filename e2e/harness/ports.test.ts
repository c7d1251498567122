import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CHOSEN_FROM, EPHEMERAL_FROM, freePort } from './ports.js';

// The one port chooser of the harnesses: below the kernel's ephemeral range, never the same port twice in a process,
// and past a port someone already holds.

describe('freePort', () => {
  it('chooses distinct ports below the ephemeral range, each one free to listen on', async () => {
    const ports: number[] = [];
    for (let i = 0; i < 20; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(20);
    for (const p of ports) {
      expect(p).toBeGreaterThanOrEqual(CHOSEN_FROM);
      expect(p).toBeLessThan(EPHEMERAL_FROM);
    }
    const s = createServer();
    await new Promise<void>((ok) => s.listen(ports[0], '127.0.0.1', ok));
    await new Promise<void>((ok) => s.close(() => ok()));
  });

  it('steps past ports that are taken', async () => {
    const held = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const s = createServer();
        const port = await freePort();
        await new Promise<void>((ok) => s.listen(port, '127.0.0.1', ok));
        return { s, port };
      }),
    );
    const next = await freePort();
    expect(held.map((h) => h.port)).not.toContain(next);
    for (const h of held) await new Promise<void>((ok) => h.s.close(() => ok()));
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { cpuMs, meterCpu } from './process-cpu.js';

/**
 * A Node process that spins until it has used `ms` of CPU, then waits to be killed (so its CPU can
 * still be read). Counted in CPU, not on the clock: on a busy machine a spin of 300 ms by the clock
 * got 180 ms of CPU.
 */
async function spinner(ms: number): Promise<ChildProcess> {
  const spin = `const t = process.cpuUsage(); for (let u = t; u.user + u.system < ${ms * 1000}; u = process.cpuUsage(t));`;
  const child = spawn(process.execPath, ['-e', `${spin} console.log('done'); setInterval(() => {}, 1000);`], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await once(child.stdout!, 'data');
  return child;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

const linux = existsSync('/proc/self/stat');
if (!linux) console.log('process-cpu.int.test.ts: skipped, there is no /proc here (the meter reads Linux /proc)');

describe.skipIf(!linux)('the CPU meter of the scale section', () => {
  it('reads what a process used', async () => {
    const c = await spinner(300);
    expect(cpuMs(c.pid!)).toBeGreaterThanOrEqual(200);
    expect(cpuMs(2 ** 30)).toBe(0);
  });

  it('counts the serving process from the start, and a server started meanwhile whole', async () => {
    const serve = await spinner(250);
    const meter = meterCpu(serve.pid!);
    const server = await spinner(300);
    const split = meter.stop(server.pid!);
    // serve spun before the meter started and idles after: next to nothing since.
    expect(split.serve).toBeLessThan(100);
    expect(split.server).toBeGreaterThanOrEqual(200);
    expect(split.total).toBe(split.serve + split.server + split.renderer + split.browser);
  });
});

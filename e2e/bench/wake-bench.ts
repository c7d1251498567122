import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * What this machine charges for crossing one more process: a ping through a bare echo process,
 * against the same through a relay process in front of it (nothing of the console in either), back
 * to back and with 5 ms idle between pings. It explains the gateway's figures: a call through the
 * bridge crosses two processes more than a direct one.
 */
const ECHO = "process.stdin.on('data', (d) => process.stdout.write(d));";
const RELAY = `const c = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(ECHO)}], { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.on('data', (d) => c.stdin.write(d)); c.stdout.on('data', (d) => process.stdout.write(d));
process.stdin.on('end', () => c.stdin.end());`;

function start(code: string): { child: ChildProcess; ping: () => Promise<void> } {
  const child = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
  let waiting: (() => void) | null = null;
  child.stdout!.on('data', () => waiting?.());
  return { child, ping: () => new Promise<void>((r) => ((waiting = r), child.stdin!.write('x\n'))) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export async function wakeCost(pings = 600): Promise<{ awake: number; idle: number }> {
  const direct = start(ECHO);
  const relayed = start(RELAY);
  try {
    for (let i = 0; i < 100; i++) await Promise.all([direct.ping(), relayed.ping()]); // both up and warm
    const round = async (gapMs: number) => {
      const t = { d: [] as number[], r: [] as number[] };
      for (let i = 0; i < pings; i++)
        for (const [k, p] of [
          ['d', direct],
          ['r', relayed],
        ] as const) {
          const t0 = performance.now();
          await p.ping();
          t[k].push(performance.now() - t0);
          if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
        }
      return median(t.r) - median(t.d);
    };
    return { awake: await round(0), idle: await round(5) };
  } finally {
    direct.child.kill();
    relayed.child.stdin!.end();
  }
}

/**
 * How long an idle virtual CPU polls before it halts, where the guest says (Linux's haltpoll driver
 * on KVM): at 0 it halts at once, and every process woken on it pays an exit to the hypervisor.
 */
export function haltPolling(): string | null {
  try {
    const ns = Number(readFileSync('/sys/module/haltpoll/parameters/guest_halt_poll_ns', 'utf8').trim());
    return ns === 0
      ? 'guest halt polling off: an idle virtual CPU halts at once'
      : `guest halt polling ${ns / 1000} µs`;
  } catch {
    return null; // not a KVM guest with haltpoll, or not Linux
  }
}

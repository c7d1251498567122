/**
 * CPU time (user and system, every thread) of the processes a page figure runs on, read from
 * /proc: the serving process, the server under it, and the browser's processes. The scale section
 * prints it beside the bare SDK's, so that a ratio on two shared cores can be read against what
 * each side asked of them.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** One clock tick of /proc/<pid>/stat in milliseconds (100 ticks a second on every Linux we run). */
const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 10;
  }
})();

/** A process's CPU so far in ms (user + system), or 0 when it is gone or there is no /proc. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

const cmdline = (pid: string): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

/**
 * The browser's processes: the page's renderer apart from the rest (the browser process, its GPU and network services).
 */
function browserProcesses(): { renderer: number[]; other: number[] } {
  const out = { renderer: [] as number[], other: [] as number[] };
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    const cmd = cmdline(pid);
    if (!/chrom/i.test(cmd.split('\0')[0] ?? '')) continue;
    (cmd.includes('--type=renderer') ? out.renderer : out.other).push(Number(pid));
  }
  return out;
}

export interface CpuSplit {
  serve: number;
  server: number;
  renderer: number;
  browser: number;
  total: number;
}

/**
 * Starts counting: `stop(serverPid)` gives each group's CPU since (a process started meanwhile,
 * such as the server a click spawned, counts whole).
 */
export function meterCpu(servePid: number): { stop(serverPid: number): CpuSplit } {
  const before = new Map<number, number>();
  const start = browserProcesses();
  for (const pid of [servePid, ...start.renderer, ...start.other]) before.set(pid, cpuMs(pid));
  const since = (pids: number[]) =>
    pids.reduce((sum, pid) => sum + Math.max(0, cpuMs(pid) - (before.get(pid) ?? 0)), 0);
  return {
    stop(serverPid) {
      const now = browserProcesses();
      const split = {
        serve: since([servePid]),
        server: since([serverPid]),
        renderer: since(now.renderer),
        browser: since(now.other),
      };
      return { ...split, total: split.serve + split.server + split.renderer + split.browser };
    },
  };
}

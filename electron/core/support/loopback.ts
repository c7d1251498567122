import { readFileSync } from 'node:fs';
import type { Server, ServerResponse } from 'node:http';

/**
 * How long a peer of the console's own listeners (browser mode, the agent endpoint) may take: its
 * headers within 5 s, its whole request within 60 s, checked every second. A client that sends a
 * byte now and then (slow-loris) is answered 408 and closed instead of holding a socket for ever.
 */
export const PEER_TIMEOUTS = {
  headersTimeout: 5_000,
  requestTimeout: 60_000,
  connectionsCheckingInterval: 1_000,
} as const;

/** Listens on 127.0.0.1 only (port 0: any free one); resolves with the port. SECURITY: never another interface. */
export function listenLoopback(server: Server, port = 0): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const a = server.address();
      resolvePromise(typeof a === 'object' && a ? a.port : 0);
    });
  });
}

/** A short plain-text answer that no browser sniffs into anything else. */
export function plainText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }).end(text);
}

/** The hosts (and origins) a loopback listener answers to: itself on 127.0.0.1 or localhost, nothing else. */
export function ownHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** True when a process of this id runs (one of another user's counts too). */
export function processAlive(pid: number, started?: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // A zombie holds its id but runs nothing; an id reused by a later process is not the process that wrote it.
  const now = processStart(pid);
  if (now === 'zombie') return false;
  return started === undefined || now === undefined || now === started;
}

/**
 * When a process started, as the kernel counts it (Linux: clock ticks since boot, from
 * /proc/PID/stat), 'zombie' for one that has ended and not been reaped, or undefined where the
 * system does not say. With the id, it names one process: ids are reused, start times are not.
 */
export function processStart(pid: number): string | 'zombie' | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces; the fields after it are plain.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return 'zombie';
  return fields[19];
}

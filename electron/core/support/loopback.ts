import type { Server, ServerResponse } from 'node:http';

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
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

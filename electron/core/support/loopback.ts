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

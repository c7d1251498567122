import type { Duplex } from 'node:stream';

/**
 * Answers a request Node's HTTP parser refused before any handler saw it, with the status that
 * says why, then closes the connection: a header over Node's 16 KB limit (a 20 KB Authorization)
 * gets 431, anything else malformed 400. Before, the socket was dropped with no answer at all.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  {
    const [status, text] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? ['431 Request Header Fields Too Large', 'refused: the request headers are over 16 KB']
        : ['400 Bad Request', 'refused: a malformed HTTP request'];
    // end() sends the answer, then closes; a peer that never reads it is cut off after a second.
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
    setTimeout(() => socket.destroy(), 1000).unref();
  }
}

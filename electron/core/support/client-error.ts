import type { Duplex } from 'node:stream';

/** The status and words for each way Node's HTTP parser refuses a request before any handler sees it. */
function statusFor(code: string | undefined): [string, string] {
  if (code === 'HPE_HEADER_OVERFLOW')
    return ['431 Request Header Fields Too Large', 'refused: the request headers are over 16 KB'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return ['408 Request Timeout', 'refused: the request took too long to arrive'];
  return ['400 Bad Request', 'refused: a malformed HTTP request'];
}

/**
 * Answers a request Node's HTTP parser refused, with the status that says why, then closes the
 * connection: a header over Node's 16 KB limit (a 20 KB Authorization) gets 431, one that arrives
 * too slowly (slow-loris) 408, anything else malformed 400. Before, a socket was dropped with no answer.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy();
  const [status, text] = statusFor(err.code);
  // end() sends the answer, then closes; a peer that never reads it is cut off after a second.
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
  setTimeout(() => socket.destroy(), 1000).unref();
}

import type { IncomingMessage, ServerResponse } from 'node:http';

/** The largest request body an agent may send (large arguments fit; more is refused with 413). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** A request's body as read (absent for GET and DELETE), and parsed when it is JSON. */
export interface ReadBody {
  raw?: Buffer;
  parsed?: unknown;
}

/**
 * Reads a POST's body and parses it once (null when it is too large). The parsed body is handed on
 * as `parsedBody` (the SDK's routing predicate and transports then neither clone nor read the request
 * again); a body that is not JSON stays raw, for whoever answers it with a parse error.
 */
export async function readRequest(req: IncomingMessage): Promise<ReadBody | null> {
  if (req.method !== 'POST') return {};
  const raw = await readBody(req);
  if (!raw) return null;
  try {
    return { raw, parsed: raw.length ? (JSON.parse(raw.toString('utf8')) as unknown) : undefined };
  } catch {
    return { raw };
  }
}

/**
 * The web Request the SDK's web-standard handlers take, for a Node request whose body was read: a
 * JSON body is not put in again (it goes as `parsedBody`); one that is not JSON is, for the SDK's own
 * parse error. The request is aborted when the agent goes away before its answer (a 2026-07-28
 * cancel is the request closing).
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse, origin: string, body: ReadBody): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one);
  }
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const { raw, parsed } = body;
  const inBody =
    parsed === undefined && raw !== undefined
      ? new Uint8Array(raw.buffer as ArrayBuffer, raw.byteOffset, raw.length)
      : undefined;
  return new Request(origin + (req.url ?? '/'), {
    method: req.method,
    headers,
    body: inBody,
    signal: controller.signal,
  });
}

/**
 * A request's whole body (events, not an async iterator: one promise per request, not per chunk);
 * null when it is over MAX_BODY_BYTES. The rest of an oversized body is read and dropped, so that the
 * agent can read its 413; one that goes on past four times the limit is cut off.
 */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((done, fail) => {
    let chunks: Buffer[] | null = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 4 * MAX_BODY_BYTES) return void req.destroy();
      if (!chunks) return;
      if (size > MAX_BODY_BYTES) {
        chunks = null;
        return done(null);
      }
      chunks.push(c);
    });
    let ended = false;
    req.once('end', () => {
      ended = true;
      done(chunks && (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    });
    req.once('error', fail);
    // Closed before its end (the agent went away mid-body): nothing waits for ever. (After the end
    // there is nothing to say: an Error, with its stack, costs more than the rest of the read.)
    req.once('close', () => ended || fail(new Error('the agent closed the request before its body was read')));
  });
}

/** Writes a web Response to a Node response, streaming its body (SSE included) until either side ends. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => (headers[k] = v));
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  // A JSON answer is whole when it is made: read at once and written in one go. Only an event stream is pumped.
  if (!headers['content-type']?.startsWith('text/event-stream')) {
    const whole = await response.arrayBuffer().catch(() => null);
    return void res.end(whole ? Buffer.from(whole) : undefined);
  }
  const reader = response.body.getReader();
  res.once('close', () => void reader.cancel().catch(() => {}));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise<void>((r) => res.once('drain', r));
    }
  } catch {
    /* the agent went away */
  } finally {
    res.end();
  }
}

/** A JSON-RPC error as the whole answer, with its HTTP status (as the SDK's transport words them). */
export function fail(res: ServerResponse, status: number, code: number, message: string): void {
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

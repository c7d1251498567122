import type { IncomingMessage, ServerResponse } from 'node:http';

/** The largest request body an agent may send (large arguments fit; more is refused with 413). */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** Reads a Node request into a web Request (the SDK's handlers are web-standard); null when the body is too large. */
export async function toWebRequest(req: IncomingMessage, res: ServerResponse, origin: string): Promise<Request | null> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one);
  }
  let body: Buffer | undefined;
  if (req.method === 'POST') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of req as AsyncIterable<Buffer>) {
      size += c.length;
      if (size > MAX_BODY_BYTES) return null;
      chunks.push(c);
    }
    body = Buffer.concat(chunks);
  }
  // An agent that goes away before its answer (a 2026-07-28 cancel is the request closing) aborts the exchange.
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(origin + (req.url ?? '/'), {
    method: req.method,
    headers,
    body: body && new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length),
    signal: controller.signal,
  });
}

/** Writes a web Response to a Node response, streaming its body (SSE included) until either side ends. */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((v, k) => (headers[k] = v));
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
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

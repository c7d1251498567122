import { readCapped } from '../support/index.js';
import { messageId, TOO_LARGE_CODE } from './stdio-transport.js';

const mb = (n: number) => `${(n / 1_048_576).toFixed(1)} MB`;
const tooLarge = (bytes: number | string, max: number) =>
  `too large: ${typeof bytes === 'number' ? mb(bytes) : bytes} over the limit of ${mb(max)} (the maxMessageBytes setting)`;
const errorMessage = (id: number | string, message: string) =>
  JSON.stringify({ jsonrpc: '2.0', id, error: { code: TOO_LARGE_CODE, message } });

/**
 * A server's HTTP answer with its messages bounded as a stdio line is (the maxMessageBytes
 * setting), because the SDK reads a body whole and fails nothing when reading breaks:
 * - a JSON body is read up to the limit; past it, the request gets a JSON-RPC error saying so;
 * - an event stream passes event by event; an event past the limit is dropped, and when it was the
 *   answer to a request (its id at its start or end), an error event answers that request instead.
 * `note` says what was dropped, for the server's log.
 */
export async function boundedResponse(
  res: Response,
  maxBytes: number,
  requestBody: unknown,
  note: (line: string) => void,
): Promise<Response> {
  if (!res.body) return res;
  const type = (res.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('text/event-stream')) return new Response(res.body.pipeThrough(eventLimit(maxBytes, note)), res);
  if (!type.includes('json')) return res;
  const { bytes, over, read } = await readCapped(res.body, maxBytes);
  if (!over) return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length), res);
  // The size the server declared, when it did; else what was read before stopping.
  const declared = Number(res.headers.get('content-length'));
  const message = tooLarge(declared > read ? declared : `more than ${mb(read)}`, maxBytes);
  note(`dropped an answer: ${message}`);
  const id = idOf(requestBody);
  const body = id === undefined ? '' : errorMessage(id, message);
  return new Response(body, { status: id === undefined ? 502 : 200, headers: { 'content-type': 'application/json' } });
}

/** The id of the JSON-RPC request a POST carried (the console's own request, as the SDK gave it to fetch). */
function idOf(body: unknown): number | string | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const id = (JSON.parse(body) as { id?: unknown }).id;
    return typeof id === 'number' || typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Passes an event stream on event by event (an event ends at a blank line), dropping one past `maxBytes`. */
function eventLimit(maxBytes: number, note: (line: string) => void): TransformStream<Uint8Array, Uint8Array> {
  let held: Uint8Array[] = [];
  let bytes = 0;
  let dropping: { head: string; tail: Buffer; bytes: number } | null = null;
  let last = -1; // the byte before the current chunk (for a line end split across chunks)
  let beforeLast = -1;
  const keep = (piece: Uint8Array) => {
    if (dropping) {
      dropping.bytes += piece.length;
      const t = Buffer.concat([dropping.tail, piece.subarray(Math.max(0, piece.length - 512))]);
      dropping.tail = t.subarray(Math.max(0, t.length - 512));
      return;
    }
    held.push(piece);
    bytes += piece.length;
    if (bytes > maxBytes) {
      const all = Buffer.concat(held);
      dropping = {
        head: all.subarray(0, 512).toString('utf8'),
        tail: all.subarray(Math.max(0, all.length - 512)),
        bytes,
      };
      held = [];
    }
  };
  const end = (controller: TransformStreamDefaultController<Uint8Array>) => {
    if (dropping) {
      const message = tooLarge(dropping.bytes, maxBytes);
      note(`dropped an event: ${message}`);
      const data = (s: string) => s.replace(/^[^]*?data:\s?/, '').replace(/\s+$/, '');
      const id = messageId(data(dropping.head), data(dropping.tail.toString('utf8')));
      if (id !== undefined) controller.enqueue(new TextEncoder().encode(`data: ${errorMessage(id, message)}\n\n`));
      dropping = null;
    } else if (held.length) for (const p of held) controller.enqueue(p);
    held = [];
    bytes = 0;
  };
  return new TransformStream({
    transform(chunk, controller) {
      let from = 0;
      for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, nl + 1)) {
        // A blank line: this \n follows another, with at most a \r between them.
        const p1 = nl >= 1 ? chunk[nl - 1]! : last;
        const p2 = nl >= 2 ? chunk[nl - 2]! : nl === 1 ? last : beforeLast;
        if (p1 === 0x0a || (p1 === 0x0d && p2 === 0x0a)) {
          keep(chunk.subarray(from, nl + 1));
          from = nl + 1;
          end(controller);
        }
      }
      if (from < chunk.length) keep(chunk.subarray(from));
      beforeLast = chunk.length >= 2 ? chunk[chunk.length - 2]! : last;
      last = chunk.length >= 1 ? chunk[chunk.length - 1]! : last;
    },
    flush(controller) {
      end(controller);
    },
  });
}

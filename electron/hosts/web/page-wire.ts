import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import {
  contentType,
  dispatch,
  eventWindow,
  FROZEN_EVENTS,
  plainText as plain,
  staticFile,
  type ConsoleCore,
  type EventWindow,
  type Handlers,
} from '../../core/index.js';
import { BINARY_FRAME_CHARS, WS_PART_BYTES } from '../../../shared/ws-frames.js';
import { overLimits } from '../../../shared/boundary.js';

// What a page and its server say to each other, the same behind either door (browser mode's token, a team's sign-in):
// the page's files, the contract's messages and the core's events over the WebSocket.

const Envelope = z
  .object({
    id: z.union([z.number(), z.string().max(100)]),
    method: z.string().max(100),
    params: z.unknown().optional(),
  })
  .strict();

/** One cookie's value from a request's Cookie header, or undefined. */
export function cookieOf(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The id of a page's message as the envelope allows it, read from its top level only; null when there is none. */
function idOf(frame: unknown): number | string | null {
  const id =
    frame !== null && typeof frame === 'object' && !Array.isArray(frame) ? (frame as { id?: unknown }).id : undefined;
  return typeof id === 'number' || (typeof id === 'string' && id.length <= 100) ? id : null;
}

/**
 * The events turned into text when they are sent rather than when raised: the hot ones, whose payloads never change
 * afterwards.
 */
export function send(ws: WebSocket, msg: unknown): void {
  if (ws.readyState === ws.OPEN) for (const f of frames(JSON.stringify(msg))) ws.send(f, () => {});
}

/**
 * A short message as one text message; a long one as binary parts of its UTF-8 text, each marked "more" or "last" (see
 * BINARY_FRAME_CHARS).
 */
export function frames(text: string): Array<string | Buffer> {
  if (text.length < BINARY_FRAME_CHARS) return [text];
  const bytes = Buffer.from(text, 'utf8');
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += WS_PART_BYTES) {
    const body = bytes.subarray(at, at + WS_PART_BYTES);
    const part = Buffer.allocUnsafe(body.length + 1);
    part[0] = at + WS_PART_BYTES < bytes.length ? 1 : 0;
    body.copy(part, 1);
    out.push(part);
  }
  return out;
}

export function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, csp: string): void {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    return plain(res, 400, 'bad path');
  }
  const file = staticFile(root, pathname);
  if (!file)
    return plain(res, 404, staticFile(root, '/') ? 'not found' : 'the renderer is not built: run npm run build');
  res.writeHead(200, {
    'Content-Type': contentType(file),
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  });
  if (req.method === 'HEAD') return void res.end();
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/**
 * One message from a page: measured, parsed as the envelope, dispatched; anything malformed gets an error and changes
 * nothing.
 */
export async function answerPage(
  data: RawData,
  isBinary: boolean,
  to: {
    handlers: Handlers;
    log: (line: string) => void;
    reply: (msg: unknown) => void;
    /** A refusal of the request by its name alone, before its input is read (a team member's roles); null: go on. */
    refuse?: (method: string) => { code: string; message: string } | null;
  },
): Promise<void> {
  const { handlers, log, reply } = to;
  let env: z.infer<typeof Envelope>;
  let frame: unknown;
  try {
    if (isBinary) throw new Error('binary');
    frame = JSON.parse(data.toString());
    // SECURITY: a frame is measured before the envelope's schema reads it.
    const over = overLimits(frame);
    if (over) {
      log(`browser mode: refused a page message: it ${over}`);
      return reply({
        id: idOf(frame),
        reply: { ok: false, error: { code: 'bad-message', message: `refused: the message ${over}` } },
      });
    }
    env = Envelope.parse(frame);
  } catch {
    // SECURITY: a malformed message gets an error and changes nothing; its request, when its id can be read, gets the
    // answer.
    return reply({
      id: idOf(frame),
      reply: { ok: false, error: { code: 'bad-message', message: 'expected {"id", "method", "params"} as JSON text' } },
    });
  }
  const refused = to.refuse?.(env.method);
  if (refused) return reply({ id: env.id, reply: { ok: false, error: refused } });
  const answer = await dispatch(handlers, env.method, env.params ?? {});
  try {
    reply({ id: env.id, reply: answer });
  } catch (err) {
    log(`browser mode: could not send a reply: ${(err as Error).message}`);
  }
}

type Item = { what: string; text?: string; msg?: unknown; payload?: unknown };

/**
 * Events that differ by page (a team member sees only their own agents): `shape` gives each page its payload, or
 * undefined for none. Only for rare events: each is turned into text once per page.
 */
export interface PersonalEvents {
  events: ReadonlySet<string>;
  shape(ws: WebSocket, event: string, payload: unknown): unknown;
}

/**
 * Every event of the core, to every page. Events come in bursts (a call's update and its audit
 * entries, together). They are gathered for a frame (see eventWindow) and sent together, each page's socket corked for
 * the burst: one write a
 * page, and a call's answer (to an agent, or a server's next request) is not held up by its events,
 * nor its processes' cores taken by the page's. A call's update and an audit entry are turned into
 * text then too (see FROZEN_EVENTS); any other event now, as it is at this moment. A reply to a
 * page sends what waits first, so each page sees everything in the order it happened.
 */
export function pushEvents(
  core: ConsoleCore,
  sockets: Set<WebSocket>,
  log: (line: string) => void,
  personal?: PersonalEvents,
): { flush(): void; close(): void } {
  const outbox: EventWindow<Item> = eventWindow(flush);
  const off = core.onEvent((event, payload) => {
    if (sockets.size === 0) return;
    if (personal?.events.has(event)) return outbox.push({ what: event, payload });
    const msg = { event, payload };
    outbox.push(FROZEN_EVENTS.has(event) ? { what: event, msg } : { what: event, text: JSON.stringify(msg) });
  });
  function flush(batch: Item[]): void {
    const corked: Array<{ uncork(): void }> = [];
    for (const ws of sockets) {
      // ws keeps its net.Socket private; corking it changes nothing but when the bytes leave.
      const raw = (ws as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
      if (!raw) continue;
      raw.cork();
      corked.push(raw);
    }
    try {
      for (const item of batch) {
        if (item.text === undefined && item.msg === undefined) {
          sendPersonal(item, sockets, personal!, log);
          continue;
        }
        let data: Array<string | Buffer>;
        try {
          data = frames(item.text ?? JSON.stringify(item.msg));
        } catch (err) {
          log(`browser mode: could not push ${item.what}: ${(err as Error).message}`);
          continue;
        }
        for (const ws of sockets) {
          if (ws.readyState !== ws.OPEN) continue;
          for (const f of data)
            ws.send(f, (err) => err && log(`browser mode: could not push ${item.what}: ${err.message}`));
        }
      }
    } finally {
      for (const raw of corked) raw.uncork();
    }
  }
  return { flush: () => outbox.flush(), close: () => (off(), outbox.close()) };
}

/** An event each page gets in its own shape (or not at all). */
function sendPersonal(
  item: Item,
  sockets: Set<WebSocket>,
  personal: PersonalEvents,
  log: (line: string) => void,
): void {
  for (const ws of sockets) {
    if (ws.readyState !== ws.OPEN) continue;
    const payload = personal.shape(ws, item.what, item.payload);
    if (payload === undefined) continue;
    for (const f of frames(JSON.stringify({ event: item.what, payload })))
      ws.send(f, (err) => err && log(`could not push ${item.what}: ${err.message}`));
  }
}

import { textOf } from './wire-text';

/**
 * Messages at least this long are parsed in a worker, so no single parse holds the main thread
 * (from 1 MB the core sends them as bytes). Shorter ones are parsed here: handing a parsed message
 * back from a worker copies it object by object, and for a catalog chunk of 1,000 tools that copy
 * (30–50 ms) costs several times the parse it saved (5–10 ms for its 0.6 MB).
 */
export const OFF_THREAD_CHARS = 1024 * 1024;

/**
 * Parses messages in arrival order and hands each on in that order: short ones on the spot, long
 * ones in a worker (when the page has workers), with everything after a long one waiting its turn.
 */
export function orderedParser(deliver: (msg: unknown) => void, makeWorker: (() => Worker) | undefined) {
  let worker: Worker | undefined;
  let seq = 0;
  const waiting = new Map<number, (r: { value?: unknown; error?: string }) => void>();
  let tail: Promise<void> = Promise.resolve();
  let queued = 0;
  const parseOff = (data: string | ArrayBuffer[]): Promise<unknown> => {
    worker ??= makeWorker?.();
    if (!worker) return Promise.resolve(JSON.parse(textOf(data)));
    worker.onmessage = (e: MessageEvent<{ seq: number; value?: unknown; error?: string }>) => {
      waiting.get(e.data.seq)?.(e.data);
      waiting.delete(e.data.seq);
    };
    const id = ++seq;
    const done = new Promise<unknown>((ok, fail) =>
      waiting.set(id, (r) => (r.error !== undefined ? fail(new Error(r.error)) : ok(r.value))),
    );
    // Bytes are handed over (transferred), not copied: the page never decodes them.
    if (typeof data === 'string') worker.postMessage({ seq: id, text: data });
    else worker.postMessage({ seq: id, parts: data }, data);
    return done;
  };
  let parts: ArrayBuffer[] = [];
  const receive = (frame: string | ArrayBuffer): void => {
    // A long message comes in binary parts (BINARY_FRAME_CHARS): kept until the last one.
    if (typeof frame !== 'string') {
      if (frame.byteLength === 0) return; // not a part the core sends
      parts.push(frame);
      if (new Uint8Array(frame, 0, 1)[0] === 1) return;
    }
    const data = typeof frame === 'string' ? frame : parts;
    if (typeof frame !== 'string') parts = [];
    const long = makeWorker !== undefined && (typeof data !== 'string' || data.length >= OFF_THREAD_CHARS);
    if (!long && queued === 0) return deliver(JSON.parse(textOf(data)));
    queued++;
    const parsed = long ? parseOff(data) : Promise.resolve().then(() => JSON.parse(textOf(data)) as unknown);
    tail = tail
      .then(() => parsed)
      .then(deliver, () => undefined)
      .finally(() => queued--);
  };
  /** The connection is gone: its worker goes with it. */
  const close = () => {
    parts = [];
    worker?.terminate();
    worker = undefined;
    waiting.clear();
  };
  return { receive, close };
}

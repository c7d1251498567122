import { describe, expect, it } from 'vitest';
import { OFF_THREAD_CHARS, orderedParser } from './ordered-parser';
import { textOf } from './wire-text';

/** A stand-in worker that answers later (as a real one would), in the order asked. */
const transferred: ArrayBuffer[] = [];
function slowWorker(): Worker {
  const w = {
    onmessage: null as ((e: MessageEvent) => void) | null,
    postMessage(d: { seq: number; text?: string; parts?: ArrayBuffer[] }, transfer?: ArrayBuffer[]) {
      transferred.push(...(transfer ?? []));
      const text = textOf(d.text ?? d.parts ?? []);
      setTimeout(() => w.onmessage?.({ data: { seq: d.seq, value: JSON.parse(text) as unknown } } as MessageEvent), 20);
    },
    terminate() {},
  };
  return w as unknown as Worker;
}

describe('the page’s message parser', () => {
  it('parses a long message off the main thread and keeps every message in arrival order', async () => {
    const got: unknown[] = [];
    const p = orderedParser((m) => got.push(m), slowWorker);
    p.receive(JSON.stringify({ n: 1 }));
    p.receive(JSON.stringify({ n: 2, big: 'x'.repeat(OFF_THREAD_CHARS) }));
    p.receive(JSON.stringify({ n: 3 }));
    expect(got.map((m) => (m as { n: number }).n)).toEqual([1]);
    await new Promise((r) => setTimeout(r, 60));
    expect(got.map((m) => (m as { n: number }).n)).toEqual([1, 2, 3]);
    p.close();
  });

  it('parses everything on the spot where the page has no workers', () => {
    const got: unknown[] = [];
    const p = orderedParser((m) => got.push(m), undefined);
    p.receive(JSON.stringify({ big: 'y'.repeat(OFF_THREAD_CHARS) }));
    expect(got).toHaveLength(1);
  });

  /** A message as the core sends a long one: binary parts, each with its more (1) / last (0) byte. */
  const partsOf = (msg: unknown, size: number): ArrayBuffer[] => {
    const bytes = new TextEncoder().encode(JSON.stringify(msg));
    const out: ArrayBuffer[] = [];
    for (let at = 0; at < bytes.length; at += size) {
      const body = bytes.subarray(at, at + size);
      const part = new Uint8Array(body.length + 1);
      part[0] = at + size < bytes.length ? 1 : 0;
      part.set(body, 1);
      out.push(part.buffer);
    }
    return out;
  };

  it('joins binary parts (a character split between two included), hands them to the worker as bytes it transfers, in order with the rest', async () => {
    const got: unknown[] = [];
    const p = orderedParser((m) => got.push(m), slowWorker);
    const parts = partsOf({ n: 2, text: 'ü'.repeat(10) }, 7);
    expect(parts.length).toBeGreaterThan(3);
    p.receive(JSON.stringify({ n: 1 }));
    for (const part of parts) p.receive(part);
    p.receive(JSON.stringify({ n: 3 }));
    expect(transferred).toEqual(expect.arrayContaining(parts));
    await new Promise((r) => setTimeout(r, 60));
    expect(got).toEqual([{ n: 1 }, { n: 2, text: 'ü'.repeat(10) }, { n: 3 }]);
    p.close();
  });

  it('joins and decodes binary parts on the spot where the page has no workers', () => {
    const got: unknown[] = [];
    const p = orderedParser((m) => got.push(m), undefined);
    for (const part of partsOf({ a: 'é' }, 3)) p.receive(part);
    expect(got).toEqual([{ a: 'é' }]);
  });
});

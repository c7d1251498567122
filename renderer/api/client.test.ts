import { describe, expect, it } from 'vitest';
import { OFF_THREAD_CHARS, orderedParser } from './client';

/** A stand-in worker that answers later (as a real one would), in the order asked. */
function slowWorker(): Worker {
  const w = {
    onmessage: null as ((e: MessageEvent) => void) | null,
    postMessage(d: { seq: number; text: string }) {
      setTimeout(() => w.onmessage?.({ data: { seq: d.seq, value: JSON.parse(d.text) as unknown } } as MessageEvent), 20);
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
});

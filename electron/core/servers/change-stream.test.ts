import { ProtocolError, type Client } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangeStream } from './change-stream.js';

function client(listen: () => Promise<unknown>): { client: Client; calls: () => number } {
  let n = 0;
  const c = {
    listen: () => {
      n++;
      return listen();
    },
  };
  return { client: c as unknown as Client, calls: () => n };
}

describe('the 2026-07-28 change stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a server that does not know subscriptions/listen is told once and not asked again', async () => {
    const notes: string[] = [];
    const c = client(() => Promise.reject(new ProtocolError(-32601, 'Method not found')));
    const s = new ChangeStream(
      c.client,
      () => ({ toolsListChanged: true }),
      (l) => notes.push(l),
    );
    await s.start();
    await vi.advanceTimersByTimeAsync(1100);
    expect(c.calls()).toBe(1);
    expect(notes).toEqual(['the server does not offer subscriptions/listen: changes will not be pushed']);
    s.stop();
  });

  it('another failure is tried again after a second, and stop ends the retries', async () => {
    const notes: string[] = [];
    const c = client(() => Promise.reject(new Error('stream refused')));
    const s = new ChangeStream(
      c.client,
      () => ({ toolsListChanged: true }),
      (l) => notes.push(l),
    );
    await s.start();
    await vi.advanceTimersByTimeAsync(1100);
    expect(c.calls()).toBe(2);
    s.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(c.calls()).toBe(2);
    expect(notes[0]).toBe('subscriptions/listen failed: stream refused');
  });
});

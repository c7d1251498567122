import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { MAX_REISSUES, reissueBrokenStreams, STREAM_BROKEN_CODE } from './stream-reissue.js';

/** A transport whose every response stream breaks unless `answer` is called; what reaches the SDK is collected. */
function breaking() {
  const sent: Array<{ m: JSONRPCMessage; options?: TransportSendOptions }> = [];
  const delivered: JSONRPCMessage[] = [];
  const notes: string[] = [];
  const t = {
    send: async (m: JSONRPCMessage, options?: TransportSendOptions) => void sent.push({ m, options }),
    onmessage: (m: JSONRPCMessage) => void delivered.push(m),
  } as unknown as Transport;
  reissueBrokenStreams(t, { idempotentTool: (n) => n === 'safe', note: (l) => notes.push(l) });
  const breakLast = () => sent.at(-1)?.options?.onRequestStreamEnd?.();
  return { t, sent, delivered, notes, breakLast };
}

describe('re-issuing a request whose response stream broke', () => {
  it('gives up after MAX_REISSUES new ids, and the SDK gets an error under its own id', async () => {
    const x = breaking();
    await x.t.send({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} });
    for (let i = 0; i < MAX_REISSUES; i++) {
      x.breakLast();
      await Promise.resolve();
    }
    expect(x.sent.map((s) => (s.m as { id: unknown }).id)).toEqual([7, 'reissue-1', 'reissue-2']);
    x.breakLast();
    expect(x.delivered).toEqual([
      {
        jsonrpc: '2.0',
        id: 7,
        error: { code: STREAM_BROKEN_CODE, message: expect.stringContaining(`broke ${MAX_REISSUES + 1} times`) },
      },
    ]);
  });

  it('an answer to the new id reaches the SDK as the answer to the old; a stream that ends after its answer changes nothing', async () => {
    const x = breaking();
    await x.t.send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'safe' } });
    x.breakLast();
    x.t.onmessage?.({ jsonrpc: '2.0', id: 'reissue-1', result: { content: [] } } as JSONRPCMessage);
    x.breakLast();
    expect(x.delivered).toEqual([{ jsonrpc: '2.0', id: 1, result: { content: [] } }]);
  });

  it('leaves a request that follows its own stream alone', async () => {
    const x = breaking();
    let ended = 0;
    await x.t.send(
      { jsonrpc: '2.0', id: 3, method: 'subscriptions/listen', params: {} },
      { onRequestStreamEnd: () => void ended++ },
    );
    x.breakLast();
    expect(ended).toBe(1);
    expect(x.sent).toHaveLength(1);
    expect(x.delivered).toEqual([]);
  });
});

import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { completeByDefault, TASK_HANDLE } from './result-type.js';

/** A transport whose sends are kept and whose deliveries are collected, with the hook installed. */
function hooked() {
  const delivered: JSONRPCMessage[] = [];
  const warnings: string[] = [];
  const t = {
    send: async () => undefined,
    onmessage: (m: JSONRPCMessage) => void delivered.push(m),
  } as unknown as Transport;
  completeByDefault(t, (w) => warnings.push(w));
  const ask = (id: number, method: string) => void t.send({ jsonrpc: '2.0', id, method, params: {} });
  const answer = (id: number, result: Record<string, unknown>) =>
    t.onmessage?.({ jsonrpc: '2.0', id, result } as JSONRPCMessage);
  return { delivered, warnings, ask, answer };
}

describe('results as the 2026-07-28 client reads them', () => {
  it('a task handle answering tools/call travels up under the console key, as a complete result', () => {
    const x = hooked();
    x.ask(1, 'tools/call');
    x.answer(1, {
      resultType: 'task',
      taskId: 't1',
      status: 'working',
      createdAt: 'a',
      lastUpdatedAt: 'b',
      ttlMs: null,
    });
    const result = (x.delivered[0] as { result: Record<string, unknown> }).result;
    expect(result).toEqual({
      resultType: 'complete',
      content: [],
      [TASK_HANDLE]: { taskId: 't1', status: 'working', createdAt: 'a', lastUpdatedAt: 'b', ttlMs: null },
    });
  });

  it('a task handle answering anything else is left for the SDK to refuse; a forged console key is removed', () => {
    const x = hooked();
    x.ask(1, 'prompts/get');
    x.answer(1, { resultType: 'task', taskId: 't1' });
    expect((x.delivered[0] as { result: Record<string, unknown> }).result.resultType).toBe('task');
    x.ask(2, 'tools/call');
    x.answer(2, { resultType: 'complete', content: [], [TASK_HANDLE]: { taskId: 'forged', status: 'working' } });
    expect((x.delivered[1] as { result: Record<string, unknown> }).result).toEqual({
      resultType: 'complete',
      content: [],
    });
  });

  it('a result without resultType is taken as complete, said once per method', () => {
    const x = hooked();
    x.ask(1, 'tools/list');
    x.answer(1, { tools: [] });
    x.ask(2, 'tools/list');
    x.answer(2, { tools: [] });
    expect(x.delivered.map((m) => (m as { result: { resultType?: string } }).result.resultType)).toEqual([
      'complete',
      'complete',
    ]);
    expect(x.warnings).toHaveLength(1);
  });
});

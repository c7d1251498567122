/**
 * A recording of `events` message lines across `servers` servers (for the timeline's test and benchmark): calls of a
 * few milliseconds each with a progress notification between request and answer, one in 50 answered with an error,
 * and each call's states (one in 10 waiting for a person first), as `--record` writes them.
 */
export function bigRecording(events: number, servers = 3): string {
  const lines: string[] = [
    JSON.stringify({
      type: 'recording',
      format: 1,
      startedAt: '2026-12-04T00:00:00.000Z',
      console: '0.1.0',
      by: 'bench',
    }),
  ];
  let seq = 0;
  let t = 0;
  const at = (ms: number) => new Date(Date.UTC(2026, 11, 4) + ms).toISOString();
  for (let i = 0; seq < events; i++) {
    const serverId = `server-${i % servers}`;
    const id = i + 1;
    const ms = 2 + (i % 7);
    const waits = i % 10 === 0;
    const callId = `c${i}`;
    const base = { serverId, bytes: 120 };
    const push = (o: Record<string, unknown>) => lines.push(JSON.stringify(o));
    if (waits)
      push({
        type: 'call',
        t,
        at: at(t),
        callId,
        serverId,
        tool: 'echo',
        requestedBy: { kind: 'console' },
        argsHash: 'h',
        state: 'awaiting-approval',
      });
    const sent = t + (waits ? 3 : 0);
    push({
      type: 'call',
      t: sent,
      at: at(sent),
      callId,
      serverId,
      tool: 'echo',
      requestedBy: { kind: 'console' },
      argsHash: 'h',
      state: 'running',
      decidedBy: 'user',
    });
    push({
      type: 'message',
      t: sent,
      seq: ++seq,
      at: at(sent),
      ...base,
      dir: 'out',
      kind: 'request',
      id,
      method: 'tools/call',
      name: 'echo',
      message: {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: `call ${i}` }, _meta: { progressToken: id } },
      },
    });
    push({
      type: 'message',
      t: sent + 1,
      seq: ++seq,
      at: at(sent + 1),
      ...base,
      dir: 'in',
      kind: 'notification',
      method: 'notifications/progress',
      message: { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: id, progress: 1 } },
    });
    const error = i % 50 === 49;
    push({
      type: 'message',
      t: sent + ms,
      seq: ++seq,
      at: at(sent + ms),
      ...base,
      dir: 'in',
      kind: error ? 'error' : 'response',
      id,
      method: 'tools/call',
      name: 'echo',
      ms,
      message: error
        ? { jsonrpc: '2.0', id, error: { code: -32603, message: 'failed' } }
        : { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `call ${i}` }] } },
    });
    push({
      type: 'call',
      t: sent + ms,
      at: at(sent + ms),
      callId,
      serverId,
      tool: 'echo',
      requestedBy: { kind: 'console' },
      argsHash: 'h',
      state: 'done',
      decidedBy: 'user',
      outcome: error ? 'protocol-error' : 'ok',
    });
    t += 1 + (i % 3);
  }
  lines.push(JSON.stringify({ type: 'end', t, at: at(t), messages: seq, calls: 0, dropped: 0, reason: 'ended' }));
  return lines.join('\n') + '\n';
}

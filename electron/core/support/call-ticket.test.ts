import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { NotSent, ticketed, ticketedWire } from './call-ticket.js';

/** A transport that only records what it was asked to write. */
function wire(): Transport & { written: JSONRPCMessage[] } {
  const written: JSONRPCMessage[] = [];
  return {
    written,
    start: async () => {},
    close: async () => {},
    send: async (m: JSONRPCMessage) => void written.push(m),
  };
}

const call = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: {} } });
const cancelled = (requestId: number): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } });
const later = () => {
  let open!: () => void;
  let refuse!: (e: Error) => void;
  const p = new Promise<void>((ok, no) => ((open = ok), (refuse = no)));
  return { p, open, refuse };
};
const settle = () => new Promise((r) => setImmediate(r));

describe('the ticketed wire', () => {
  it('refuses a tools/call that carries no ticket, and lets everything else through', async () => {
    const t = wire();
    ticketedWire(t);
    await expect(t.send(call(1))).rejects.toBeInstanceOf(NotSent);
    await expect(t.send(call(2), { headers: { 'mcp-name': 'echo' } })).rejects.toThrow(/no approval recorded on disk/);
    await t.send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    await t.send({ jsonrpc: '2.0', id: 3, result: {} });
    expect(t.written.map((m) => ('method' in m ? m.method : 'response'))).toEqual(['tools/list', 'response']);
  });

  it('holds a call until its ticket is honoured, while other messages go on', async () => {
    const t = wire();
    ticketedWire(t);
    const gate = later();
    const headers = ticketed({ 'mcp-param-region': 'eu' }, gate.p);
    expect(headers).toEqual({ 'mcp-param-region': 'eu' });
    const sent = t.send(call(7), { headers });
    await t.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } });
    await settle();
    expect(t.written.map((m) => ('id' in m ? m.id : 'method' in m ? m.method : '?'))).toEqual(['notifications/progress']);
    gate.open();
    await sent;
    expect(t.written.at(-1)).toMatchObject({ id: 7, method: 'tools/call' });
    // A retry (a 2026-07-28 input round, a re-issue) carries the same headers: it goes at once.
    await t.send({ ...call(8) }, { headers });
    expect(t.written.at(-1)).toMatchObject({ id: 8 });
  });

  it('never sends a call whose ticket is refused, nor the cancellation of it', async () => {
    const t = wire();
    ticketedWire(t);
    const gate = later();
    const sent = t.send(call(9), { headers: ticketed(undefined, gate.p) });
    const cancel = t.send(cancelled(9));
    gate.refuse(new NotSent('the call ended before it was sent'));
    await expect(sent).rejects.toThrow(/ended before it was sent/);
    await cancel;
    expect(t.written).toEqual([]);
  });

  it('sends the cancellation of a held call after the call itself', async () => {
    const t = wire();
    ticketedWire(t);
    const gate = later();
    const sent = t.send(call(4), { headers: ticketed(undefined, gate.p) });
    const cancel = t.send(cancelled(4));
    gate.open();
    await Promise.all([sent, cancel]);
    expect(t.written.map((m) => ('method' in m ? m.method : '?'))).toEqual(['tools/call', 'notifications/cancelled']);
  });

  it('a refused ticket that never reached the wire raises no unhandled rejection', async () => {
    const gate = later();
    ticketed(undefined, gate.p);
    gate.refuse(new Error('the disk went away'));
    await settle(); // vitest fails the run on an unhandled rejection
  });
});

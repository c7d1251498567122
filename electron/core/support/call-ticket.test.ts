import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { FetchGate, NotSent, TICKET_HEADER, ticketed, ticketedWire } from './call-ticket.js';

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

const call = (id: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'echo', arguments: {} },
});
const cancelled = (requestId: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId },
});
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
    expect(headers).toMatchObject({ 'mcp-param-region': 'eu', [TICKET_HEADER]: expect.stringMatching(/^call-\d+$/) });
    const sent = t.send(call(7), { headers });
    await t.send({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } });
    await settle();
    expect(t.written.map((m) => ('id' in m ? m.id : 'method' in m ? m.method : '?'))).toEqual([
      'notifications/progress',
    ]);
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

describe('the fetch gate (Streamable HTTP)', () => {
  /** The SDK's part, played here: the transport copies the request's headers into the HTTP request. */
  function httpTransport(fetch: (input: string, init: RequestInit) => Promise<Response>): Transport {
    return {
      start: async () => {},
      close: async () => {},
      send: async (m: JSONRPCMessage, options?: { headers?: Record<string, string> }) =>
        void (await fetch('http://127.0.0.1/mcp', {
          method: 'POST',
          headers: new Headers(options?.headers),
          body: JSON.stringify(m),
        })),
    };
  }
  const network = () => {
    const seen: Array<{ body: string; headers: Record<string, string> }> = [];
    const fetch = async (_: string | URL | Request, init?: RequestInit) => {
      seen.push({ body: String(init?.body), headers: Object.fromEntries(new Headers(init?.headers)) });
      return new Response('{}');
    };
    return { seen, fetch };
  };

  it('lets the transport build the request at once, holds it at the fetch until the ticket, and takes the ticket off', async () => {
    const net = network();
    const gate = new FetchGate();
    const t = httpTransport(gate.wrap(net.fetch));
    ticketedWire(t, gate);
    const g = later();
    const sent = t.send(call(1), { headers: ticketed({ 'mcp-param-region': 'eu' }, g.p) });
    await settle();
    expect(net.seen).toEqual([]);
    g.open();
    await sent;
    expect(net.seen).toHaveLength(1);
    expect(net.seen[0]!.headers['mcp-param-region']).toBe('eu');
    expect(Object.keys(net.seen[0]!.headers)).not.toContain(TICKET_HEADER);
  });

  it('never lets a refused ticket through, and refuses a tools/call body that reaches the fetch without one', async () => {
    const net = network();
    const gate = new FetchGate();
    const gated = gate.wrap(net.fetch);
    const t = httpTransport(gated);
    ticketedWire(t, gate);
    const g = later();
    const sent = t.send(call(2), { headers: ticketed(undefined, g.p) });
    g.refuse(new NotSent('the call ended before it was sent'));
    await expect(sent).rejects.toThrow(/ended before it was sent/);
    // Straight at the fetch (a path around the transport), or with a ticket this connection never saw.
    await expect(
      gated('http://127.0.0.1/mcp', { method: 'POST', body: JSON.stringify(call(3)) }),
    ).rejects.toBeInstanceOf(NotSent);
    // ...as bytes, or inside a batch beside something that is not a message.
    await expect(
      gated('http://127.0.0.1/mcp', { method: 'POST', body: new TextEncoder().encode(JSON.stringify(call(3))) }),
    ).rejects.toBeInstanceOf(NotSent);
    await expect(
      gated('http://127.0.0.1/mcp', { method: 'POST', body: JSON.stringify([null, call(3)]) }),
    ).rejects.toBeInstanceOf(NotSent);
    await expect(
      gated('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: { [TICKET_HEADER]: 'call-999999' },
        body: JSON.stringify(call(4)),
      }),
    ).rejects.toThrow(/not known on this connection/);
    // Anything else passes, even when its arguments mention the method, and a stray ticket header is only taken off.
    await gated('http://127.0.0.1/mcp', {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'prompts/get', params: { name: 'tools/call' } }),
    });
    await gated('http://127.0.0.1/mcp', {
      method: 'POST',
      headers: { [TICKET_HEADER]: 'configured' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/list' }),
    });
    expect(net.seen.map((s) => (JSON.parse(s.body) as { id: number }).id)).toEqual([5, 6]);
    expect(net.seen.every((s) => !(TICKET_HEADER in s.headers))).toBe(true);
  });
});

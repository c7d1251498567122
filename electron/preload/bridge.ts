import { eventNames, requestNames, type Reply } from '../../shared/contract.js';

/** What the renderer gets: one method per request, one subscribe per event, nothing else. */
export interface Bridge {
  requests: Record<string, (input: unknown) => Promise<Reply<unknown>>>;
  events: Record<string, (listener: (payload: unknown) => void) => () => void>;
}

/**
 * Builds the bridge from the contract's names, so a new contract entry needs no preload line.
 * `invoke` and `subscribe` are the only IPC; the listener never sees an IpcRendererEvent.
 */
export function buildBridge(
  invoke: (channel: string, input: unknown) => Promise<unknown>,
  subscribe: (channel: string, listener: (payload: unknown) => void) => () => void,
): Bridge {
  const requests = Object.fromEntries(requestNames.map((n) => [n, (input: unknown) => invoke(`mcp:req:${n}`, input) as Promise<Reply<unknown>>]));
  const events = Object.fromEntries(eventNames.map((n) => [n, (listener: (payload: unknown) => void) => subscribe(`mcp:evt:${n}`, listener)]));
  return Object.freeze({ requests: Object.freeze(requests), events: Object.freeze(events) });
}

import type { EventName, Reply, RequestName } from './contract/index.js';

/** The prefix of every IPC channel between the desktop shell and its page; declared here only. */
export const IPC_PREFIX = 'mcp';

/** The IPC channel of a request (main handles it, the preload invokes it). */
export const requestChannel = (name: RequestName): string => `${IPC_PREFIX}:req:${name}`;

/** The IPC channel of an event (main sends on it, the preload listens). */
export const eventChannel = (name: EventName): string => `${IPC_PREFIX}:evt:${name}`;

/**
 * The one synchronous channel: the preload asks main for the contract's names as it starts (the
 * contract's schemas stay in main; the page and its preload build no zod).
 */
export const NAMES_CHANNEL = `${IPC_PREFIX}:names`;

/** What main answers on NAMES_CHANNEL: the contract's request and event names, in contract order. */
export interface ContractNames {
  requests: readonly string[];
  events: readonly string[];
}

const NAME = /^[a-z]+\.[A-Za-z]+$/;

/** Checks what came back on NAMES_CHANNEL: two lists of contract-shaped names, or an error saying what was wrong. */
export function checkNames(names: unknown): ContractNames {
  const list = (v: unknown): v is string[] =>
    Array.isArray(v) && v.length <= 1000 && v.every((n) => typeof n === 'string' && NAME.test(n));
  const n = names as Partial<ContractNames> | null;
  if (!n || typeof n !== 'object' || !list(n.requests) || !list(n.events))
    throw new Error('the console did not give its preload the contract’s names');
  return { requests: [...n.requests], events: [...n.events] };
}

/** The name the preload exposes its API under, on the page's `window`. */
export const PRELOAD_GLOBAL = 'mcpConsole';

/**
 * What the desktop page gets from its preload: one function per contract request, one subscribe
 * per contract event, nothing else (no generic invoke, no IPC event objects).
 */
export interface PreloadApi {
  readonly requests: { readonly [N in RequestName]: (input: unknown) => Promise<Reply<unknown>> };
  readonly events: { readonly [E in EventName]: (listener: (payload: unknown) => void) => () => void };
}

/**
 * Builds the preload's API from the contract's names (main's answer on NAMES_CHANNEL), so a new contract
 * entry needs no preload line. `invoke` and `subscribe` are the only IPC; the listener never sees an
 * IpcRendererEvent.
 */
export function buildPreloadApi(
  names: unknown,
  invoke: (channel: string, input: unknown) => Promise<unknown>,
  subscribe: (channel: string, listener: (payload: unknown) => void) => () => void,
): PreloadApi {
  const { requests: requestNames, events: eventNames } = checkNames(names);
  const requests = Object.fromEntries(
    requestNames.map((n) => [
      n,
      (input: unknown) => invoke(requestChannel(n as RequestName), input) as Promise<Reply<unknown>>,
    ]),
  );
  const events = Object.fromEntries(
    eventNames.map((n) => [
      n,
      (listener: (payload: unknown) => void) => subscribe(eventChannel(n as EventName), listener),
    ]),
  );
  return Object.freeze({ requests: Object.freeze(requests), events: Object.freeze(events) }) as PreloadApi;
}

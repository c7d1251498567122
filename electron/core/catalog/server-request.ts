import type { Client } from '@modelcontextprotocol/client';
import type { ServerEntry } from '../config/index.js';
import { CoreError } from '../support/index.js';

/** How a list finds a server: its entry, and its client when connected. */
export type ServerLookup = (id: string) => { entry: ServerEntry; client?: Client } | undefined;

/** The server and its client, or the error a front end shows: no such server, or not connected. */
export function connectedServer(lookup: ServerLookup, serverId: string): { entry: ServerEntry; client: Client } {
  const s = lookup(serverId);
  if (!s) throw new CoreError('unknown-server', `no server ${JSON.stringify(serverId)}`);
  if (!s.client) throw new CoreError('not-connected', `server ${JSON.stringify(serverId)} is not connected`);
  return { entry: s.entry, client: s.client };
}

/**
 * Sends a request that changes nothing by spec but reaches the server (a read, a prompt), and
 * records it either way: `ok` with what `summary` says of the result, or `error` with the reason.
 */
export async function recordedRequest<T>(
  send: () => Promise<T>,
  record: (outcome: 'ok' | 'error', detail: object) => void,
  summary: (result: T) => object,
): Promise<T> {
  try {
    const result = await send();
    record('ok', summary(result));
    return result;
  } catch (e) {
    record('error', { error: (e as Error).message });
    throw e;
  }
}

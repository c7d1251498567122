import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { CallManager } from './calls.js';

export interface CallHandlerDeps {
  calls: CallManager;
  /** Whether the server's catalog holds the tool. */
  has(serverId: string, name: string): boolean;
  /** The listing of the server's tools under way, if any. */
  settling(serverId: string): Promise<void> | undefined;
}

/** Every `calls.*` request: calls are asked for on behalf of `requester`; a held result is released by a person. */
export function callHandlers(d: CallHandlerDeps, requester: Requester): HandlersOf<NamesIn<'calls'>> {
  const { calls } = d;
  // A first listing shows front ends its tools as pages arrive, before the catalog holds them: a
  // request for one of those waits for the listing (and is refused after it if the tool is not there).
  const listed = async (serverId: string, name: string) => {
    if (!d.has(serverId, name)) await d.settling(serverId);
  };
  return {
    'calls.request': async (i) => {
      await listed(i.serverId, i.tool);
      return calls.request(i.serverId, i.tool, i.args, requester, { asTask: i.asTask });
    },
    'calls.cancel': (i) => calls.cancel(i.callId),
    'calls.list': () => calls.list(),
    'calls.get': (i) => calls.get(i.callId),
    'calls.wait': (i) => calls.wait(i.callId),
    'calls.releaseResult': (i) => calls.decideResult(i.callId, i.release),
  };
}

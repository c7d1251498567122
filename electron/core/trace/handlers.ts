import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import { CoreError } from '../support/index.js';
import type { TraceLog } from './trace-log.js';

export interface TraceHandlerDeps {
  trace: TraceLog;
  /** Throws for a server the console does not know. */
  known(serverId: string): void;
}

/** Each server's protocol trace: rows for a list, one message whole, a file of all, and clearing. */
export function traceHandlers(d: TraceHandlerDeps): HandlersOf<NamesIn<'trace'>> {
  const { trace, known } = d;
  return {
    'trace.list': (i) => (known(i.serverId), trace.list(i.serverId, i)),
    'trace.get': (i) => {
      known(i.serverId);
      const e = trace.get(i.serverId, i.seq);
      if (!e)
        throw new CoreError(
          'not-found',
          `message #${i.seq} is no longer in ${i.serverId}'s trace (it is bounded: the oldest go first)`,
        );
      return e;
    },
    'trace.export': (i) => (known(i.serverId), trace.jsonl(i.serverId)),
    'trace.clear': (i) => (known(i.serverId), trace.clear(i.serverId), { ok: true as const }),
  };
}

import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import { CoreError } from '../support/index.js';
import type { RecordingDesk } from './recording-desk.js';
import type { TraceLog } from './trace-log.js';

export interface TraceHandlerDeps {
  trace: TraceLog;
  recordings: RecordingDesk;
  /** Throws for a server the console does not know. */
  known(serverId: string): void;
}

/** Each server's protocol trace: rows for a list, one message whole, a file of all, clearing, and recording. */
export function traceHandlers(d: TraceHandlerDeps, requester: Requester): HandlersOf<NamesIn<'trace'>> {
  const { trace, known, recordings } = d;
  return {
    'trace.list': (i) => (known(i.serverId), trace.list(i.serverId, i)),
    'trace.since': (i) => trace.since(i.since ?? 0, i.limit ?? 5000),
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
    'trace.recordStart': (i) => {
      for (const id of i.servers ?? []) known(id);
      // `page`: the person's window or tab; anyone else by their kind.
      return recordings.start({ by: requester.kind === 'console' ? 'page' : requester.kind, servers: i.servers });
    },
    'trace.recordStop': () => recordings.stop(),
    'trace.recording': () => recordings.state(),
  };
}

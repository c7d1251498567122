import type { ConsoleApi } from '../../api/client';
import type { ChannelLine, JSONRPCMessage } from './frame-transport';

/** Lines per batch, how long a line waits for others, and the largest message passed whole. */
const BATCH = 100;
const WAIT_MS = 250;
const WHOLE_CHARS = 64 * 1024;

/**
 * Passes a view's channel messages to the core in batches, into its server's trace beside the calls
 * they led to. A tool's input and result are not sent again (the server's own messages in the trace
 * hold them); a message too large is passed as its opening.
 */
export function channelTrace(
  api: ConsoleApi,
  viewId: string,
): { add(line: ChannelLine, m: JSONRPCMessage): void; stop(): void } {
  let queue: { dir: 'to-view' | 'from-view'; message: unknown }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const lines = queue;
    queue = [];
    if (lines.length) void api.request('apps.trace', { viewId, lines }).catch(() => undefined);
  };
  return {
    add(line, m) {
      queue.push({ dir: line.dir === 'to view' ? 'to-view' : 'from-view', message: traced(m) });
      if (queue.length >= BATCH) flush();
      else timer ??= setTimeout(flush, WAIT_MS);
    },
    stop() {
      if (timer) clearTimeout(timer);
      flush();
    },
  };
}

function traced(m: JSONRPCMessage): unknown {
  if (m.method === 'ui/notifications/tool-result' || m.method === 'ui/notifications/tool-input')
    return {
      jsonrpc: '2.0',
      method: m.method,
      params: '(the call’s own, in this trace as the server sent or received it)',
    };
  const text = JSON.stringify(m);
  return text.length <= WHOLE_CHARS
    ? m
    : {
        jsonrpc: '2.0',
        ...(m.method && { method: m.method }),
        ...(m.id !== undefined && { id: m.id }),
        preview: text.slice(0, 2000),
      };
}

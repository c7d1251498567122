import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';

/**
 * Where a task handle (tasks extension, `resultType: "task"`) travels from here to the call manager.
 * The SDK 2.4 refuses result types it does not know, and it does not speak the extension; so the
 * answer to a tools/call that is a task is handed up as a complete result carrying the handle under
 * this key (a key a server's own result cannot bring: it is removed from every other result).
 */
export const TASK_HANDLE = 'io.mcp-console/task-handle';

/**
 * Where a list page's items travel past the SDK to the console's own list walk. The SDK checks a
 * 2026-07-28 list result against its schema as a whole, so one malformed tool would fail the page
 * and hide every other tool; the walk checks items one by one and skips the bad one alone, as it
 * does in the 2025 era. The SDK sees an empty page carrying the items under this key (a key a
 * server's own result cannot bring: it is removed from every result).
 */
export const LIST_ITEMS = 'io.mcp-console/list-items';
const LIST_FIELDS: Record<string, string> = {
  'tools/list': 'tools',
  'prompts/list': 'prompts',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
};

/**
 * A 2026-07-28 result must say its `resultType`; the spec's schema has clients treat an absent one
 * as "complete" (for earlier servers), and the official conformance suite expects that of every
 * client. The SDK refuses such a result outright, which would leave a person with nothing to look
 * at. Here a result without `resultType` is taken as complete, and the server's omission is said
 * (once per method per connection) where the person reads the server's output.
 */
export function completeByDefault(transport: Transport, warn: (line: string) => void): void {
  const deliver = transport.onmessage;
  const send = transport.send.bind(transport);
  if (!deliver) return;
  const told = new Set<string>();
  // The method of each request in flight (bounded: a server that never answers cannot grow it).
  const methods = new Map<string | number, string>();
  transport.send = (m, options) => {
    if ('method' in m && 'id' in m) {
      if (methods.size >= 1000) methods.clear();
      methods.set(m.id, m.method);
    }
    return send(m, options);
  };
  transport.onmessage = ((m: JSONRPCMessage, extra?: unknown) => {
    const result = 'result' in m && 'id' in m ? (m.result as Record<string, unknown> | undefined) : undefined;
    const id = 'id' in m && !('method' in m) ? m.id : undefined;
    let method = id === undefined ? undefined : methods.get(id);
    if (id !== undefined) methods.delete(id);
    const isObject = !!result && typeof result === 'object' && !Array.isArray(result);
    if (isObject && (result.resultType === 'task' || TASK_HANDLE in result)) {
      // Only tools/call may become a task; anything else is left for the SDK to refuse as invalid.
      if (result.resultType === 'task' && method === 'tools/call') {
        const { resultType: _task, ...handle } = result;
        m = { ...m, result: { resultType: 'complete', content: [], [TASK_HANDLE]: handle } } as JSONRPCMessage;
      } else if (result.resultType !== 'task') {
        const { [TASK_HANDLE]: _forged, ...rest } = result;
        m = { ...m, result: rest } as JSONRPCMessage;
      }
    }
    if (isObject && LIST_ITEMS in (m as { result: object }).result) {
      const { [LIST_ITEMS]: _forged, ...rest } = (m as { result: Record<string, unknown> }).result;
      m = { ...m, result: rest } as JSONRPCMessage;
    }
    const field = method === undefined ? undefined : LIST_FIELDS[method];
    const items = field && isObject ? (m as { result: Record<string, unknown> }).result[field] : undefined;
    if (Array.isArray(items))
      m = {
        ...m,
        result: { ...(m as { result: object }).result, [field!]: [], [LIST_ITEMS]: items },
      } as JSONRPCMessage;
    if (isObject && result.resultType === undefined) {
      // A copy: the trace keeps the message as the server sent it.
      m = { ...m, result: { ...(m as { result: object }).result, resultType: 'complete' } } as JSONRPCMessage;
      method ??= 'a request';

      if (!told.has(method)) {
        told.add(method);
        warn(`the server answered ${method} without resultType, which 2026-07-28 requires; taken as "complete"`);
      }
    }
    (deliver as (m: JSONRPCMessage, extra?: unknown) => void).call(transport, m, extra);
  }) as Transport['onmessage'];
}

import type { ServerSide } from '../server-diff.js';
import type { ReplayedServer } from './read.js';

/** What a recorded server listed, as `diff` compares it: each list whole (every page), its info and capabilities. */
export type RecordedListing = Omit<ServerSide, 'label'>;

const LISTED = [
  ['tools/list', 'tools'],
  ['resources/list', 'resources'],
  ['resources/templates/list', 'resourceTemplates'],
  ['prompts/list', 'prompts'],
] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const cursorOf = (params: unknown) => (isObject(params) ? params.cursor : undefined);

/**
 * The server's lists as its last full listing in the recording had them: the last first page (no cursor) and the pages
 * its cursors lead to after it; a list never recorded is absent (not compared). Server info and capabilities from the
 * recording's `server` line, else from the answer to `initialize` or `server/discover`.
 */
export function recordedListing(server: ReplayedServer): RecordedListing {
  const out: RecordedListing = {};
  for (const [method, key] of LISTED) {
    const exchanges = server.byMethod.get(method) ?? [];
    const answered = (i: number) => {
      const a = exchanges[i]?.answer;
      return a && 'result' in a && isObject(a.result) ? a.result : undefined;
    };
    let first = -1;
    for (let i = exchanges.length - 1; i >= 0 && first < 0; i--)
      if (cursorOf(exchanges[i]!.params) === undefined && answered(i)) first = i;
    if (first < 0) continue;
    const items: Record<string, unknown>[] = [];
    let at = first;
    // Each page at most once: a cursor that leads back cannot loop.
    for (let pages = 0; at >= 0 && pages < exchanges.length; pages++) {
      const result = answered(at)!;
      const page = result[key];
      if (Array.isArray(page)) items.push(...page.filter(isObject));
      const next = result.nextCursor;
      if (typeof next !== 'string') break;
      const from = at;
      at = exchanges.findIndex((ex, i) => i > from && cursorOf(ex.params) === next && answered(i) !== undefined);
    }
    out[key] = items;
  }
  const said = server.server;
  const hello = [...(server.byMethod.get('server/discover') ?? []), ...(server.byMethod.get('initialize') ?? [])]
    .map((ex) => (ex.answer && 'result' in ex.answer && isObject(ex.answer.result) ? ex.answer.result : undefined))
    .filter((r) => r !== undefined)
    .at(-1);
  const info = said?.serverInfo ?? hello?.serverInfo;
  const capabilities = said?.capabilities ?? hello?.capabilities;
  if (isObject(info)) out.serverInfo = info;
  if (isObject(capabilities)) out.capabilities = capabilities;
  return out;
}

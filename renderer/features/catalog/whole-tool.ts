import { useEffect, useState } from 'react';
import type { ShownTool, ToolView } from '../../../shared/schemas/tool';
import type { ConsoleApi } from '../../api/client';
import { useApi } from '../../api/context';

/** A held tool that came whole (a catalog event or `tools.list`), not from a listing. */
export function isWhole(t: ShownTool): t is ToolView {
  return t.fingerprint !== undefined && t.inputSchema !== undefined;
}

/** One question per held tool object, shared by every component that opens it (dropped when it failed). */
const asked = new WeakMap<ShownTool, Promise<ToolView>>();
/** The answers had, so that a tool opened again is drawn whole at once. */
const answered = new WeakMap<ShownTool, ToolView>();

function ask(api: ConsoleApi, t: ShownTool): Promise<ToolView> {
  let p = asked.get(t);
  if (!p) {
    p = api.request('tools.get', { serverId: t.serverId, name: t.name });
    asked.set(t, p);
    p.then(
      (v) => answered.set(t, v),
      () => asked.delete(t),
    );
  }
  return p;
}

/** Asks for a tool whole before it is opened (the pointer is on its row), unless it came whole or was asked for. */
export function readAhead(api: ConsoleApi, t: ShownTool): void {
  if (!isWhole(t)) void ask(api, t).catch(() => undefined);
}

/** What `useWholeTool` has: the whole tool, why it could not be had, or neither yet. */
export interface WholeTool {
  tool?: ToolView;
  error?: string;
}

/**
 * A tool's whole view, for what only a tool opened in full needs (its schemas, its fingerprint,
 * its form, its view's host context). A listing sends what a list shows and leaves the rest to
 * this: the core answers at once, even while the listing goes on. Answers for a tool the page no
 * longer shows (another was picked, a change replaced it) are never given for the new one.
 */
export function useWholeTool(tool: ShownTool | undefined): WholeTool {
  const api = useApi();
  const [got, setGot] = useState<WholeTool & { of: ShownTool }>();
  useEffect(() => {
    if (!tool || isWhole(tool) || answered.has(tool)) return;
    let live = true;
    ask(api, tool).then(
      (v) => live && setGot({ of: tool, tool: v }),
      (e: Error) => live && setGot({ of: tool, error: e.message }),
    );
    return () => {
      live = false;
    };
  }, [api, tool]);
  if (!tool) return {};
  if (isWhole(tool)) return { tool };
  const had = answered.get(tool);
  if (had) return { tool: had };
  return got?.of === tool ? got : {};
}

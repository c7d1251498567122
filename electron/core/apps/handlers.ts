import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { AppViews } from './app-views.js';

/** MCP Apps: views opened, their calls and reads (as the view's), what they said, what their policy blocked. */
export function appHandlers(d: { apps: AppViews }): HandlersOf<NamesIn<'apps'>> {
  const { apps } = d;
  return {
    'apps.open': (i) => apps.openView(i.serverId, i.tool),
    'apps.call': (i) => apps.call(i.viewId, i.tool, i.args),
    'apps.read': (i) => apps.read(i.viewId, i.uri),
    'apps.note': (i) => (apps.note(i.viewId, i.kind, i.text), { ok: true as const }),
    'apps.trace': (i) => (apps.trace(i.viewId, i.lines), { ok: true as const }),
    'apps.close': (i) => (apps.close(i.viewId), { ok: true as const }),
    'apps.pin': (i) => (apps.pinView(i.viewId), { ok: true as const }),
    'apps.violations': (i) => apps.violations(i.viewId),
  };
}

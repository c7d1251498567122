import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ViewPermission } from '../../../shared/apps';
import type { AppView } from '../../../shared/schemas/app-view';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { dateTime } from '../../components/format';
import { useConsole } from '../../store/store';

/* What the console says beside a view: the permissions it asks for, and that it changed since pinned. */

const PERMISSION_WORDS: Record<string, string> = {
  camera: 'the camera',
  microphone: 'the microphone',
  geolocation: 'your location',
  clipboardWrite: 'writing to the clipboard',
};

/**
 * The device permissions a view declares, each allowed for the server's views only when the person ticks it (the
 * browser still asks too).
 */
export function Permissions({ view, changed }: { view: AppView; changed: () => void }) {
  const api = useApi();
  const allowed = useConsole(useShallow((s) => s.servers[view.serverId]?.settings.viewPermissions ?? []));
  const [failed, setFailed] = useState<string | null>(null);
  if (view.permissions.declared.length === 0) return <div>It asks for no device permission.</div>;
  const set = (p: ViewPermission, on: boolean) => {
    const next = on ? [...new Set([...allowed, p])] : allowed.filter((x) => x !== p);
    api
      .request('servers.update', { serverId: view.serverId, settings: { viewPermissions: next } })
      .then(changed, (e: Error) => setFailed(e.message));
  };
  return (
    <div data-testid="app-view-permissions">
      It asks for:
      {view.permissions.declared.map((p) => (
        <label key={p} className="row gap">
          <input
            type="checkbox"
            checked={allowed.includes(p)}
            onChange={(e) => set(p, e.target.checked)}
            data-testid="app-view-permission"
            data-permission={p}
          />
          allow {PERMISSION_WORDS[p] ?? p} for the views of {view.serverId}
          {view.permissions.granted.includes(p) ? ' (granted to this view)' : ''}
        </label>
      ))}
      {failed && <span className="error">{failed}</span>}
    </div>
  );
}

/**
 * A view whose document changed since it was pinned: the diff, and pinning it again (a person's decision, recorded).
 */
export function ChangedView({ view, pinned }: { view: AppView; pinned: () => void }) {
  const api = useApi();
  const [failed, setFailed] = useState<string | null>(null);
  const d = view.pin.diff;
  return (
    <div className="warn-box small app-view-aside" role="alert" data-testid="app-view-changed">
      This view changed since it was pinned{view.pin.pinnedAt ? ` (${dateTime(view.pin.pinnedAt)})` : ''}: the same
      buttons may now do something else.
      {d && (
        <pre className="code view-diff" data-testid="app-view-diff">
          {d.same.before > 0 && `… ${d.same.before} line(s) as before\n`}
          {d.removed.map((l) => `- ${l}`).join('\n')}
          {d.cut.removed > 0 && `\n- … ${d.cut.removed} more`}
          {d.removed.length > 0 && '\n'}
          {d.added.map((l) => `+ ${l}`).join('\n')}
          {d.cut.added > 0 && `\n+ … ${d.cut.added} more`}
          {d.same.after > 0 && `\n… ${d.same.after} line(s) as before`}
        </pre>
      )}
      <button
        onClick={() =>
          api.request('apps.pin', { viewId: view.viewId }).then(pinned, (e: Error) => setFailed(e.message))
        }
        data-testid="app-view-pin"
      >
        Pin this version
      </button>
      {failed && (
        <span className="error">
          {' '}
          <SafeText text={failed} />
        </span>
      )}
    </div>
  );
}

/**
 * What a view may reach: its policy as sent, the permissions it asks for, what was dropped from its declaration, its
 * hash.
 */
export function ViewReach({ view, changed }: { view: AppView; changed: () => void }) {
  return (
    <details className="small">
      <summary>What it may reach</summary>
      <pre className="code prewrap" data-testid="app-view-csp">
        {view.csp.split('; ').join(';\n')}
      </pre>
      <Permissions view={view} changed={changed} />
      {view.problems.length > 0 && (
        <ul data-testid="app-view-problems">
          {view.problems.map((p, i) => (
            <li key={i}>
              <SafeText text={p} />
            </li>
          ))}
        </ul>
      )}
      <div className="mono muted">
        sha-256 {view.htmlSha256} · {view.htmlBytes} bytes
      </div>
    </details>
  );
}

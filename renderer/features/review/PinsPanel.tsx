import { useCallback, useEffect, useState } from 'react';
import type { PinState } from '../../../shared/schemas/review';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { useConsole } from '../../store/store';
import { DiffView } from '../catalog/DiffView';
import { FileExchange } from './FileExchange';

const LABEL: Record<PinState['state'], string> = {
  'first-seen': 'pinned at first sight',
  accepted: 'accepted by a person',
  new: 'not pinned',
  changed: 'changed since pinned',
  removed: 'pinned, no longer offered',
};

/**
 * One server's pins: how many tools are pinned (at first sight, or accepted by a person), and each
 * tool that differs from its pin — new, changed (with the diff) or removed — pinned again only by
 * a click on what is shown. Pins export and import as a file (`mcp-console review --pins`).
 */
export function PinsPanel({ servers }: { servers: string[] }) {
  const api = useApi();
  const [serverId, setServerId] = useState(servers[0] ?? '');
  const [states, setStates] = useState<PinState[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const flags = useConsole((s) => s.pinFlags[serverId]);

  const load = useCallback(() => {
    if (!serverId) return;
    api.request('review.pins', { serverId }).then(setStates, (e: Error) => setError(e.message));
  }, [api, serverId]);
  // Loaded again whenever the core says this server's unsettled tools changed.
  useEffect(load, [load, flags]);

  const repin = (pick: PinState[]) => {
    setError(null);
    const tools = pick.filter((p) => p.state !== 'removed' && p.fingerprint).map((p) => ({ tool: p.tool, fingerprint: p.fingerprint! }));
    const removed = pick.filter((p) => p.state === 'removed').map((p) => p.tool);
    api.request('review.repin', { serverId, tools, removed }).then(setStates, (e: Error) => setError(e.message));
  };
  const unsettled = (states ?? []).filter((p) => p.state === 'new' || p.state === 'changed' || p.state === 'removed');
  const firstSeen = (states ?? []).filter((p) => p.state === 'first-seen');
  const accepted = (states ?? []).filter((p) => p.state === 'accepted').length;

  return (
    <details className="pins" data-testid="review-pins" open={unsettled.length > 0}>
      <summary>
        Pins{serverId && `: ${serverId}`} — {unsettled.length} to look at, {firstSeen.length} pinned at first sight, {accepted} accepted
      </summary>
      <div className="row gap small">
        <label>
          Server{' '}
          <select value={serverId} onChange={(e) => (setServerId(e.target.value), setStates(null))} data-testid="review-pins-server">
            {servers.map((id) => (
              <option key={id}>{id}</option>
            ))}
          </select>
        </label>
        {firstSeen.length > 0 && (
          <button onClick={() => repin(firstSeen)} data-testid="review-accept-first-seen">
            Mark the {firstSeen.length} first-seen as reviewed
          </button>
        )}
        {unsettled.length > 1 && (
          <button onClick={() => repin(unsettled)} data-testid="review-repin-all">
            Pin all {unsettled.length} as shown
          </button>
        )}
        <FileExchange
          what="pins"
          fileName="mcp-pins.json"
          load={() => api.request('review.exportPins', {})}
          save={async (json) => {
            setError(null);
            const r = await api.request('review.importPins', { json });
            setNote(`pins imported for ${r.imported.join(', ') || 'no connected server'}${r.skipped.length ? `; not connected: ${r.skipped.join(', ')}` : ''}`);
            load();
          }}
          failed={setError}
          testIds={{ export: 'review-export-pins', import: 'review-import-pins' }}
        />
        {note && <span className="muted">{note}</span>}
      </div>
      {error && (
        <div className="error small" role="alert">
          <SafeText text={error} />
        </div>
      )}
      <ul className="plain">
        {unsettled.map((p) => (
          <li key={p.tool} className="finding" data-testid="review-pin" data-tool={p.tool} data-state={p.state}>
            <div className="row gap">
              <span className={`badge ${p.state === 'changed' ? 'danger' : 'warn'}`}>{LABEL[p.state]}</span>
              <code>
                <SafeText text={p.tool} />
              </code>
              {p.pinnedAt && <span className="muted small">pinned {new Date(p.pinnedAt).toLocaleString()}</span>}
              <button onClick={() => repin([p])} data-testid="review-repin">
                {p.state === 'removed' ? 'Record the removal' : 'Pin as shown'}
              </button>
            </div>
            {p.diff && <DiffView change={p.diff} />}
          </li>
        ))}
      </ul>
    </details>
  );
}

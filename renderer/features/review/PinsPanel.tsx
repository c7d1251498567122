import { useCallback, useEffect, useState } from 'react';
import type { PinGroup, PinOverview, PinState } from '../../../shared/schemas/review';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { ServerSelect } from '../../components/ServerSelect';
import { useConsole } from '../../store/store';
import { DiffView } from '../catalog/DiffView';
import { FileExchange } from './FileExchange';
import { dateTime } from '../../components/format';

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
  const [pins, setPins] = useState<PinOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const flags = useConsole((s) => s.pinFlags[serverId]);

  const load = useCallback(() => {
    if (!serverId) return;
    api.request('review.pins', { serverId }).then(setPins, (e: Error) => setError(e.message));
  }, [api, serverId]);
  // Loaded again whenever the core says this server's unsettled tools changed.
  useEffect(load, [load, flags]);

  const repin = (pick: PinState[]) => {
    setError(null);
    const tools = pick
      .filter((p) => p.state !== 'removed' && p.fingerprint)
      .map((p) => ({ tool: p.tool, fingerprint: p.fingerprint! }));
    const removed = pick.filter((p) => p.state === 'removed').map((p) => p.tool);
    api.request('review.repin', { serverId, tools, removed }).then(setPins, (e: Error) => setError(e.message));
  };
  // Every tool of a group, as counted here: the core pins them only if the group is still what this shows.
  const repinAll = (group: PinGroup) => {
    if (!pins) return;
    setError(null);
    api
      .request('review.repinAll', { serverId, group, digest: pins.digests[group] })
      .then(setPins, (e: Error) => (setError(e.message), load()));
  };
  const unsettled = pins?.unsettled ?? [];
  const counts = pins?.counts ?? { 'first-seen': 0, accepted: 0, new: 0, changed: 0, removed: 0 };
  const toLook = counts.new + counts.changed + counts.removed;

  return (
    <details className="pins" data-testid="review-pins" open={toLook > 0}>
      <summary>
        Pins{serverId && `: ${serverId}`} — {toLook} to look at, {counts['first-seen']} pinned at first sight,{' '}
        {counts.accepted} accepted
      </summary>
      <div className="row gap small">
        <ServerSelect
          servers={servers}
          value={serverId}
          onChange={(id) => (setServerId(id), setPins(null))}
          testId="review-pins-server"
        />
        {counts['first-seen'] > 0 && (
          <button onClick={() => repinAll('first-seen')} data-testid="review-accept-first-seen">
            Mark the {counts['first-seen']} first-seen as reviewed
          </button>
        )}
        {toLook > 1 && (
          <button onClick={() => repinAll('unsettled')} data-testid="review-repin-all">
            Pin all {toLook} as they are now
          </button>
        )}
        <PinsFile load={load} setError={setError} setNote={setNote} />
        {note && <span className="muted">{note}</span>}
      </div>
      {error && (
        <div className="error small" role="alert">
          <SafeText text={error} />
        </div>
      )}
      <ul className="plain">
        {unsettled.map((p) => (
          <PinRow key={p.tool} p={p} repin={repin} />
        ))}
      </ul>
      {toLook > unsettled.length && (
        <div className="muted small" data-testid="review-pins-more">
          {toLook - unsettled.length} more to look at: pin these, or look at each in the catalog (its changed tools are
          marked).
        </div>
      )}
    </details>
  );
}

/** One tool that differs from its pin, with the diff, pinned again only as shown. */
function PinRow({ p, repin }: { p: PinState; repin: (pick: PinState[]) => void }) {
  return (
    <li className="finding" data-testid="review-pin" data-tool={p.tool} data-state={p.state}>
      <div className="row gap">
        <span className={`badge ${p.state === 'changed' ? 'danger' : 'warn'}`}>{LABEL[p.state]}</span>
        <code>
          <SafeText text={p.tool} />
        </code>
        {p.pinnedAt && <span className="muted small">pinned {dateTime(p.pinnedAt)}</span>}
        <button onClick={() => repin([p])} data-testid="review-repin">
          {p.state === 'removed' ? 'Record the removal' : 'Pin as shown'}
        </button>
      </div>
      {p.diff && <DiffView change={p.diff} since="it was pinned" />}
    </li>
  );
}

/** The pins as a file: export them, or import a pins file for the connected servers it names. */
function PinsFile({
  load,
  setError,
  setNote,
}: {
  load: () => void;
  setError: (e: string | null) => void;
  setNote: (n: string) => void;
}) {
  const api = useApi();
  return (
    <FileExchange
      what="pins"
      fileName="mcp-pins.json"
      load={() => api.request('review.exportPins', {})}
      save={async (json) => {
        setError(null);
        const r = await api.request('review.importPins', { json });
        setNote(
          `pins imported for ${r.imported.join(', ') || 'no connected server'}${r.skipped.length ? `; not connected: ${r.skipped.join(', ')}` : ''}`,
        );
        load();
      }}
      failed={setError}
      testIds={{ export: 'review-export-pins', import: 'review-import-pins' }}
    />
  );
}

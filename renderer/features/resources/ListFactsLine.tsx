import { useEffect, useState } from 'react';
import type { ListFacts } from '../../../shared/schemas/list-facts';
import { cacheText } from '../../../shared/list-facts-text';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { useConsole } from '../../store/store';
import { DiffView } from '../catalog/DiffView';

/**
 * One server's list, in a line: when it was listed and its cache hints (2026-07-28 `ttlMs`,
 * `cacheScope`); and, when the server said the list changed, what changed (added, removed, and
 * each changed item field by field, as for tools). `version` changes when the list was walked again.
 */
export function ListFactsLine({
  serverId,
  kind,
  version,
}: {
  serverId: string;
  kind: 'resources' | 'prompts';
  version?: unknown;
}) {
  const api = useApi();
  const pushed = useConsole((s) => s.listChanges[`${serverId}\u0000${kind}`]);
  const [facts, setFacts] = useState<ListFacts | undefined>();
  useEffect(() => {
    let live = true;
    api.request('lists.facts', { serverId }).then(
      (f) => live && setFacts(f[kind]),
      () => live && setFacts(undefined),
    );
    return () => {
      live = false;
    };
  }, [api, serverId, kind, version]);
  const shown = pushed && (!facts || pushed.listedAt >= facts.listedAt) ? pushed : facts;
  if (!shown) return null;
  const diff = pushed?.listedAt === shown.listedAt ? shown.diff : undefined;
  return (
    <div className="small list-facts-line" data-testid="list-facts" data-kind={kind}>
      <span className="muted" data-testid="list-cache" data-ttl={shown.cache?.ttlMs ?? ''}>
        listed at {shown.listedAt.slice(11, 19)} UTC · {cacheText(shown)}
      </span>
      {diff && (
        <div className="warn-box" data-testid="list-diff">
          The server said its {kind} changed:
          {diff.added.length > 0 && (
            <div data-testid="list-diff-added">
              added: <SafeText text={diff.added.join(', ')} />
            </div>
          )}
          {diff.removed.length > 0 && (
            <div data-testid="list-diff-removed">
              removed: <SafeText text={diff.removed.join(', ')} />
            </div>
          )}
          {diff.changed.map((c) => (
            <div key={c.name} data-testid="list-diff-changed">
              changed: <SafeText text={c.name} />
              <DiffView change={c} since="it was last listed" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

import type { PendingTool } from '../../../shared/schemas/agent';
import { SafeText } from '../../components/SafeText';
import { DiffView } from '../catalog/DiffView';

/** Tools agents do not see yet: new ones, and changed ones with their diff, each accepted by the person. */
export function WaitingTools({ pending, accept }: { pending: PendingTool[]; accept: (t: PendingTool) => unknown }) {
  return (
    <>
      <h2>Waiting for you before agents see them</h2>
      {pending.length === 0 && (
        <p className="muted small">Nothing: agents see every tool of their servers as you accepted it.</p>
      )}
      <ul className="plain">
        {pending.map((t) => (
          <li
            key={`${t.serverId}/${t.tool}`}
            className="consent-row"
            data-testid="pending-tool"
            data-server={t.serverId}
            data-tool={t.tool}
            data-state={t.state}
          >
            <div className="row gap">
              <strong>
                <SafeText text={`${t.serverId} / ${t.tool}`} />
              </strong>
              <span className="badge warn">{t.state === 'new' ? 'new tool' : 'changed since accepted'}</span>
              <span className="spacer" />
              <button onClick={() => void accept(t)} data-testid="pending-accept">
                Accept for agents
              </button>
            </div>
            {t.diff && <DiffView change={t.diff} since="it was pinned" />}
          </li>
        ))}
      </ul>
    </>
  );
}

import { useState } from 'react';
import type { AgentView } from '../../../shared/schemas/agent';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';
import { SafeText } from '../../components/SafeText';
import { clockTime, dateTime } from '../../components/format';

/**
 * The agents: each one's servers (editable), when it was made and last seen, and revoking it. `act` reports a failure.
 */
export function AgentList({ agents, act }: { agents: AgentView[]; act: (p: Promise<unknown>) => unknown }) {
  const api = useApi();
  const [editing, setEditing] = useState<string | null>(null);
  const serverIds = Object.keys(useConsole((s) => s.servers));
  return (
    <>
      <ul className="plain">
        {agents.map((a) => (
          <li
            key={a.name}
            className="consent-row"
            data-testid="agent-row"
            data-agent={a.name}
            data-state={a.revokedAt ? 'revoked' : 'active'}
          >
            <div className="row gap">
              <strong>
                <SafeText text={a.name} />
              </strong>
              <span className="badge">{a.revokedAt ? 'revoked' : 'active'}</span>
              <span className="muted small">
                servers: <SafeText text={a.servers.join(', ') || 'none'} /> · created {dateTime(a.createdAt)}
                {a.lastSeenAt && <span data-testid="agent-last-seen"> · last seen {clockTime(a.lastSeenAt)}</span>}
              </span>
              <span className="spacer" />
              {!a.revokedAt && (
                <>
                  <button
                    onClick={() => setEditing(editing === a.name ? null : a.name)}
                    data-testid="agent-edit-servers"
                  >
                    Servers…
                  </button>
                  <button
                    onClick={() => void act(api.request('agents.revoke', { name: a.name }))}
                    data-testid="agent-revoke"
                  >
                    Revoke
                  </button>
                </>
              )}
            </div>
            {editing === a.name && (
              <div className="row gap wrap small" data-testid="agent-servers">
                {serverIds.map((id) => (
                  <label key={id} className="row gap">
                    <input
                      type="checkbox"
                      checked={a.servers.includes(id)}
                      onChange={(e) =>
                        void act(
                          api.request('agents.setServers', {
                            name: a.name,
                            servers: e.target.checked ? [...a.servers, id] : a.servers.filter((x) => x !== id),
                          }),
                        )
                      }
                      data-testid="agent-server-toggle"
                      data-server={id}
                    />
                    <SafeText text={id} />
                  </label>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
      {agents.length === 0 && <p className="muted">No agents yet.</p>}
    </>
  );
}

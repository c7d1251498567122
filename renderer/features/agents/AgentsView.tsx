import { useEffect, useState } from 'react';
import type { PendingTool } from '../../../shared/schemas/agent';
import { describeRequester } from '../../../shared/requester-text';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';
import { SafeText } from '../../components/SafeText';
import { DiffView } from '../catalog/DiffView';
import { ConnectAgent } from './ConnectAgent';
import { clockTime, dateTime } from '../../components/format';

const SCOPE: Record<string, string> = { session: 'allowed for this session', always: 'always allowed', never: 'never' };

/** The approval gateway: agents, tools waiting to be accepted for them, and every standing grant. */
// eslint-disable-next-line max-lines-per-function -- to split by what it shows: agents, waiting tools, grants
export function AgentsView() {
  const api = useApi();
  const agents = useConsole((s) => s.agents);
  const grants = useConsole((s) => s.grants);
  const catalog = useConsole((s) => s.tools);
  const [connecting, setConnecting] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const serverIds = Object.keys(useConsole((s) => s.servers));
  const [pending, setPending] = useState<PendingTool[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [endpoint, setEndpoint] = useState<string | undefined>();
  const [notify, setNotify] = useState(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
  useEffect(() => {
    void api.request('agents.gateway', {}).then(
      (g) => setEndpoint(g.httpUrl),
      () => undefined,
    );
  }, [api]);
  useEffect(() => {
    void api.request('agents.pendingTools', {}).then(setPending, () => undefined);
  }, [api, agents, catalog]);
  const act = (p: Promise<unknown>) =>
    p.then(
      () => setError(null),
      (e: Error) => setError(e.message),
    );
  const accept = (t: PendingTool) =>
    act(api.request('agents.acceptTools', { serverId: t.serverId, tools: [{ tool: t.tool, fingerprint: t.fingerprint }] }).then(setPending));

  return (
    <div className="agents" data-testid="agents-view">
      <div className="row gap">
        <h2>Agents</h2>
        <span className="spacer" />
        <button onClick={() => setConnecting(true)} data-testid="agent-connect">
          Connect an agent
        </button>
      </div>
      <p className="muted small">
        Agents (Claude Desktop, Cursor, VS Code, Claude Code, any MCP host) call tools through MCP Console. Each sees only the servers you granted it, and every
        call waits for you, or for a standing grant you made.
      </p>
      <p className="muted small" data-testid="agents-wait-note">
        A call waits for you up to the approval timeout (Settings). Hosts give up sooner, often after 60 s, unless they reset their timeout on progress: while a
        call waits, MCP Console tells the agent so every 15 s (a progress note, for calls that ask for progress). A call whose agent gave up is withdrawn, never
        run later.
      </p>
      <p className="small">
        {endpoint ? (
          <>
            Agent endpoint: <code data-testid="agents-endpoint">{endpoint}</code> (Streamable HTTP, an agent's token as <code>Authorization: Bearer</code>) · or
            the stdio bridge: <code>mcp-console bridge --agent NAME</code>
          </>
        ) : (
          <>
            Agents reach this console through <code>mcp-console bridge --agent NAME</code>.
          </>
        )}
      </p>
      {notify === 'default' && (
        <button onClick={() => void Notification.requestPermission().then(setNotify)} data-testid="agents-notify">
          Notify me when an agent's call waits (browser notification)
        </button>
      )}
      {error && (
        <div role="alert" className="server-error">
          {error}
        </div>
      )}
      {connecting && <ConnectAgent onClose={() => setConnecting(false)} />}
      <ul className="plain">
        {agents.map((a) => (
          <li key={a.name} className="consent-row" data-testid="agent-row" data-agent={a.name} data-state={a.revokedAt ? 'revoked' : 'active'}>
            <div className="row gap">
              <strong>
                <SafeText text={a.name} />
              </strong>
              <span className="badge">{a.revokedAt ? 'revoked' : 'active'}</span>
              <span className="muted small">
                servers: <SafeText text={a.servers.join(', ') || 'none'} /> · created {dateTime(a.createdAt)}
                {a.lastSeenAt && ` · last seen ${clockTime(a.lastSeenAt)}`}
              </span>
              <span className="spacer" />
              {!a.revokedAt && (
                <>
                  <button onClick={() => setEditing(editing === a.name ? null : a.name)} data-testid="agent-edit-servers">
                    Servers…
                  </button>
                  <button onClick={() => void act(api.request('agents.revoke', { name: a.name }))} data-testid="agent-revoke">
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

      <h2>Waiting for you before agents see them</h2>
      {pending.length === 0 && <p className="muted small">Nothing: agents see every tool of their servers as you accepted it.</p>}
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
            {t.diff && <DiffView change={t.diff} />}
          </li>
        ))}
      </ul>

      <h2>Grants</h2>
      <p className="muted small">
        Standing decisions. An "always" or "session" grant holds only for the tool definition and server identity it was given for; one over a server's tools
        holds for the tools as they were when it was given (a tool added or changed since is asked for).
      </p>
      {grants.length === 0 && <p className="muted small">No standing grants: every call is asked for.</p>}
      <table className="grants" data-testid="grants">
        <tbody>
          {grants.map((g) => (
            <tr
              key={g.id}
              data-testid="grant-row"
              data-scope={g.scope}
              data-tool={g.tool}
              data-covers={g.covers}
              data-server={g.serverId}
              data-agent={g.requester.kind === 'agent' ? g.requester.name : ''}
            >
              <td>
                <SafeText text={describeRequester(g.requester)} />
              </td>
              <td>
                <SafeText
                  text={
                    g.covers === 'server'
                      ? `every tool of ${g.serverId}`
                      : g.covers === 'read-only'
                        ? `the read-only tools of ${g.serverId} (trusted)`
                        : `${g.serverId} / ${g.tool}`
                  }
                />
              </td>
              <td>{SCOPE[g.scope]}</td>
              <td className="muted small">
                by {g.grantedBy} {dateTime(g.grantedAt)}
              </td>
              <td className="mono small" title={g.fingerprint}>
                {g.covers !== 'tool' ? 'as they were when granted' : g.fingerprint ? g.fingerprint.slice(0, 12) : 'any definition'}
              </td>
              <td className="muted small">{g.lastUsedAt ? `used ${g.uses}×, last ${clockTime(g.lastUsedAt)}` : 'not used yet'}</td>
              <td>
                <button onClick={() => void act(api.request('grants.revoke', { id: g.id }))} data-testid="grant-revoke">
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

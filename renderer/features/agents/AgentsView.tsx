import { useEffect, useState } from 'react';
import type { PendingTool } from '../../../shared/schemas/agent';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';
import { ConnectAgent } from './ConnectAgent';
import { AgentList } from './AgentList';
import { GrantTable } from './GrantTable';
import { PolicyRules } from './PolicyRules';
import { WaitingTools } from './WaitingTools';

/** The approval gateway: agents, tools waiting to be accepted for them, and every standing grant. */
export function AgentsView() {
  const api = useApi();
  const agents = useConsole((s) => s.agents);
  const grants = useConsole((s) => s.grants);
  const catalog = useConsole((s) => s.tools);
  const [connecting, setConnecting] = useState(false);
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
    act(
      api
        .request('agents.acceptTools', { serverId: t.serverId, tools: [{ tool: t.tool, fingerprint: t.fingerprint }] })
        .then(setPending),
    );

  return (
    <div className="agents" data-testid="agents-view">
      <div className="row gap">
        <h2>Agents</h2>
        <span className="spacer" />
        <button onClick={() => setConnecting(true)} data-testid="agent-connect">
          Connect an agent
        </button>
      </div>
      <AgentsIntro endpoint={endpoint} />
      {notify === 'default' && (
        <p>
          <button onClick={() => void Notification.requestPermission().then(setNotify)} data-testid="agents-notify">
            Notify me when an agent's call waits (browser notification)
          </button>
        </p>
      )}
      {error && (
        <div role="alert" className="server-error">
          {error}
        </div>
      )}
      {connecting && <ConnectAgent onClose={() => setConnecting(false)} />}
      <AgentList agents={agents} act={act} />
      <WaitingTools pending={pending} accept={accept} />
      <PolicyRules />
      <GrantTable grants={grants} act={act} />
    </div>
  );
}

/** What agents are, how long a call waits for the person, and where agents reach this console. */
function AgentsIntro({ endpoint }: { endpoint: string | undefined }) {
  return (
    <>
      <p className="muted small">
        Agents (Claude Desktop, Cursor, VS Code, Claude Code, any MCP host) call tools through MCP Console. Each sees
        only the servers you granted it, and every call waits for you, or for a standing grant you made.
      </p>
      <p className="muted small" data-testid="agents-wait-note">
        A call waits for you up to the approval timeout (Settings). Hosts give up sooner, often after 60 s, unless they
        reset their timeout on progress: while a call waits for you (to approve it, or to answer what its server asked
        you), MCP Console tells the agent so every 15 s (a progress note, for calls that ask for progress). A call whose
        agent gave up is withdrawn, never run later.
      </p>
      <p className="small">
        {endpoint ? (
          <>
            Agent endpoint: <code data-testid="agents-endpoint">{endpoint}</code> (Streamable HTTP, an agent's token as{' '}
            <code>Authorization: Bearer</code>) · or the stdio bridge: <code>mcp-console bridge --agent NAME</code>
          </>
        ) : (
          <>
            Agents reach this console through <code>mcp-console bridge --agent NAME</code>.
          </>
        )}
      </p>
    </>
  );
}

import { useEffect, useState } from 'react';
import type { GatewayInfo, NewAgent } from '../../../shared/schemas/agent';
import { agentSnippets } from '../../../shared/agent-snippets';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';
import { SafeText } from '../../components/SafeText';

/** "Connect an agent": name it, pick its servers, then copy the token (shown once) and each host's config. */
export function ConnectAgent({ onClose }: { onClose(): void }) {
  const api = useApi();
  const byId = useConsole((s) => s.servers);
  const servers = Object.values(byId);
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [made, setMade] = useState<NewAgent | null>(null);
  const [info, setInfo] = useState<GatewayInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void api.request('agents.gateway', {}).then(setInfo, () => setInfo(null));
  }, [api]);
  const create = () =>
    api.request('agents.add', { name: name.trim(), servers: picked }).then(
      (a) => (setMade(a), setError(null)),
      (e: Error) => setError(e.message),
    );

  if (made) return <AgentReady made={made} info={info} onClose={onClose} />;
  return (
    <div className="connect-agent" data-testid="agent-connect-form">
      <h3>Connect an agent</h3>
      <label>
        Name{' '}
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-testid="agent-name"
          placeholder="claude-desktop"
          maxLength={64}
        />
      </label>
      <fieldset>
        <legend>Servers it may use</legend>
        {servers.length === 0 && <p className="muted small">No servers yet: add one first.</p>}
        {servers.map((s) => (
          <label key={s.id} className="row gap">
            <input
              type="checkbox"
              checked={picked.includes(s.id)}
              onChange={(e) => setPicked(e.target.checked ? [...picked, s.id] : picked.filter((x) => x !== s.id))}
              data-testid="agent-server-option"
              data-server={s.id}
            />
            <SafeText text={s.id} />
          </label>
        ))}
      </fieldset>
      {error && (
        <div role="alert" className="server-error">
          {error}
        </div>
      )}
      <div className="row gap">
        <button onClick={() => void create()} disabled={!name.trim() || picked.length === 0} data-testid="agent-create">
          Create agent
        </button>
        <button onClick={onClose}>Cancel</button>
      </div>
    </div>
  );
}

const copy = (text: string) => void navigator.clipboard?.writeText(text).catch(() => undefined);

/** The agent just made: its token, shown this once, and each host's config to copy. */
function AgentReady({ made, info, onClose }: { made: NewAgent; info: GatewayInfo | null; onClose(): void }) {
  const snippets = agentSnippets({
    name: made.name,
    token: made.token,
    url: info?.httpUrl,
    bridge: info?.bridgeCommand ?? ['mcp-console', 'bridge', '--agent'],
  });
  return (
    <div className="connect-agent" data-testid="agent-created" data-agent={made.name}>
      <h3>Agent {made.name} is ready</h3>
      <p className="small">
        Its token, shown this once (the console keeps only its hash):{' '}
        <code className="mono wrap-anywhere" data-testid="agent-token">
          {made.token}
        </code>{' '}
        <button onClick={() => copy(made.token)}>Copy</button>
      </p>
      {info?.httpUrl && (
        <p className="small">
          Endpoint: <code data-testid="agent-endpoint">{info.httpUrl}</code>
        </p>
      )}
      {snippets.map((s) => (
        <div key={s.host} className="snippet" data-testid="agent-snippet" data-host={s.host}>
          <div className="row gap">
            <strong>{s.host}</strong>
            <span className="muted small">{s.where}</span>
            <span className="spacer" />
            <button onClick={() => copy(s.text)}>Copy</button>
          </div>
          <pre className="mono small">{s.text}</pre>
        </div>
      ))}
      <button onClick={onClose}>Done</button>
    </div>
  );
}

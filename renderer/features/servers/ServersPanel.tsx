import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';
import { ServerCard } from './ServerCard';
import { ServerForm } from './ServerForm';
import { ImportDialog } from './ImportDialog';
import { mayAdminHere, useTeam } from '../team/team-store';
import './servers.css';

/** Every saved server with its live status; add, import, connect. */
export function ServersPanel() {
  const order = useConsole(useShallow((s) => s.serverOrder));
  // Whether the page has had the list from the console: before that, an empty list says nothing.
  const known = useConsole((s) => s.online || !!s.linkDown?.wasUp);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const api = useApi();
  // On a team service only an admin changes servers: the controls are not offered to anyone else.
  const admin = useTeam(mayAdminHere);
  return (
    <section className="panel servers" aria-label="Servers">
      <div className="panel-head">
        <h2>Servers</h2>
        {admin && (
          <>
            <button onClick={() => setAdding(true)} data-testid="add-server">
              Add
            </button>
            <button onClick={() => setImporting(true)} data-testid="import-servers">
              Import
            </button>
            <ConnectAll />
          </>
        )}
      </div>
      {order.length === 0 && !known && (
        <p className="empty muted" data-testid="servers-unknown">
          The servers are shown once the console answers.
        </p>
      )}
      {order.length === 0 && known && (
        <div className="empty" data-testid="servers-empty">
          <p>No servers yet.</p>
          <p>
            Add one (a command to run, or an HTTP/SSE URL), or import the config file your MCP host already uses (
            <code>mcpServers</code> or <code>servers</code>).
          </p>
        </div>
      )}
      <ul className="server-list">
        {order.map((id) => (
          <ServerCard key={id} id={id} />
        ))}
      </ul>
      {adding && (
        <ServerForm
          onClose={() => setAdding(false)}
          onSave={(id, config, settings) => api.request('servers.add', { id, config, settings })}
        />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
    </section>
  );
}

/** Connects every server that is not connected (each as its own Connect would: a new command line asks first). */
function ConnectAll() {
  const api = useApi();
  const idle = useConsole(
    useShallow((s) =>
      s.serverOrder.filter((id) => ['disconnected', 'error'].includes(s.servers[id]?.status ?? 'connected')),
    ),
  );
  const [busy, setBusy] = useState(false);
  if (idle.length < 2) return null;
  const connectAll = () => {
    setBusy(true);
    void Promise.allSettled(idle.map((serverId) => api.request('servers.connect', { serverId }))).finally(() =>
      setBusy(false),
    );
  };
  return (
    <button onClick={connectAll} disabled={busy} data-testid="connect-all" title={`Connect ${idle.join(', ')}`}>
      Connect all ({idle.length})
    </button>
  );
}

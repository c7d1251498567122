import { useMemo, useState } from 'react';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';
import { SafeText } from '../../components/SafeText';
import { inspectHiddenText } from '../../../shared/hidden-text';
import { ServerForm } from './ServerForm';
import { ServerLog } from './ServerLog';
import { ServerFacts } from './ServerFacts';
import { mayAdminHere, useTeam } from '../team/team-store';
import './servers.css';
import { count } from '../../components/format';
import type { ServerView } from '../../../shared/schemas/server';

/** The server's tool count; while a listing streams in (the page holds more than the catalog has), so far. */
function toolCount(listed: number, held: number): string {
  const n = Math.max(listed, held);
  return `${count(n)} ${n === 1 ? 'tool' : 'tools'}${held > listed ? ' so far' : ''}`;
}

/** One server: status, why it failed, connect controls, info, trust, and its log. */
export function ServerCard({ id }: { id: string }) {
  const v = useConsole((s) => s.servers[id]);
  // The tools the page holds: during a first listing they stream in before the core's catalog (and
  // so the server's own count) has them, and the card says what the Tools list already shows.
  const held = useConsole((s) => s.tools[id]?.length ?? 0);
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  /** What the last action could not do, said on the card (never a browser alert that blocks the page). */
  const [failed, setFailed] = useState<string | null>(null);
  // The name whole on hover (the row cuts a long one), hidden characters shown as the card shows them.
  const whole = useMemo(() => inspectHiddenText(id).revealed, [id]);
  if (!v) return null;
  const run = (label: string, f: () => Promise<unknown>) => {
    setBusy(label);
    setFailed(null);
    f()
      .catch((e: Error) => setFailed(e.message))
      .finally(() => setBusy(null));
  };
  const target = v.config.type === 'stdio' ? [v.config.command, ...v.config.args].join(' ') : v.config.url;
  const tools = toolCount(v.toolCount, held);
  return (
    <li
      className={`server-item status-${v.status}`}
      data-testid="server-item"
      data-server={v.id}
      data-status={v.status}
    >
      <ServerRow v={v} open={open} setOpen={setOpen} whole={whole} busy={busy} run={run} />
      {/* The count leads the line under the name, so that a narrow column cuts the command, never the count. */}
      <div
        className="muted small ellipsis"
        title={v.status === 'connected' ? `${tools} · ${v.transport} · ${target}` : target}
      >
        {v.status === 'connected' && <span data-testid="server-count">{tools} · </span>}
        <span className="mono">
          {v.status === 'connected' ? v.transport : v.config.type} · {target}
        </span>
      </div>
      {failed && (
        <div className="server-error" role="alert" data-testid="server-action-error">
          <SafeText text={failed} />{' '}
          <button className="link" onClick={() => setFailed(null)}>
            Dismiss
          </button>
        </div>
      )}
      {v.consent && <ConsentWait consent={v.consent} />}
      {v.error && <ServerError v={v} />}
      {open && (
        <ServerDetails
          v={v}
          run={run}
          onLog={() => setShowLog(!showLog)}
          showLog={showLog}
          onEdit={() => setEditing(true)}
        />
      )}
      {showLog && <ServerLog id={id} />}
      {editing && (
        <ServerForm
          initial={{ id, config: v.config, era: v.settings.era, roots: v.settings.roots }}
          onClose={() => setEditing(false)}
          onSave={(_newId, config, settings) => api.request('servers.update', { serverId: id, config, settings })}
        />
      )}
    </li>
  );
}

/** Why the server is not connected, how its process ended, and the last of its stderr. */
function ServerError({ v }: { v: ServerView }) {
  const error = v.error ?? '';
  return (
    <div className="server-error" role="alert" data-testid="server-error">
      <SafeText text={error} />
      {/* How the process ended, unless the sentence above says it already. */}
      {v.exitCode !== undefined && v.exitCode !== null && !error.includes(`exit code ${v.exitCode}`) && (
        <div className="small">exit code {v.exitCode}</div>
      )}
      {v.signal && !error.includes(`signal ${v.signal}`) && <div className="small">signal {v.signal}</div>}
      {v.lastStderr && v.lastStderr.length > 0 && (
        <pre className="stderr-tail">
          {v.lastStderr.map((l, i) => (
            <div key={i}>
              <SafeText text={l} />
            </div>
          ))}
        </pre>
      )}
    </div>
  );
}

interface DetailsProps {
  v: ServerView;
  run: (label: string, f: () => Promise<unknown>) => void;
  showLog: boolean;
  onLog: () => void;
  onEdit: () => void;
}

/**
 * A server opened on its card: its facts, identity, trust, and the log, edit and remove controls (remove asks once, on
 * the card).
 */
function ServerDetails({ v, run, showLog, onLog, onEdit }: DetailsProps) {
  const api = useApi();
  const [removing, setRemoving] = useState(false);
  const admin = useTeam(mayAdminHere);
  return (
    <div className="server-details">
      {v.status === 'connected' && <ServerFacts v={v} />}
      <div className="small mono muted" title="Identity: sha-256 of what this server runs or where it lives">
        identity {v.identity.slice(0, 16)}…
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={v.settings.trusted}
          disabled={!admin}
          data-testid="trust-toggle"
          onChange={(e) =>
            run('trust', () =>
              api.request('servers.update', { serverId: v.id, settings: { trusted: e.target.checked } }),
            )
          }
        />
        Trust this server's annotations
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={v.settings.trusted && v.settings.autoApproveReadOnly}
          disabled={!admin || !v.settings.trusted}
          data-testid="auto-approve-toggle"
          onChange={(e) =>
            run('auto', () =>
              api.request('servers.update', { serverId: v.id, settings: { autoApproveReadOnly: e.target.checked } }),
            )
          }
        />
        Run its read-only tools without asking (trusted servers only)
      </label>
      <div className="row gap">
        <button onClick={onLog} data-testid="show-log">
          {showLog ? 'Hide log' : 'Log'}
        </button>
        {admin && <button onClick={onEdit}>Edit</button>}
        {admin && (
          <button className="danger" onClick={() => setRemoving(true)} disabled={removing}>
            Remove
          </button>
        )}
      </div>
      {removing && (
        <div className="remove-confirm" role="group" aria-label={`Remove server ${v.id}?`} data-testid="remove-confirm">
          <div>Remove this server? What the audit log recorded about it stays.</div>
          <div className="row gap">
            <button
              className="danger"
              onClick={() => run('remove', () => api.request('servers.remove', { serverId: v.id }))}
            >
              Remove server
            </button>
            <button onClick={() => setRemoving(false)} autoFocus>
              Keep
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** A connect that waits for the person to confirm, in the other window or the terminal. */
function ConsentWait({ consent }: { consent: NonNullable<ServerView['consent']> }) {
  return (
    <div className="consent-wait" role="status" data-testid="consent-waiting">
      {consent.kind === 'launch'
        ? 'Before this command line runs, confirm it'
        : 'Before its annotations are believed, confirm trusting it'}{' '}
      in {consent.where}. The page cannot confirm it for you.
    </div>
  );
}

interface RowProps {
  v: ServerView;
  open: boolean;
  setOpen: (open: boolean) => void;
  whole: string;
  busy: string | null;
  run: (label: string, f: () => Promise<unknown>) => void;
}

/** The server's line: status, name (opens the details), Reconnect, and one Connect/Disconnect button. */
function ServerRow({ v, open, setOpen, whole, busy, run }: RowProps) {
  const api = useApi();
  const id = v.id;
  const live = v.status === 'connected' || v.status === 'connecting';
  const admin = useTeam(mayAdminHere);
  return (
    <div className="server-row">
      <span className={`dot ${v.status}`} aria-label={v.status} title={v.status} />
      <button className="link server-name" onClick={() => setOpen(!open)} aria-expanded={open} title={whole}>
        <SafeText text={v.id} />
      </button>
      {v.status !== 'connected' && (
        <span className="muted small server-state">
          {v.status === 'awaiting-consent' ? 'awaiting consent' : v.status}
        </span>
      )}
      <span className="spacer" />
      {live && admin && (
        <button
          onClick={() => run('reconnect', () => api.request('servers.connect', { serverId: id }))}
          disabled={!!busy}
          title="Reconnect"
        >
          ↻
        </button>
      )}
      {admin && <ConnectButton v={v} busy={busy} run={run} />}
    </div>
  );
}

/** One button that turns from Connect to Disconnect (the focus stays on it); Disconnect also stops a connect. */
function ConnectButton({ v, busy, run }: Pick<RowProps, 'v' | 'busy' | 'run'>) {
  const api = useApi();
  const id = v.id;
  const live = v.status === 'connected' || v.status === 'connecting';
  return (
    <button
      onClick={() => {
        if (live ? busy === 'disconnect' : busy) return;
        run(live ? 'disconnect' : 'connect', () =>
          api.request(live ? 'servers.disconnect' : 'servers.connect', { serverId: id }),
        );
      }}
      aria-disabled={live ? busy === 'disconnect' : !!busy}
      title={v.status === 'connecting' ? 'Stop connecting' : undefined}
      data-testid={live ? 'disconnect' : 'connect'}
    >
      {live ? 'Disconnect' : 'Connect'}
    </button>
  );
}

import type { ServerView } from '../../../shared/schemas/server';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { useConsole } from '../../store/store';
import './settings.css';

/** Whole seconds from a field, or null when it is not a positive number. */
function seconds(text: string): number | null {
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 1000) : null;
}

/**
 * How long a call waits for the person (the approval timeout, console-wide) and how long a sent call
 * may run (per server, and whether progress starts that time again). Raising the approval timeout
 * past its default is confirmed outside the page, like trust; the error says so when it was not.
 */
export function TimeoutsPanel() {
  const api = useApi();
  // Empty until the console says what it is: typed before that, the answer would overwrite it.
  const [approval, setApproval] = useState<string | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const servers = useConsole(
    useShallow((s) => s.serverOrder.map((id) => s.servers[id]).filter((v) => v !== undefined)),
  );
  useEffect(() => {
    api.request('settings.get', {}).then(
      (s) => setApproval(String(s.approvalTimeoutMs / 1000)),
      (e: Error) => setNote({ ok: false, text: e.message }),
    );
  }, [api]);
  const saveApproval = () => {
    if (approval === null) return;
    const ms = seconds(approval);
    if (ms === null) return setNote({ ok: false, text: 'the approval timeout is a number of seconds' });
    setNote({ ok: true, text: 'saving… (a raise past 600 s asks for a confirmation outside the page)' });
    api.request('settings.update', { approvalTimeoutMs: ms }).then(
      (s) => (
        setApproval(String(s.approvalTimeoutMs / 1000)),
        setNote({ ok: true, text: `calls now wait ${s.approvalTimeoutMs / 1000} s for a decision` })
      ),
      (e: Error) => setNote({ ok: false, text: e.message }),
    );
  };
  return (
    <section className="timeouts" data-testid="settings-timeouts">
      <h2>Waiting and timeouts</h2>
      <div className="row gap">
        <label>
          A call waits for your decision up to{' '}
          <input
            className="narrow"
            inputMode="decimal"
            value={approval ?? ''}
            disabled={approval === null}
            onChange={(e) => setApproval(e.target.value)}
            data-testid="settings-approval-timeout"
            aria-label="Approval timeout in seconds"
          />{' '}
          s
        </label>
        <button onClick={saveApproval} disabled={approval === null} data-testid="settings-approval-save">
          Save
        </button>
      </div>
      <p className="muted small">
        Default 600 s. An agent's host often gives up sooner (60 s for the MCP SDK) unless it resets its timeout on
        progress; a call whose agent gave up is withdrawn. Raising past the default is confirmed outside this page.
      </p>
      {note && (
        <div
          className={note.ok ? 'small' : 'error small'}
          role={note.ok ? 'status' : 'alert'}
          data-testid="settings-timeouts-note"
        >
          <SafeText text={note.text} />
        </div>
      )}
      <ServerTimeoutTable servers={servers} onError={(text) => setNote({ ok: false, text })} />
    </section>
  );
}

function ServerTimeouts({
  id,
  callTimeoutMs,
  reset,
  onError,
}: {
  id: string;
  callTimeoutMs: number;
  reset: boolean;
  onError(text: string): void;
}) {
  const api = useApi();
  const [text, setText] = useState(String(callTimeoutMs / 1000));
  const save = (settings: { callTimeoutMs?: number; resetTimeoutOnProgress?: boolean }) =>
    api.request('servers.update', { serverId: id, settings }).catch((e: Error) => {
      // Not saved (refused, or not confirmed): the field shows what holds.
      setText(String(callTimeoutMs / 1000));
      onError(e.message);
    });
  return (
    <tr data-testid="settings-server-timeouts" data-server={id}>
      <td>
        <SafeText text={id} />
      </td>
      <td>
        <input
          className="narrow"
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => {
            const ms = seconds(text);
            if (ms === null)
              return (setText(String(callTimeoutMs / 1000)), onError('a call timeout is a number of seconds'));
            if (ms !== callTimeoutMs) void save({ callTimeoutMs: ms });
          }}
          data-testid="settings-call-timeout"
          aria-label={`Call timeout of ${id} in seconds`}
        />{' '}
        s
      </td>
      <td>
        <input
          type="checkbox"
          checked={reset}
          onChange={(e) => void save({ resetTimeoutOnProgress: e.target.checked })}
          data-testid="settings-reset-on-progress"
          aria-label={`Progress resets the call timeout of ${id}`}
        />
      </td>
    </tr>
  );
}

/** Each server's call timeout, and whether progress starts it again. */
function ServerTimeoutTable({ servers, onError }: { servers: ServerView[]; onError: (text: string) => void }) {
  return (
    <table className="grid">
      <thead>
        <tr>
          <th>Server</th>
          <th>A sent call may run up to</th>
          <th>Progress starts that time again</th>
        </tr>
      </thead>
      <tbody>
        {servers.map((v) => (
          <ServerTimeouts
            key={v.id}
            id={v.id}
            callTimeoutMs={v.settings.callTimeoutMs}
            reset={v.settings.resetTimeoutOnProgress}
            onError={onError}
          />
        ))}
      </tbody>
    </table>
  );
}

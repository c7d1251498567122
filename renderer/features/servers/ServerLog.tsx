import { useEffect } from 'react';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';
import { SafeText } from '../../components/SafeText';
import './servers.css';

/** A server's stderr (and the console's notes about it), newest at the bottom. */
export function ServerLog({ id }: { id: string }) {
  const api = useApi();
  const lines = useConsole((s) => s.stderr[id]);
  useEffect(() => {
    api.request('servers.stderr', { serverId: id }).then(
      (r) => useConsole.getState().stderrAppended(id, r.lines, true),
      () => {},
    );
  }, [api, id]);
  return (
    <pre className="server-log" data-testid="server-log" aria-label={`Log of ${id}`}>
      {(lines ?? []).length === 0 ? (
        <span className="muted">Nothing on stderr yet.</span>
      ) : (
        (lines ?? []).slice(-500).map((l, i) => (
          <div key={i}>
            <SafeText text={l} />
          </div>
        ))
      )}
    </pre>
  );
}

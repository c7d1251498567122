import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { recordingReader } from '../../../shared/recording/read';
import { diffMarkdown, diffServers, diffText, type ServerDiff, type ServerSide } from '../../../shared/server-diff';
import { fileSide, isRecordingText, liveSide, recordingSide } from '../../../shared/server-sides';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { ServerSelect } from '../../components/ServerSelect';
import { nextTask } from '../../components/next-task';
import { useConsole } from '../../store/store';
import { downloadText } from './FileExchange';

/** The largest file the page compares with (a recording of a long session is tens of megabytes). */
const MAX_COMPARE_BYTES = 64 * 1024 * 1024;
/** Lines of a recording read per task: a large recording never makes one long task. */
const LINES_PER_TASK = 5000;

/** A file's side: a recording (read a slice of lines per task) or a pins file, tools JSON or listing. */
async function fileSideOf(file: File, serverId: string): Promise<ServerSide> {
  if (file.size > MAX_COMPARE_BYTES) throw new Error(`${file.name} is larger than 64 MB`);
  const text = await file.text();
  if (!isRecordingText(text.slice(0, 64))) {
    // A pins file of several servers: the one of the same name, else it says which there are.
    try {
      return fileSide(text, file.name);
    } catch (e) {
      if (/name one as/.test((e as Error).message)) return fileSide(text, file.name, serverId);
      throw e;
    }
  }
  const reader = recordingReader();
  let at = 0;
  for (let n = 0; at < text.length; n++) {
    let nl = text.indexOf('\n', at);
    if (nl < 0) nl = text.length;
    reader.add(text.slice(at, nl));
    at = nl + 1;
    if (n % LINES_PER_TASK === LINES_PER_TASK - 1) await nextTask();
  }
  const read = reader.done();
  return recordingSide(read, file.name, read.servers.size > 1 ? serverId : undefined);
}

/**
 * Compares a connected server with a file: a pins file (the Review tab's export, `review --write-pins`), a tools JSON,
 * a server's listing or a recording (`--record`, the Trace tab) — what was added, removed and changed, as
 * `mcp-console diff` says it; the Markdown for a pull request comment is a download away.
 */
export function ComparePanel() {
  const api = useApi();
  const connected = useConsole(useShallow((s) => s.serverOrder.filter((id) => s.servers[id]?.status === 'connected')));
  const [serverId, setServerId] = useState('');
  const [diff, setDiff] = useState<ServerDiff | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const chosen = connected.includes(serverId) ? serverId : (connected[0] ?? '');
  const compare = async (file: File | undefined) => {
    if (!file || !chosen) return;
    setBusy(true);
    setError(null);
    try {
      const [a, b] = await Promise.all([liveSide((n, i) => api.request(n, i), chosen), fileSideOf(file, chosen)]);
      setDiff(diffServers(a, b));
    } catch (e) {
      setDiff(null);
      setError((e as Error).message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <section className="panel" data-testid="compare-panel">
      <h3>Compare a server with a file</h3>
      <div className="row gap">
        <ServerSelect servers={connected} value={chosen} onChange={setServerId} testId="compare-server" />
        <label className="button-like" aria-disabled={!chosen || busy}>
          {busy ? 'Comparing…' : 'Choose a pins file, recording or tools JSON…'}
          <input
            ref={input}
            type="file"
            accept=".json,.jsonl,application/json,application/x-ndjson"
            hidden
            disabled={!chosen || busy}
            onChange={(e) => void compare(e.target.files?.[0])}
            data-testid="compare-file"
          />
        </label>
        {diff && (
          <button
            onClick={() => downloadText('mcp-diff.md', diffMarkdown(diff), 'text/markdown')}
            data-testid="compare-markdown"
          >
            Download Markdown
          </button>
        )}
      </div>
      {!chosen && <div className="muted small">Connect a server to compare it.</div>}
      {error && (
        <div className="error" role="alert">
          <SafeText text={error} />
        </div>
      )}
      {diff && (
        <pre className="compare-result" data-testid="compare-result" data-equal={diff.equal}>
          <SafeText text={diffText(diff)} />
        </pre>
      )}
    </section>
  );
}

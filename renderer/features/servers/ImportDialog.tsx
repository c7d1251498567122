import { useState } from 'react';
import { useApi } from '../../api/context';
import { Modal } from '../../components/Modal';

/** Import servers from a host config (Claude Desktop, Cursor `mcpServers`; VS Code `servers`), pasted or loaded. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const api = useApi();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      const r = await api.request('servers.import', { json: text });
      setDone(
        `Added ${r.added.length}${r.replaced.length ? `, replaced ${r.replaced.length}` : ''}: ${[...r.added, ...r.replaced].join(', ')}`,
      );
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Modal title="Import servers" onClose={onClose}>
      <div className="form">
        <p className="small muted">
          Paste a host config, or load the file your MCP host uses. Servers with the same name are replaced.
        </p>
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={10}
          className="mono"
          data-testid="import-text"
          placeholder={
            '{ "mcpServers": { "files": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] } } }'
          }
        />
        <input
          type="file"
          accept=".json,application/json"
          onChange={async (e) => {
            const f = e.target.files?.[0];
            if (f) setText(await f.text());
          }}
        />
        {error && (
          <div className="error" role="alert">
            {error}
          </div>
        )}
        {done && (
          <div className="ok" role="status">
            {done}
          </div>
        )}
        <div className="row gap end">
          <button onClick={onClose}>Close</button>
          <button className="primary" onClick={run} disabled={!text.trim()} data-testid="import-run">
            Import
          </button>
        </div>
      </div>
    </Modal>
  );
}

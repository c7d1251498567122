import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { ServerConfig, ServerSettings } from '../../../shared/schemas/server';
import { Modal } from '../../components/Modal';

const pairs = (text: string, sep: RegExp) =>
  Object.fromEntries(
    text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => {
        const m = sep.exec(l);
        return m ? [l.slice(0, m.index).trim(), l.slice(m.index + m[0].length).trim()] : [l, ''];
      }),
  );
const unpairs = (o: Record<string, string>, sep: string) =>
  Object.entries(o)
    .map(([k, v]) => `${k}${sep}${v}`)
    .join('\n');

interface ServerFormProps {
  initial?: { id: string; config: ServerConfig; era: ServerSettings['era']; roots?: ServerSettings['roots'] };
  onSave: (id: string, config: ServerConfig, settings: Pick<ServerSettings, 'era' | 'roots'>) => Promise<unknown>;
  onClose: () => void;
}

/** Add or edit a server: stdio (command, args, env, cwd) or remote (URL, headers). */
export function ServerForm({ initial, onSave, onClose }: ServerFormProps) {
  const c = initial?.config;
  const [id, setId] = useState(initial?.id ?? '');
  const [type, setType] = useState<ServerConfig['type']>(c?.type ?? 'stdio');
  const [launch, setLaunch] = useState<Launch>(() => launchOf(c));
  const edit = (k: keyof Launch) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setLaunch({ ...launch, [k]: e.target.value });
  const [era, setEra] = useState<ServerSettings['era']>(initial?.era ?? 'auto');
  const [roots, setRoots] = useState((initial?.roots ?? []).map((r) => r.uri).join('\n'));
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const config = configOf(type, launch);
    try {
      const rootList = roots
        .split('\n')
        .map((r) => r.trim())
        .filter(Boolean)
        .map((uri) => ({ uri }));
      await onSave(id.trim(), config, { era, roots: rootList });
      onClose();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <Modal title={initial ? `Edit ${initial.id}` : 'Add a server'} onClose={onClose}>
      <form className="form" onSubmit={submit} data-testid="server-form">
        <label>
          Name (its id)
          <input
            value={id}
            onChange={(e) => setId(e.target.value)}
            disabled={!!initial}
            required
            autoFocus={!initial}
            name="id"
          />
        </label>
        <label>
          Transport
          <select value={type} onChange={(e) => setType(e.target.value as ServerConfig['type'])} name="type">
            <option value="stdio">stdio (run a command)</option>
            <option value="http">Streamable HTTP</option>
            <option value="sse">legacy SSE</option>
            <option value="auto">HTTP, falling back to SSE</option>
          </select>
        </label>
        <LaunchFields type={type} launch={launch} edit={edit} />
        <EraAndRoots era={era} setEra={setEra} roots={roots} setRoots={setRoots} />
        {error && (
          <div className="error" role="alert">
            {error}
          </div>
        )}
        <div className="row gap end">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" data-testid="save-server">
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** How the server is reached, as the form holds it: every field a text. */
interface Launch {
  command: string;
  args: string;
  env: string;
  cwd: string;
  url: string;
  headers: string;
}

/** The form's fields for a server as configured (or empty for a new one). */
function launchOf(c: ServerConfig | undefined): Launch {
  return {
    command: c?.type === 'stdio' ? c.command : '',
    args: c?.type === 'stdio' ? c.args.join('\n') : '',
    env: c?.type === 'stdio' ? unpairs(c.env, '=') : '',
    cwd: c?.type === 'stdio' ? (c.cwd ?? '') : '',
    url: c && c.type !== 'stdio' ? c.url : '',
    headers: c && c.type !== 'stdio' ? unpairs(c.headers, ': ') : '',
  };
}

/** The configuration the fields say, for the transport chosen. */
function configOf(type: ServerConfig['type'], f: Launch): ServerConfig {
  if (type !== 'stdio') return { type, url: f.url.trim(), headers: pairs(f.headers, /:/) };
  const args = f.args
    .split('\n')
    .map((a) => a.trim())
    .filter(Boolean);
  return {
    type,
    command: f.command.trim(),
    args,
    env: pairs(f.env, /=/),
    ...(f.cwd.trim() ? { cwd: f.cwd.trim() } : {}),
  };
}

interface LaunchProps {
  type: ServerConfig['type'];
  launch: Launch;
  edit: (k: keyof Launch) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/** A stdio server's command, arguments, environment and directory, or a remote server's URL and headers. */
function LaunchFields({ type, launch, edit }: LaunchProps) {
  return type === 'stdio' ? (
    <>
      <label>
        Command
        <input value={launch.command} onChange={edit('command')} required name="command" placeholder="npx" />
      </label>
      <label>
        Arguments, one per line
        <textarea
          value={launch.args}
          onChange={edit('args')}
          rows={3}
          name="args"
          placeholder={'-y\n@modelcontextprotocol/server-everything'}
        />
      </label>
      <label>
        Environment, KEY=VALUE per line
        <textarea value={launch.env} onChange={edit('env')} rows={2} name="env" />
      </label>
      <label>
        Working directory
        <input value={launch.cwd} onChange={edit('cwd')} name="cwd" />
      </label>
    </>
  ) : (
    <>
      <label>
        URL
        <input value={launch.url} onChange={edit('url')} required name="url" placeholder="http://127.0.0.1:3001/mcp" />
      </label>
      <label>
        Headers, Name: value per line
        <textarea value={launch.headers} onChange={edit('headers')} rows={2} name="headers" />
      </label>
    </>
  );
}

/** Which protocol era to speak, and the roots offered to a 2025-era server. */
function EraAndRoots(p: {
  era: ServerSettings['era'];
  setEra: (e: ServerSettings['era']) => void;
  roots: string;
  setRoots: (r: string) => void;
}) {
  const { era, setEra, roots, setRoots } = p;
  return (
    <>
      <label>
        Protocol era
        <select
          value={era}
          onChange={(e) => setEra(e.target.value as ServerSettings['era'])}
          name="era"
          data-testid="era-select"
        >
          <option value="auto">auto: ask the server (2026-07-28 if it speaks it, else 2025)</option>
          <option value="modern">modern: 2026-07-28 only</option>
          <option value="legacy">legacy: the 2025 initialize handshake only</option>
        </select>
      </label>
      <label>
        Roots, one file:// URI per line (deprecated in 2026-07-28; 2025-era servers such as the filesystem server ask
        for them; none by default)
        <textarea
          value={roots}
          onChange={(e) => setRoots(e.target.value)}
          rows={2}
          name="roots"
          placeholder="file:///home/me/project"
          data-testid="roots-input"
        />
      </label>
    </>
  );
}

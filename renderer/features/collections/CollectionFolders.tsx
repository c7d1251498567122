import { useEffect, useState } from 'react';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';

/**
 * Where collections are kept: the data directory's folder, and each folder the person added (a repository's, to version
 * them with the server).
 */
export function CollectionFolders({ onError }: { onError: (m: string | null) => void }) {
  const api = useApi();
  const [folders, setFolders] = useState<string[]>([]);
  const [path, setPath] = useState('');
  useEffect(() => {
    api.request('collections.folders', {}).then(
      (f) => setFolders(f.folders),
      () => {},
    );
  }, [api]);
  const add = () => {
    onError(null);
    api.request('collections.addFolder', { path: path.trim() }).then(
      (f) => {
        setFolders(f.folders);
        setPath('');
      },
      (e: Error) => onError(e.message),
    );
  };
  return (
    <details className="collection-folders">
      <summary className="small">Folders ({folders.length})</summary>
      <ul className="plain small">
        {folders.map((f) => (
          <li key={f} className="wrap-anywhere mono" data-testid="collection-folder">
            <SafeText text={f} />
          </li>
        ))}
      </ul>
      <form
        className="row gap"
        onSubmit={(e) => {
          e.preventDefault();
          if (path.trim()) add();
        }}
      >
        <input
          value={path}
          onChange={(e) => setPath(e.target.value)}
          placeholder="/path/to/repo/mcp-tests"
          aria-label="A folder to keep collections in"
          data-testid="collection-folder-input"
        />
        <button type="submit" data-testid="collection-folder-add">
          Add
        </button>
      </form>
    </details>
  );
}

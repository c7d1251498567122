import { useState } from 'react';
import type { CollectionFile } from '../../../shared/schemas/collection-run';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { CollectionSelect } from './CollectionSelect';
import { fileTitle } from './file-title';
import './collections.css';

const NEW = '\u0000new';

/**
 * Saves one finished call as a step of a collection (its arguments, the outcome it had, its result
 * as the snapshot); arguments that look like secrets become environment variables, never written.
 */
export function SaveToCollection({ callId, tool }: { callId: string; tool: string }) {
  const api = useApi();
  const [files, setFiles] = useState<CollectionFile[] | null>(null);
  const [into, setInto] = useState(NEW);
  const [name, setName] = useState(`${tool} checks`);
  const [note, setNote] = useState<{ text: string; error?: boolean } | null>(null);
  const open = () =>
    api.request('collections.list', {}).then(
      (list) => {
        const ok = list.filter((f) => !f.error);
        setFiles(ok);
        setInto(ok[0]?.id ?? NEW);
      },
      (e: Error) => setNote({ text: e.message, error: true }),
    );
  const save = () =>
    api
      .request('collections.record', {
        callIds: [callId],
        ...(into === NEW ? { name: name.trim() || `${tool} checks` } : { into }),
      })
      .then(
        (r) => {
          setFiles(null);
          const secrets = r.secrets.length
            ? ` — ${r.secrets.map((s) => s.variable).join(', ')} kept out of the file (set them in the environment to run it)`
            : '';
          setNote({ text: `Saved as step ${r.added.join(', ')} of ${fileTitle(r.file)}${secrets}` });
        },
        (e: Error) => setNote({ text: e.message, error: true }),
      );
  if (files === null)
    return (
      <span className="save-to-collection">
        <button
          className="small"
          onClick={() => void open()}
          data-testid="save-to-collection"
          title="Keep this call, its outcome and result, as a step of a collection"
        >
          Save to collection
        </button>
        {note && (
          <span className={note.error ? 'error small' : 'small'} role="status" data-testid="saved-step">
            <SafeText text={note.text} />
          </span>
        )}
      </span>
    );
  return (
    <span className="save-to-collection" data-testid="save-step-form">
      <CollectionSelect files={files} value={into} onChange={setInto} label="Collection" testId="save-into">
        {files.map((f) => (
          <option key={f.id} value={f.id}>
            {fileTitle(f)}
          </option>
        ))}
        <option value={NEW}>New collection…</option>
      </CollectionSelect>
      {into === NEW && (
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-label="New collection's name"
          data-testid="save-new-name"
        />
      )}
      <button className="small primary" onClick={() => void save()} data-testid="save-step">
        Save
      </button>
      <button className="small" onClick={() => setFiles(null)}>
        Cancel
      </button>
    </span>
  );
}

import { useState } from 'react';
import { useApi } from '../../api/context';

/** Removes a collection's file, after a second click that names what goes (no browser dialog). */
export function RemoveCollection({
  id,
  fileName,
  onError,
}: {
  id: string;
  fileName: string;
  onError: (m: string | null) => void;
}) {
  const api = useApi();
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button onClick={() => setAsking(true)} data-testid="collection-remove">
        Remove…
      </button>
    );
  return (
    <span className="row gap small" role="group" aria-label="Remove the file?">
      Remove <code>{fileName}</code> from disk?
      <button
        className="danger"
        onClick={() =>
          api.request('collections.remove', { id }).catch((e: Error) => (setAsking(false), onError(e.message)))
        }
        data-testid="collection-remove-confirm"
      >
        Remove the file
      </button>
      <button onClick={() => setAsking(false)}>Keep it</button>
    </span>
  );
}

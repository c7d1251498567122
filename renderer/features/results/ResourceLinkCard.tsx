import { useState } from 'react';
import type { ReadResourceResult, ResourceLinkBlock } from '../../../shared/schemas/content';
import { useApi } from '../../api/context';
import { confirmAddress, openLink } from '../../api/open-link';
import { SafeText } from '../../components/SafeText';
import { EmbeddedResourceView } from './EmbeddedResourceView';
import { count } from '../../components/format';
import './results.css';

/**
 * A resource link as a card; Read fetches it through the core. Only https: may be opened, after a confirmation showing
 * the full URL.
 */
export function ResourceLinkCard({ block, serverId }: { block: ResourceLinkBlock; serverId: string }) {
  const api = useApi();
  const [read, setRead] = useState<ReadResourceResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uri = String(block.uri ?? '');
  let scheme = '';
  try {
    scheme = new URL(uri).protocol;
  } catch {
    scheme = '';
  }
  const open = async () => {
    // SECURITY: only https, only after the user saw the whole URL.
    if (scheme !== 'https:') return;
    await openLink(api, uri, confirmAddress(uri)).catch(() => false);
  };
  return (
    <div className="resource-link" data-testid="resource-link" data-scheme={scheme}>
      <div>
        <strong>
          <SafeText text={String(block.title ?? block.name ?? '')} />
        </strong>{' '}
        {block.title && (
          <span className="muted small">
            <SafeText text={String(block.name)} />
          </span>
        )}
      </div>
      <div className="mono small uri" data-testid="resource-uri">
        <SafeText text={uri} />
      </div>
      <div className="small muted">
        {block.mimeType && (
          <span>
            <SafeText text={String(block.mimeType)} /> ·{' '}
          </span>
        )}
        {typeof block.size === 'number' && <span>{count(block.size)} bytes</span>}
      </div>
      {block.description && (
        <div className="small">
          <SafeText text={String(block.description)} />
        </div>
      )}
      <div className="row gap">
        <button
          onClick={() =>
            api.request('resources.read', { serverId, uri }).then(setRead, (e: Error) => setError(e.message))
          }
          data-testid="read-resource"
        >
          Read
        </button>
        {scheme === 'https:' && (
          <button onClick={open} data-testid="open-link">
            Open…
          </button>
        )}
        {scheme !== 'https:' && (
          <span className="small muted">{scheme ? `${scheme} links are not opened` : 'not a URL'}</span>
        )}
      </div>
      {error && (
        <div className="error small">
          <SafeText text={error} />
        </div>
      )}
      {read && read.contents.map((c, i) => <EmbeddedResourceView key={i} block={{ type: 'resource', resource: c }} />)}
    </div>
  );
}

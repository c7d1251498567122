import { useMemo, useState } from 'react';
import type { RoutedBlock } from '../../../shared/content-routing';
import type {
  AudioBlock,
  EmbeddedResourceBlock,
  ImageBlock,
  ResourceLinkBlock,
  TextBlock,
} from '../../../shared/schemas/content';
import { SafeText } from '../../components/SafeText';
import { MediaView } from './MediaView';
import { ResourceLinkCard } from './ResourceLinkCard';
import { EmbeddedResourceView } from './EmbeddedResourceView';
import { count } from '../../components/format';
import './results.css';

const PAGE = 64 * 1024;

/** One content block, rendered for what it is, with its audience, priority and lastModified. */
export function ContentBlockView({ routed, serverId }: { routed: RoutedBlock; serverId: string }) {
  const b = routed.block;
  const ann = (b as { annotations?: { lastModified?: unknown } }).annotations;
  const known = ['text', 'image', 'audio', 'resource_link', 'resource'].includes(b.type);
  return (
    <div
      className={`content-block type-${known ? b.type : 'unknown'}`}
      data-testid="content-block"
      data-type={b.type}
      data-audience={routed.audience}
      data-priority={routed.declaredPriority ?? undefined}
      data-index={routed.index}
    >
      <div className="block-meta small muted">
        <span>
          #{routed.index + 1} {b.type}
        </span>
        <span>
          for {routed.audience === 'both' ? 'user and model' : routed.audience === 'user' ? 'the user' : 'the model'}
        </span>
        {routed.declaredPriority !== undefined && <span>priority {routed.declaredPriority}</span>}
        {typeof ann?.lastModified === 'string' && (
          <span>
            modified <SafeText text={ann.lastModified} />
          </span>
        )}
      </div>
      {b.type === 'text' ? (
        <TextView text={String((b as unknown as TextBlock).text ?? '')} />
      ) : b.type === 'image' || b.type === 'audio' ? (
        <MediaView block={b as unknown as ImageBlock | AudioBlock} />
      ) : b.type === 'resource_link' ? (
        <ResourceLinkCard block={b as unknown as ResourceLinkBlock} serverId={serverId} />
      ) : b.type === 'resource' ? (
        <EmbeddedResourceView block={b as unknown as EmbeddedResourceBlock} />
      ) : (
        <pre className="code">{JSON.stringify(b, null, 2)}</pre>
      )}
    </div>
  );
}

/** Text as text: JSON pretty-printed when it parses; long text paged so the page never freezes. */
export function TextView({ text }: { text: string }) {
  const [page, setPage] = useState(0);
  const pretty = useMemo(() => {
    if (text.length > 2_000_000) return null;
    const t = text.trim();
    if (!(t.startsWith('{') || t.startsWith('['))) return null;
    try {
      return JSON.stringify(JSON.parse(t), null, 2);
    } catch {
      return null;
    }
  }, [text]);
  const shown = pretty ?? text;
  const pages = Math.ceil(shown.length / PAGE);
  const slice = pages > 1 ? shown.slice(page * PAGE, (page + 1) * PAGE) : shown;
  return (
    <div className="text-block">
      {pretty && <div className="small muted">JSON, pretty-printed</div>}
      <pre className="prewrap text-body" data-testid="text-body">
        <SafeText text={slice} />
      </pre>
      {pages > 1 && (
        <div className="row gap small pager" data-testid="text-pager">
          <button onClick={() => setPage(0)} disabled={page === 0}>
            First
          </button>
          <button onClick={() => setPage(page - 1)} disabled={page === 0}>
            Previous
          </button>
          <span>
            Page {page + 1} of {pages} · {count(shown.length)} characters
          </span>
          <button onClick={() => setPage(page + 1)} disabled={page >= pages - 1}>
            Next
          </button>
          <button onClick={() => setPage(pages - 1)} disabled={page >= pages - 1}>
            Last
          </button>
        </div>
      )}
    </div>
  );
}

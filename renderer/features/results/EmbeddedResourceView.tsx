import { Suspense } from 'react';
import type { EmbeddedResourceBlock } from '../../../shared/schemas/content';
import { decodeBase64, normaliseMime } from '../../../shared/mime-sniff';
import { SafeText } from '../../components/SafeText';
import { MediaView } from './MediaView';
import { count } from '../../components/format';
import { JsonEditor } from '../../components/LazyJsonEditor';
import { editorLanguage } from './editor-language';

/** An embedded resource: text in a read-only editor, images and audio previewed, other blobs as size + download. */
export function EmbeddedResourceView({ block }: { block: EmbeddedResourceBlock }) {
  const r = block.resource ?? ({} as EmbeddedResourceBlock['resource']);
  const mime = normaliseMime(String(r.mimeType ?? ''));
  return (
    <div className="embedded" data-testid="embedded-resource">
      <div className="mono small">
        <SafeText text={String(r.uri ?? '')} /> {r.mimeType && <span className="muted">({r.mimeType})</span>}
      </div>
      {typeof r.text === 'string' ? (
        <Suspense fallback={<pre className="code">{r.text.slice(0, 100_000)}</pre>}>
          <JsonEditor
            value={r.text.length > 5_000_000 ? r.text.slice(0, 5_000_000) : r.text}
            readOnly
            language={editorLanguage(mime)}
            height={Math.min(400, 40 + 19 * Math.min(20, r.text.split('\n').length))}
          />
        </Suspense>
      ) : typeof r.blob === 'string' ? (
        mime.startsWith('image/') || mime.startsWith('audio/') ? (
          <MediaView mime={mime} data={r.blob} />
        ) : (
          <BlobDownload blob={r.blob} mime={mime} uri={String(r.uri ?? 'resource')} />
        )
      ) : (
        <div className="muted small">No text or blob.</div>
      )}
    </div>
  );
}

function BlobDownload({ blob, mime, uri }: { blob: string; mime: string; uri: string }) {
  const bytes = decodeBase64(blob);
  if (!bytes) return <div className="error small">The blob is not base64.</div>;
  const save = () => {
    const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/octet-stream' }));
    const a = document.createElement('a');
    a.href = url;
    a.download =
      uri
        .split('/')
        .pop()
        ?.replace(/[^\w.-]/g, '_') || 'resource.bin';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="row gap small">
      <span>
        {mime || 'binary'} · {count(bytes.length)} bytes
      </span>
      <button onClick={save}>Download</button>
    </div>
  );
}

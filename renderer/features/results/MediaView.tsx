import { useMemo } from 'react';
import { decodeBase64, mimeMatches, normaliseMime } from '../../../shared/mime-sniff';
import type { AudioBlock, ImageBlock } from '../../../shared/schemas/content';
import { SafeText } from '../../components/SafeText';
import { count } from '../../components/format';
import './results.css';

const IMAGE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'image/x-icon']);
const AUDIO = new Set(['audio/wav', 'audio/mpeg', 'audio/ogg', 'audio/flac', 'video/mp4']);

/**
 * An image or audio block from its base64, only when the bytes are what the declared type says.
 * SVG is shown only inside <img>, where its scripts never run.
 */
export function MediaView({
  block,
  mime: mimeOverride,
  data: dataOverride,
}: {
  block?: ImageBlock | AudioBlock;
  mime?: string;
  data?: string;
}) {
  const declared = String(mimeOverride ?? block?.mimeType ?? '');
  const data = String(dataOverride ?? block?.data ?? '');
  const kind = block?.type ?? (declared.startsWith('audio/') ? 'audio' : 'image');
  const check = useMemo(() => {
    const bytes = decodeBase64(data);
    if (!bytes) return { ok: false as const, why: 'the data is not base64' };
    const mime = normaliseMime(declared);
    if (!(kind === 'image' ? IMAGE : AUDIO).has(mime))
      return { ok: false as const, why: `${declared || 'no type'} is not a ${kind} type shown here` };
    const m = mimeMatches(mime, bytes);
    if (!m.ok)
      return {
        ok: false as const,
        why: `declared ${declared}, but the bytes are ${m.sniffed ?? 'not a known format'}`,
      };
    return { ok: true as const, mime, size: bytes.length };
  }, [data, declared, kind]);
  if (!check.ok) {
    return (
      <div className="error small" data-testid="media-refused">
        Not shown: <SafeText text={check.why} />
      </div>
    );
  }
  const src = `data:${check.mime};base64,${data.replace(/\s+/g, '')}`;
  return (
    <div className="media">
      {kind === 'image' ? (
        <img src={src} alt={`image (${check.mime})`} className="result-image" data-testid="result-image" />
      ) : (
        <audio controls src={src} data-testid="result-audio" />
      )}
      <div className="small muted">
        {check.mime} · {count(check.size)} bytes
      </div>
    </div>
  );
}

import { useMemo } from 'react';
import { inspectHiddenText } from '../../shared/hidden-text';

/**
 * Text from a server, shown as text (never HTML). Hidden characters (zero-width, bidi, tag,
 * control) are made visible as marked code points, and a tag-character payload is decoded.
 */
export function SafeText({ text, className }: { text: string; className?: string }) {
  const report = useMemo(() => inspectHiddenText(text), [text]);
  if (report.findings.length === 0) return <span className={className}>{text}</span>;
  const parts = report.revealed.split(/(⟦U\+[0-9A-F]{4,6}⟧)/);
  return (
    <span className={className}>
      <span className="hidden-warning" data-testid="hidden-text-warning" title="This text contains characters a reader would not see">
        ⚠ {report.findings.length} hidden character{report.findings.length === 1 ? '' : 's'}
        {report.tagPayload ? ` — hidden message: “${report.tagPayload}”` : ''}
      </span>{' '}
      {parts.map((p, i) =>
        p.startsWith('⟦U+') ? (
          <mark key={i} className="hidden-char">
            {p}
          </mark>
        ) : (
          <span key={i}>{p}</span>
        ),
      )}
    </span>
  );
}

import { useMemo } from 'react';
import { inspectHiddenText } from '../../shared/hidden-text';
import './SafeText.css';

/**
 * Text from a server, shown as text (never HTML). Hidden content (zero-width, bidi, tag, control,
 * private-use, unassigned, selectors used as data) is made visible as marked code points, padding
 * that would push text out of view as a marked count, and a tag-character payload is decoded.
 */
export function SafeText({ text, className }: { text: string; className?: string }) {
  const report = useMemo(() => inspectHiddenText(text), [text]);
  if (report.findings.length === 0) return <span className={className}>{text}</span>;
  const parts = report.revealed.split(/(⟦(?:U\+[0-9A-F]{4,6}|\d+ spaces|\d+ blank lines|mixed scripts)⟧)/);
  const paddings = report.findings.filter((f) => f.kind === 'padding').length;
  const mixed = report.findings.filter((f) => f.kind === 'mixed-script').length;
  const padded = paddings > 0;
  const chars = report.findings.length - paddings - mixed;
  return (
    <span className={className}>
      <span
        className="hidden-warning"
        data-testid="hidden-text-warning"
        title="This text contains characters a reader would not see"
      >
        ⚠ {chars > 0 && `${chars} hidden character${chars === 1 ? '' : 's'}`}
        {padded && `${chars > 0 ? '; ' : ''}text pushed out of view`}
        {mixed > 0 &&
          `${chars > 0 || padded ? '; ' : ''}${mixed} word${mixed === 1 ? '' : 's'} mixing look-alike scripts`}
        {report.tagPayload ? ` — hidden message: “${report.tagPayload}”` : ''}
      </span>{' '}
      {parts.map((p, i) =>
        p.startsWith('⟦') && p.endsWith('⟧') ? (
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

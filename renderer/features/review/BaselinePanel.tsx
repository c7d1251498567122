import { useRef, useState } from 'react';
import type { ReviewReport } from '../../../shared/schemas/review';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';

/**
 * The baseline: findings accepted on purpose (with the reason), reopened one by one; exported and
 * imported as the same file `mcp-console review --baseline` reads, so a team can keep it in a repository.
 */
export function BaselinePanel({ report, changed }: { report: ReviewReport; changed: () => void }) {
  const api = useApi();
  const file = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const exportIt = () =>
    api.request('review.baseline', {}).then(
      (b) => {
        const a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob([JSON.stringify(b, null, 2) + '\n'], { type: 'application/json' }));
        a.download = 'mcp-review-baseline.json';
        a.click();
        setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      },
      (e: Error) => setError(e.message),
    );
  const importIt = async (f: File | undefined) => {
    if (!f) return;
    setError(null);
    try {
      const b = await api.request('review.importBaseline', { json: await f.text() });
      setNote(`imported ${b.suppressions.length} accepted findings`);
      changed();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      if (file.current) file.current.value = '';
    }
  };
  const reopen = (i: number) => {
    const f = report.suppressed[i]!.finding;
    api
      .request('review.reopen', { rule: f.rule, server: f.server, kind: f.kind, subject: f.subject, path: f.path, match: f.match })
      .then(changed, (e: Error) => setError(e.message));
  };

  return (
    <details className="baseline" data-testid="review-baseline">
      <summary>
        Accepted in the baseline: {report.suppressed.length}
        {report.stale.length > 0 && ` (${report.stale.length} entries match nothing any more)`}
      </summary>
      <div className="row gap small">
        <button onClick={exportIt} data-testid="review-export">
          Export baseline
        </button>
        <label className="button-like">
          Import baseline…
          <input
            ref={file}
            type="file"
            accept="application/json,.json"
            hidden
            onChange={(e) => void importIt(e.target.files?.[0])}
            data-testid="review-import"
          />
        </label>
        {note && <span className="muted">{note}</span>}
      </div>
      {error && (
        <div className="error small" role="alert">
          <SafeText text={error} />
        </div>
      )}
      <ul className="plain">
        {report.suppressed.map(({ finding: f, reason }, i) => (
          <li key={i} className="row gap small" data-testid="review-accepted">
            <span className={`badge sev ${f.severity}`}>{f.severity}</span>
            <span className="mono">{f.rule}</span>
            <span>
              <SafeText text={f.server} /> · {f.kind} <SafeText text={f.subject} /> · {f.path}
            </span>
            <span className="muted">
              “<SafeText text={reason} />”
            </span>
            <button onClick={() => reopen(i)} data-testid="review-reopen">
              Reopen
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

import { useState } from 'react';
import type { ReviewOverview } from '../../../shared/schemas/review';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { FileExchange } from './FileExchange';

/**
 * The baseline: findings accepted on purpose (with the reason), reopened one by one; exported and
 * imported as the same file `mcp-console review --baseline` reads, so a team can keep it in a repository.
 */
export function BaselinePanel({ report, changed }: { report: ReviewOverview; changed: () => void }) {
  const api = useApi();
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const reopen = (i: number) => {
    const f = report.suppressed[i]!.finding;
    api
      .request('review.reopen', {
        rule: f.rule,
        server: f.server,
        kind: f.kind,
        subject: f.subject,
        path: f.path,
        match: f.match,
      })
      .then(changed, (e: Error) => setError(e.message));
  };

  return (
    <details className="baseline" data-testid="review-baseline">
      <summary>
        Accepted in the baseline: {report.suppressed.length}
        {report.stale.length > 0 && ` (${report.stale.length} entries match nothing any more)`}
      </summary>
      <div className="row gap small">
        <FileExchange
          what="baseline"
          fileName="mcp-review-baseline.json"
          load={() => api.request('review.baseline', {})}
          save={async (json) => {
            setError(null);
            const b = await api.request('review.importBaseline', { json });
            setNote(`imported ${b.suppressions.length} accepted findings`);
            changed();
          }}
          failed={setError}
          testIds={{ export: 'review-export', import: 'review-import' }}
        />
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

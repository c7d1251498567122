import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { clockTime, count } from '../../components/format';
import { BaselinePanel } from './BaselinePanel';
import { ComparePanel } from './ComparePanel';
import { downloadText } from './FileExchange';
import { FindingGroups } from './FindingGroups';
import { PinsPanel } from './PinsPanel';
import { ReviewFilters } from './ReviewFilters';
import { ReviewServers } from './ReviewServers';
import { PAGE, useReview } from './use-review';

/**
 * The security review: every connected server's definitions, prompts, resources and recent results
 * through the review's rules (offline), per server and subject, filtered by severity, family, rule
 * and server; each finding points at its span; accepted findings form the baseline.
 */
export function ReviewView({ onOpenTool }: { onOpenTool: (serverId: string, name: string) => void }) {
  const api = useApi();
  const { report, running, error, setError, run, filters, findings, total, fetchPage } = useReview();
  const counts = report?.counts ?? { high: 0, medium: 0, low: 0 };
  return (
    <div className="review" data-testid="review-view">
      <div className="row gap">
        <button onClick={run} disabled={running} data-testid="review-run">
          {running ? 'Reviewing…' : 'Run the review'}
        </button>
        {report && (
          <>
            {(['md', 'sarif'] as const).map((format) => (
              <button
                key={format}
                onClick={() =>
                  api.request('review.export', { format }).then(
                    (file) =>
                      file
                        ? downloadText(file.fileName, file.text, file.mimeType)
                        : setError('no review to export yet'),
                    (e: Error) => setError(e.message),
                  )
                }
                data-testid={format === 'md' ? 'review-export-md' : 'review-export-sarif'}
                title={
                  format === 'md'
                    ? 'The report as Markdown, as review --format md writes it'
                    : 'The report as SARIF 2.1.0, for code-scanning tools'
                }
              >
                Export {format === 'md' ? 'Markdown' : 'SARIF'}
              </button>
            ))}
          </>
        )}
        {report && (
          <span data-testid="review-summary">
            {count(report.total)} findings: {count(counts.high)} high, {count(counts.medium)} medium,{' '}
            {count(counts.low)} low · {clockTime(report.at)} · offline: nothing leaves this machine
          </span>
        )}
      </div>
      {error && (
        <div className="error" role="alert">
          <SafeText text={error} />
        </div>
      )}
      {report && report.servers.length === 0 && <div className="empty">Connect a server to review it.</div>}
      {report && report.servers.length > 0 && (
        <>
          <ReviewServers servers={report.servers} />
          <ReviewFilters filters={filters} servers={report.servers.map((s) => s.id)} total={total} />
          {total === 0 && (
            <div className="empty">No finding at this level. Quiet is what a clean server looks like.</div>
          )}
          <FindingGroups findings={findings} onAccepted={run} onOpenTool={onOpenTool} />
          {total !== null && total > findings.length && (
            <button onClick={() => fetchPage(findings.length)} data-testid="review-more">
              Show {Math.min(PAGE, total - findings.length)} more of {count(total - findings.length)}
            </button>
          )}
          <PinsPanel servers={report.servers.filter((s) => s.status === 'reviewed').map((s) => s.id)} />
          <BaselinePanel report={report} changed={run} />
        </>
      )}
      <ComparePanel />
    </div>
  );
}

import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Finding, ReviewOverview } from '../../../shared/schemas/review';
import { RULES, type RuleFamily, type Severity } from '../../../shared/review/rules';
import { useApi } from '../../api/context';
import { RiskBadge } from '../../components/Badges';
import { SafeText } from '../../components/SafeText';
import { useConsole } from '../../store/store';
import { toolByName } from '../../store/tool-by-name';
import { AnnotationTable } from '../catalog/AnnotationTable';
import { BaselinePanel } from './BaselinePanel';
import { PinsPanel } from './PinsPanel';
import { downloadText } from './FileExchange';
import { FindingItem } from './FindingItem';
import { clockTime } from '../../components/format';

/** Findings drawn at once; more on demand (a page never draws thousands of items in one task). */
const PAGE = 100;
const FAMILIES: RuleFamily[] = ['hidden', 'poisoning', 'shadowing', 'quality'];

/** A tool's risk and its annotations, declared against the spec defaults, above its findings (the table drawn once opened). */
function ToolFacts({ serverId, name }: { serverId: string; name: string }) {
  const tool = useConsole((s) => toolByName(s.tools[serverId], name));
  const pin = useConsole((s) => s.pinFlags[serverId]?.get(name));
  const [open, setOpen] = useState(false);
  if (!tool) return null;
  return (
    <details className="small" data-testid="review-tool-facts" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <RiskBadge risk={tool.risk} />{' '}
        <span className={`badge ${pin === 'changed' || pin === 'new' ? 'danger' : ''}`} data-testid="review-tool-pin" data-state={pin ?? 'pinned'}>
          {pin === 'changed' ? 'changed since pinned' : pin === 'new' ? 'not pinned' : 'pinned'}
        </span>{' '}
        annotations
      </summary>
      {open && <AnnotationTable annotations={tool.annotations} declared={tool.declaredAnnotations} />}
    </details>
  );
}

/**
 * The security review: every connected server's definitions, prompts, resources and recent results
 * through the review's rules (offline), per server and subject, filtered by severity, family, rule
 * and server; each finding points at its span; accepted findings form the baseline.
 */
// eslint-disable-next-line max-lines-per-function -- to split into the run controls, the findings and the baseline
export function ReviewView({ onOpenTool }: { onOpenTool: (serverId: string, name: string) => void }) {
  const api = useApi();
  const [report, setReport] = useState<ReviewOverview | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [minSeverity, setMinSeverity] = useState<Severity>('low');
  const [family, setFamily] = useState<RuleFamily | ''>('');
  const [rule, setRule] = useState('');
  const [server, setServer] = useState('');
  // The findings drawn, for one choice of filters and one review: asked of the core a page at a time.
  const [page, setPage] = useState<{ key: string; total: number; findings: Finding[] } | null>(null);
  const asked = useRef(false);

  const newer = useCallback((r: ReviewOverview | null) => r && setReport((old) => (old && old.at >= r.at ? old : r)), []);
  const run = useCallback(() => {
    setRunning(true);
    setError(null);
    api
      .request('review.run', {})
      .then(setReport, (e: Error) => setError(e.message))
      .finally(() => setRunning(false));
  }, [api]);
  // The last review when the tab opens (one is run if there is none), and again whenever the core
  // reviews anew (after each listing).
  const reviewAt = useConsole((s) => s.reviewAt);
  useEffect(() => {
    if (running) return;
    api.request('review.last', {}).then(
      (r) => {
        if (r) newer(r);
        else if (!asked.current) {
          asked.current = true;
          run();
        }
      },
      (e: Error) => setError(e.message),
    );
  }, [api, reviewAt, running, run, newer]);

  const query = useMemo(
    () => ({ ...(minSeverity !== 'low' && { minSeverity }), ...(family && { family }), ...(rule && { rule }), ...(server && { server }) }),
    [minSeverity, family, rule, server],
  );
  const key = `${JSON.stringify(query)}|${report?.at ?? ''}`;
  const fetchPage = useCallback(
    (offset: number) => {
      if (!report) return;
      api.request('review.findings', { ...query, offset, limit: PAGE }).then(
        (p) => {
          if (!p) return;
          // A newer review than the one shown: show it (its findings follow).
          if (p.at !== report.at) return void api.request('review.last', {}).then(newer, () => undefined);
          // A transition: React draws a page of findings in slices, never in one long task.
          startTransition(() =>
            setPage((old) =>
              offset === 0
                ? { key, total: p.total, findings: p.findings }
                : // Only onto the page it continues: a second click before the first page came adds nothing twice.
                  old?.key === key && old.findings.length === offset
                  ? { ...old, findings: [...old.findings, ...p.findings] }
                  : old,
            ),
          );
        },
        (e: Error) => setError(e.message),
      );
    },
    [api, query, report, key, newer],
  );
  useEffect(() => fetchPage(0), [fetchPage]);
  // Until the page for new filters or a new review comes, the last one stays (no flash of an empty list).
  const findings = page?.findings ?? [];
  const total = page?.total ?? 0;
  const counts = report?.counts ?? { high: 0, medium: 0, low: 0 };

  // One group per subject, in the order of its most severe finding (the list is sorted by severity).
  const byKey = new Map<string, { key: string; first: Finding; items: Finding[] }>();
  for (const f of findings) {
    const key = `${f.server}\u0000${f.kind}\u0000${f.subject}`;
    const g = byKey.get(key);
    if (g) g.items.push(f);
    else byKey.set(key, { key, first: f, items: [f] });
  }
  const groups = [...byKey.values()];

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
                    (file) => (file ? downloadText(file.fileName, file.text, file.mimeType) : setError('no review to export yet')),
                    (e: Error) => setError(e.message),
                  )
                }
                data-testid={format === 'md' ? 'review-export-md' : 'review-export-sarif'}
                title={format === 'md' ? 'The report as Markdown, as review --format md writes it' : 'The report as SARIF 2.1.0, for code-scanning tools'}
              >
                Export {format === 'md' ? 'Markdown' : 'SARIF'}
              </button>
            ))}
          </>
        )}
        {report && (
          <span data-testid="review-summary">
            {report.total} findings: {counts.high} high, {counts.medium} medium, {counts.low} low · {clockTime(report.at)} · offline: nothing leaves this
            machine
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
          <table className="kv-table" data-testid="review-servers">
            <thead>
              <tr>
                <th>server</th>
                <th>risk</th>
                <th>tools</th>
                <th>prompts</th>
                <th>resources</th>
              </tr>
            </thead>
            <tbody>
              {report.servers.map((s) => (
                <tr key={s.id} data-testid="review-server-row" data-server={s.id} data-risk={s.risk}>
                  <td>
                    <SafeText text={s.id} />
                    {s.error && (
                      <span className="error small">
                        {' '}
                        <SafeText text={s.error} />
                      </span>
                    )}
                  </td>
                  <td>
                    <span className={`badge sev ${s.risk}`}>{s.risk}</span>
                  </td>
                  <td>{s.tools}</td>
                  <td>{s.unlisted?.includes('prompts') ? <Unlisted /> : s.prompts}</td>
                  <td>{s.unlisted?.includes('resources') ? <Unlisted /> : s.resources}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="row gap small">
            <label>
              At least{' '}
              <select value={minSeverity} onChange={(e) => setMinSeverity(e.target.value as Severity)} data-testid="review-severity">
                <option value="low">low</option>
                <option value="medium">medium</option>
                <option value="high">high</option>
              </select>
            </label>
            <label>
              Family{' '}
              <select value={family} onChange={(e) => setFamily(e.target.value as RuleFamily | '')} data-testid="review-family">
                <option value="">all</option>
                {FAMILIES.map((x) => (
                  <option key={x}>{x}</option>
                ))}
              </select>
            </label>
            <label>
              Rule{' '}
              <select value={rule} onChange={(e) => setRule(e.target.value)} data-testid="review-rule">
                <option value="">all</option>
                {RULES.filter((r) => !family || r.family === family).map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.id} {r.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Server{' '}
              <select value={server} onChange={(e) => setServer(e.target.value)} data-testid="review-server">
                <option value="">all</option>
                {report.servers.map((s) => (
                  <option key={s.id}>{s.id}</option>
                ))}
              </select>
            </label>
            <span className="muted" data-testid="review-matching">
              {total} match
            </span>
          </div>
          {page && total === 0 && <div className="empty">No finding at this level. Quiet is what a clean server looks like.</div>}
          {groups.map((g) => (
            <section key={g.key} className="review-group" data-testid="review-group">
              <h3 className="small">
                <SafeText text={g.first.server} /> · {g.first.kind} <SafeText text={g.first.subject} />
              </h3>
              {g.first.kind === 'tool' && <ToolFacts serverId={g.first.server} name={g.first.subject} />}
              <ul className="plain">
                {g.items.map((f, i) => (
                  <FindingItem key={`${f.rule}-${f.path}-${f.start ?? i}`} finding={f} onAccepted={run} onOpenTool={onOpenTool} />
                ))}
              </ul>
            </section>
          ))}
          {total > findings.length && (
            <button onClick={() => fetchPage(findings.length)} data-testid="review-more">
              Show {Math.min(PAGE, total - findings.length)} more of {total - findings.length}
            </button>
          )}
          <PinsPanel servers={report.servers.filter((s) => s.status === 'reviewed').map((s) => s.id)} />
          <BaselinePanel report={report} changed={run} />
        </>
      )}
    </div>
  );
}

/** A count the automatic review could not know: it asks servers nothing, and this list was not read yet. */
function Unlisted() {
  return (
    <span
      className="muted"
      title="Not listed yet: the review run at connect asks the server nothing. Run the review to list and check them."
      data-testid="review-unlisted"
    >
      not listed
    </span>
  );
}

import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Finding, ReviewOverview } from '../../../shared/schemas/review';
import type { RuleFamily, Severity } from '../../../shared/review/rules';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';

/** Findings drawn at once; more on demand (a page never draws thousands of items in one task). */
export const PAGE = 100;

/**
 * The review tab's data: the last review (run once if there is none, and taken again whenever the
 * core reviews anew), the filters, and the findings that pass them, asked of the core a page at a time.
 */
export function useReview() {
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

  // The core's last review is the one whose findings it serves: shown whatever its time (the core keeps the run that
  // read last, which need not be the one that ended last); the same one is not drawn again.
  const adopt = useCallback(
    (r: ReviewOverview | null) => r && setReport((old) => (old && old.at === r.at ? old : r)),
    [],
  );
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
        if (r) adopt(r);
        else if (!asked.current) {
          asked.current = true;
          run();
        }
      },
      (e: Error) => setError(e.message),
    );
  }, [api, reviewAt, running, run, adopt]);

  const query = useMemo(
    () => ({
      ...(minSeverity !== 'low' && { minSeverity }),
      ...(family && { family }),
      ...(rule && { rule }),
      ...(server && { server }),
    }),
    [minSeverity, family, rule, server],
  );
  const key = `${JSON.stringify(query)}|${report?.at ?? ''}`;
  const fetchPage = useCallback(
    (offset: number) => {
      if (!report) return;
      api.request('review.findings', { ...query, offset, limit: PAGE }).then(
        (p) => {
          if (!p) return;
          // Another review than the one shown is the core's last: show it (its findings follow).
          if (p.at !== report.at) return void api.request('review.last', {}).then(adopt, () => undefined);
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
    [api, query, report, key, adopt],
  );
  useEffect(() => fetchPage(0), [fetchPage]);
  // Until the page for new filters or a new review comes, the last one stays (no flash of an empty list),
  // but its count is not said for filters it was not counted for: the count is unknown (null) until then.
  const findings = page?.findings ?? [];
  const total = page && page.key === key ? page.total : null;

  const filters = { minSeverity, setMinSeverity, family, setFamily, rule, setRule, server, setServer };
  return { report, running, error, setError, run, filters, findings, total, fetchPage };
}

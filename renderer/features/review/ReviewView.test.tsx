// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleApi } from '../../api/client';
import { ApiContext } from '../../api/context';
import type { Finding, FindingPage, ReviewOverview } from '../../../shared/schemas/review';
import { ReviewView } from './ReviewView';

const AT = '2026-11-27T10:00:00.000Z';
const report: ReviewOverview = {
  at: AT,
  servers: [{ id: 'fx', status: 'reviewed', tools: 12345, prompts: 0, resources: 0, risk: 'high' }],
  suppressed: [],
  stale: [],
  total: 12345,
  counts: { high: 1, medium: 0, low: 12344 },
};
const finding = (subject: string, severity: Finding['severity']): Finding => ({
  rule: 'H01',
  severity,
  server: 'fx',
  kind: 'tool',
  subject,
  path: 'description',
  message: `about ${subject}`,
  excerpt: subject,
  match: subject,
});

/** An api whose `review.findings` answers only when the test says, one promise per request. */
function slowFindings() {
  const pending: { query: Record<string, unknown>; answer: (p: FindingPage) => void }[] = [];
  const api = {
    request: (method: string, params: Record<string, unknown>) => {
      if (method === 'review.last') return Promise.resolve(report);
      if (method === 'review.findings')
        return new Promise<FindingPage>((answer) => pending.push({ query: params, answer }));
      if (method === 'review.pins') return Promise.resolve({ serverId: 'fx', groups: [], pinned: 0, accepted: 0 });
      return Promise.resolve(null);
    },
  } as unknown as ConsoleApi;
  return { api, pending };
}

describe('the review view', () => {
  afterEach(cleanup);

  it('says it is counting until the findings for the filters shown come, never a count of none', async () => {
    const { api, pending } = slowFindings();
    render(
      <ApiContext.Provider value={api}>
        <ReviewView onOpenTool={() => undefined} />
      </ApiContext.Provider>,
    );
    await screen.findByTestId('review-summary');
    await waitFor(() => expect(pending).toHaveLength(1));
    const matching = () => screen.getByTestId('review-matching');
    // The review is known, its findings are not yet: no "0 match", no "nothing found".
    expect(matching().textContent).toBe('counting…');
    expect(matching().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText(/No finding at this level/)).toBeNull();

    expect(screen.getByTestId('review-summary').textContent).toMatch(
      /^12,345 findings: 1 high, 0 medium, 12,344 low · /,
    );
    expect(screen.queryByTestId('review-more')).toBeNull();
    expect(screen.getByTestId('review-server-row').textContent).toBe('fxhigh12,34500');

    await act(async () =>
      pending
        .at(-1)!
        .answer({ at: AT, total: 12345, findings: [finding('a', 'high'), finding('b', 'low'), finding('c', 'low')] }),
    );
    expect(matching().textContent).toBe('12,345 match');
    expect(screen.getAllByTestId('review-group')).toHaveLength(3);
    expect(screen.getByTestId('review-more').textContent).toBe('Show 100 more of 12,342');

    // New filters: the findings drawn stay until the new page comes, but their count is not said for
    // filters it was not counted for.
    fireEvent.change(screen.getByTestId('review-severity'), { target: { value: 'high' } });
    expect(pending.at(-1)!.query).toMatchObject({ minSeverity: 'high', offset: 0 });
    expect(matching().textContent).toBe('counting…');
    expect(screen.getAllByTestId('review-group')).toHaveLength(3);
    expect(screen.queryByTestId('review-more')).toBeNull();
    await act(async () => pending.at(-1)!.answer({ at: AT, total: 1, findings: [finding('a', 'high')] }));
    expect(matching().textContent).toBe('1 match');
    expect(screen.getAllByTestId('review-group')).toHaveLength(1);

    // None at this level: said once the core has counted.
    fireEvent.change(screen.getByTestId('review-family'), { target: { value: 'apps' } });
    expect(screen.queryByText(/No finding at this level/)).toBeNull();
    await act(async () => pending.at(-1)!.answer({ at: AT, total: 0, findings: [] }));
    expect(matching().textContent).toBe('0 match');
    expect(screen.getByText(/No finding at this level/)).toBeTruthy();
  });

  it("shows the core's last review when a run a person asked for ended first but is not the one kept", async () => {
    // The core keeps the run that read last; the person's run (later `at`, since it ended later) is not it.
    const kept = { ...report, at: '2026-11-27T10:00:05.000Z', total: 1, counts: { high: 0, medium: 1, low: 0 } };
    const asked = { ...report, at: '2026-11-27T10:00:06.000Z' };
    let last: ReviewOverview = report;
    const pages: Record<string, FindingPage> = {
      [report.at]: { at: report.at, total: 1, findings: [finding('before', 'high')] },
      [kept.at]: { at: kept.at, total: 1, findings: [finding('kept', 'medium')] },
    };
    const api = {
      request: (method: string) => {
        if (method === 'review.last') return Promise.resolve(last);
        if (method === 'review.run') {
          last = kept;
          return Promise.resolve(asked);
        }
        if (method === 'review.findings') return Promise.resolve(pages[last.at]);
        if (method === 'review.pins') return Promise.resolve({ serverId: 'fx', groups: [], pinned: 0, accepted: 0 });
        return Promise.resolve(null);
      },
    } as unknown as ConsoleApi;
    render(
      <ApiContext.Provider value={api}>
        <ReviewView onOpenTool={() => undefined} />
      </ApiContext.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('review-group').textContent).toContain('before'));
    fireEvent.click(screen.getByTestId('review-run'));
    await waitFor(() => expect(screen.getByTestId('review-group').textContent).toContain('kept'));
    expect(screen.getByTestId('review-summary').textContent).toMatch(/^1 finding/);
  });
});

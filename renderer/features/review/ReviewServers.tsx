import type { ReviewOverview } from '../../../shared/schemas/review';
import { SafeText } from '../../components/SafeText';
import { count } from '../../components/format';

/** Each reviewed server: its risk, and how many tools, prompts and resources the review read. */
export function ReviewServers({ servers }: { servers: ReviewOverview['servers'] }) {
  return (
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
        {servers.map((s) => (
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
            <td>{count(s.tools)}</td>
            <td>
              <Part server={s} part="prompts" n={s.prompts} />
            </td>
            <td>
              <Part server={s} part="resources" n={s.resources} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A part's count; or that the list failed (the part was not reviewed, the server was).
 */
function Part({
  server,
  part,
  n,
}: {
  server: ReviewOverview['servers'][number];
  part: 'prompts' | 'resources';
  n: number;
}) {
  const failed = server.failedParts?.find((f) => f.part === part);
  if (failed)
    return (
      <span className="error small" data-testid="review-part-failed" title={failed.error}>
        could not be listed
      </span>
    );
  return <>{count(n)}</>;
}

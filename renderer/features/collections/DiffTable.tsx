import type { JsonDiff } from '../../../shared/collections/diff';
import { SafeText } from '../../components/SafeText';

const show = (v: unknown) => {
  if (v === undefined) return '';
  const s = JSON.stringify(v, null, 1) ?? '';
  return s.length > 2000 ? s.slice(0, 1999) + '…' : s;
};

/**
 * A structural diff: one row per path that differs — what the snapshot had, what came back. With
 * `onIgnore`, each row offers to leave its path out of the comparison from now on (a time, an id).
 */
export function DiffTable({
  diff,
  before = 'snapshot',
  after = 'this run',
  onIgnore,
}: {
  diff: JsonDiff;
  before?: string;
  after?: string;
  onIgnore?: (path: string) => void;
}) {
  return (
    <table className="grid diff-table" data-testid="step-diff">
      <thead>
        <tr>
          <th>Path</th>
          <th>{before}</th>
          <th>{after}</th>
          {onIgnore && <th />}
        </tr>
      </thead>
      <tbody>
        {diff.entries.map((e) => (
          <tr key={e.op + e.path} className={`diff-${e.op}`} data-testid="diff-row" data-path={e.path} data-op={e.op}>
            <td className="mono">
              <SafeText text={e.path || '(whole result)'} />
            </td>
            <td className="mono wrap-anywhere diff-before">
              {e.op === 'added' ? <span className="muted">(absent)</span> : <SafeText text={show(e.before)} />}
            </td>
            <td className="mono wrap-anywhere diff-after">
              {e.op === 'removed' ? <span className="muted">(absent)</span> : <SafeText text={show(e.after)} />}
            </td>
            {onIgnore && (
              <td>
                <button
                  className="small"
                  onClick={() => onIgnore(e.path)}
                  title="Leave this path out of the comparison from now on"
                  data-testid="diff-ignore"
                >
                  Ignore
                </button>
              </td>
            )}
          </tr>
        ))}
        {diff.total > diff.entries.length && (
          <tr>
            <td colSpan={onIgnore ? 4 : 3} className="muted">
              … and {diff.total - diff.entries.length} more differences
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

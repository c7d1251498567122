import { count } from '../../components/format';
import { ServerSelect } from '../../components/ServerSelect';
import { RULES, type RuleFamily, type Severity } from '../../../shared/review/rules';
import type { useReview } from './use-review';

const FAMILIES: RuleFamily[] = ['hidden', 'poisoning', 'shadowing', 'quality', 'apps'];

/**
 * The findings' filters: at least a severity, a family, a rule, a server; and how many match (null: still counting).
 */
export function ReviewFilters({
  filters,
  servers,
  total,
}: {
  filters: ReturnType<typeof useReview>['filters'];
  servers: string[];
  total: number | null;
}) {
  const { minSeverity, setMinSeverity, family, setFamily, rule, setRule, server, setServer } = filters;
  return (
    <div className="row gap small review-filters">
      <label>
        At least{' '}
        <select
          value={minSeverity}
          onChange={(e) => setMinSeverity(e.target.value as Severity)}
          data-testid="review-severity"
        >
          <option value="low">low</option>
          <option value="medium">medium</option>
          <option value="high">high</option>
        </select>
      </label>
      <label>
        Family{' '}
        <select
          value={family}
          onChange={(e) => setFamily(e.target.value as RuleFamily | '')}
          data-testid="review-family"
        >
          <option value="">all</option>
          {FAMILIES.map((x) => (
            <option key={x}>{x}</option>
          ))}
        </select>
      </label>
      <label>
        Rule{' '}
        <select
          className="bounded"
          title={rule || undefined}
          value={rule}
          onChange={(e) => setRule(e.target.value)}
          data-testid="review-rule"
        >
          <option value="">all</option>
          {RULES.filter((r) => !family || r.family === family).map((r) => (
            <option key={r.id} value={r.id}>
              {r.id} {r.name}
            </option>
          ))}
        </select>
      </label>
      <ServerSelect servers={servers} value={server} onChange={setServer} testId="review-server" none="all" />
      <span className="muted" data-testid="review-matching" aria-busy={total === null}>
        {total === null ? 'counting…' : `${count(total)} match`}
      </span>
    </div>
  );
}

import { useEffect } from 'react';
import type { PolicyRule, PolicySourceView } from '../../../shared/schemas/policy';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { dateTime } from '../../components/format';
import { policyChanged, usePolicy } from './policy-store';
import './agents.css';

const SOURCE: Record<PolicySourceView['kind'], string> = {
  managed: 'managed by your organisation',
  flag: 'named with --policy',
  env: 'named by MCP_CONSOLE_POLICY',
};

/** "1 rule", "2 rules". */
const rules = (n: number) => `${n} rule${n === 1 ? '' : 's'}`;

/** Who, what and with which arguments a rule covers, in words. */
function covers(r: PolicyRule): string {
  const who =
    r.agent === undefined
      ? 'anyone'
      : r.agent === '@person'
        ? 'you (console, command line)'
        : r.agent.startsWith('@')
          ? r.agent
          : `agent ${r.agent}`;
  const what = `${r.server ?? 'any server'} / ${r.tool ?? 'any tool'}`;
  const when = (r.when ?? []).map((c) => {
    const [test, value] = Object.entries(c).find(([k]) => k !== 'path') ?? ['', ''];
    return `${c.path || '(arguments)'} ${test} ${JSON.stringify(value)}`;
  });
  const ann = Object.entries(r.annotations ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  return [who, what, ...ann, ...when].join(' · ');
}

/**
 * The organisation's policy rules beside the person's grants, read only: they are changed in the
 * file (which the console follows), never here. Deny wins over ask, ask over allow; the rules decide
 * before the grants below.
 */
export function PolicyRules() {
  const api = useApi();
  const view = usePolicy((s) => s.view);
  useEffect(() => {
    void api.request('policy.get', {}).then(policyChanged, () => undefined);
  }, [api]);
  const sources = view?.sources.filter((s) => s.hash || s.problem) ?? [];
  if (!view || (sources.length === 0 && !view.refusing)) return null;
  return (
    <section data-testid="policy-rules">
      <h2>Policy rules</h2>
      <p className="muted small">
        Your organisation's rules decide before your own grants: a deny wins over everything, an ask always shows you
        the call, an allow lets it through without asking. They are read only here; a change to the file is applied as
        it is saved and written to the audit log.
      </p>
      {view.refusing && (
        <div role="alert" className="server-error" data-testid="policy-refusing">
          <SafeText text={`Every call is refused: ${view.refusing}`} />
        </div>
      )}
      {sources.map((s) => (
        <PolicySource key={s.path} s={s} />
      ))}
    </section>
  );
}

/** One policy file: where it is, when it was read, its last change and its rules. */
function PolicySource({ s }: { s: PolicySourceView }) {
  return (
    <div data-testid="policy-source" data-kind={s.kind}>
      <p className="small">
        <code>
          <SafeText text={s.path} />
        </code>{' '}
        — {SOURCE[s.kind]}
        {s.loadedAt && <span className="muted"> · read {dateTime(s.loadedAt)}</span>}
        {s.hash && <span className="mono muted"> · {s.hash.slice(0, 12)}</span>}
      </p>
      {s.problem && (
        <div role="alert" className="warn-box small" data-testid="policy-problem">
          <SafeText text={s.problem} />
        </div>
      )}
      {s.lastChange && (
        <details className="small" data-testid="policy-change">
          <summary>
            Changed {dateTime(s.lastChange.at)}: {rules(s.lastChange.removed.length)} out,{' '}
            {rules(s.lastChange.added.length)} in
          </summary>
          <pre className="code">
            <SafeText
              text={[
                ...s.lastChange.removed.map((l) => `- ${l}`),
                ...(s.lastChange.cut.removed ? [`- … ${s.lastChange.cut.removed} more`] : []),
                ...s.lastChange.added.map((l) => `+ ${l}`),
                ...(s.lastChange.cut.added ? [`+ … ${s.lastChange.cut.added} more`] : []),
              ].join('\n')}
            />
          </pre>
        </details>
      )}
      <table className="grants" data-testid="policy-table">
        <tbody>
          {s.rules.map((r, i) => (
            <tr key={r.id ?? i} data-testid="policy-row" data-effect={r.effect} data-rule={r.id ?? `rule ${i + 1}`}>
              <td className="mono small policy-id">
                <SafeText text={r.id ?? `rule ${i + 1}`} />
              </td>
              <td>
                <span
                  className={
                    r.effect === 'deny'
                      ? 'badge effect-deny'
                      : r.effect === 'ask'
                        ? 'badge effect-ask'
                        : 'badge effect-allow'
                  }
                >
                  {r.effect}
                </span>
              </td>
              <td className="small">
                <SafeText text={covers(r)} />
              </td>
              <td className="small">
                <SafeText text={r.reason} />
              </td>
              <td className="mono small muted" title={r.fingerprint}>
                {r.fingerprint ? `bound to ${r.fingerprint.slice(0, 12)}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

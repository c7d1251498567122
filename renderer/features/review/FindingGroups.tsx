import type { Finding } from '../../../shared/schemas/review';
import { SafeText } from '../../components/SafeText';
import { FindingItem } from './FindingItem';
import { ToolFacts } from './ToolFacts';
import './review.css';

/**
 * The findings drawn, one group per subject in the order of its most severe finding (the list comes sorted by
 * severity).
 */
export function FindingGroups(p: {
  findings: Finding[];
  onAccepted: () => void;
  onOpenTool: (serverId: string, name: string) => void;
}) {
  const { onAccepted: run, onOpenTool } = p;
  const byKey = new Map<string, { key: string; first: Finding; items: Finding[] }>();
  for (const f of p.findings) {
    const key = `${f.server}\u0000${f.kind}\u0000${f.subject}`;
    const g = byKey.get(key);
    if (g) g.items.push(f);
    else byKey.set(key, { key, first: f, items: [f] });
  }
  const groups = [...byKey.values()];

  return (
    <>
      {groups.map((g) => (
        <section key={g.key} className="review-group" data-testid="review-group">
          <h3 className="small">
            <SafeText text={g.first.server} /> · {g.first.kind} <SafeText text={g.first.subject} />
          </h3>
          {g.first.kind === 'tool' && <ToolFacts serverId={g.first.server} name={g.first.subject} />}
          <ul className="plain">
            {g.items.map((f, i) => (
              <FindingItem
                key={`${f.rule}-${f.path}-${f.start ?? i}`}
                finding={f}
                onAccepted={run}
                onOpenTool={onOpenTool}
              />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

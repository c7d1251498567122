import { useState } from 'react';
import { RiskBadge } from '../../components/Badges';
import { useConsole } from '../../store/store';
import { toolByName } from '../../store/tool-by-name';
import { AnnotationTable } from '../catalog/AnnotationTable';

/**
 * A tool's risk and its annotations, declared against the spec defaults, above its findings (the table drawn once
 * opened).
 */
export function ToolFacts({ serverId, name }: { serverId: string; name: string }) {
  const tool = useConsole((s) => toolByName(s.tools[serverId], name));
  const pin = useConsole((s) => s.pinFlags[serverId]?.get(name));
  const [open, setOpen] = useState(false);
  if (!tool) return null;
  return (
    <details className="small" data-testid="review-tool-facts" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <RiskBadge risk={tool.risk} />{' '}
        <span
          className={`badge ${pin === 'changed' || pin === 'new' ? 'danger' : ''}`}
          data-testid="review-tool-pin"
          data-state={pin ?? 'pinned'}
        >
          {pin === 'changed' ? 'changed since pinned' : pin === 'new' ? 'not pinned' : 'pinned'}
        </span>{' '}
        annotations
      </summary>
      {open && <AnnotationTable annotations={tool.annotations} declared={tool.declaredAnnotations} />}
    </details>
  );
}

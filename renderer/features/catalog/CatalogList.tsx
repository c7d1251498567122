import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { displayName } from '../../../shared/annotations';
import type { ToolView } from '../../../shared/schemas/tool';
import { useConsole } from '../../store/store';
import { VirtualList } from '../../components/VirtualList';
import { ToolRow } from './ToolRow';

const ROW = 52;

interface Entry {
  tool: ToolView;
  haystack: string;
}

/** Every tool of every connected server, filtered as you type over name, title and description. */
export function CatalogList() {
  const { tools, order, filter } = useConsole(useShallow((s) => ({ tools: s.tools, order: s.serverOrder, filter: s.filter })));
  const index = useMemo<Entry[]>(() => {
    const out: Entry[] = [];
    for (const id of order) for (const t of tools[id] ?? []) out.push({ tool: t, haystack: `${t.name}\n${displayName(t)}\n${(t.description ?? '').slice(0, 2000)}`.toLowerCase() });
    return out;
  }, [tools, order]);
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q ? index.filter((e) => e.haystack.includes(q)) : index;
  }, [index, filter]);
  return (
    <section className="panel catalog" aria-label="Tools" data-filter={filter}>
      <div className="panel-head">
        <h2>Tools</h2>
        <span className="muted small" data-testid="tool-count">{shown.length === index.length ? index.length : `${shown.length} of ${index.length}`}</span>
      </div>
      {index.length === 0 ? (
        <div className="empty">Connect a server to see its tools.</div>
      ) : shown.length === 0 ? (
        <div className="empty">No tool matches “{filter}”.</div>
      ) : (
        <VirtualList className="tool-list" items={shown} rowHeight={ROW} render={(e) => <ToolRow tool={e.tool} />} />
      )}
    </section>
  );
}

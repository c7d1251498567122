import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ShownTool } from '../../../shared/schemas/tool';
import { useConsole } from '../../store/store';
import { grewFrom } from './slice';
import { VirtualList } from '../../components/VirtualList';
import { count } from '../../components/format';
import { ToolRow } from './ToolRow';
import { narrowingFilter } from './tool-filter';
import { FilterChips } from './FilterChips';
import './catalog.css';

const ROW = 52;

/**
 * Every tool of every connected server, filtered as you type (text, risk, annotations, server; `key:value` terms;
 * chips).
 */
export function CatalogList() {
  const { tools, order, filter } = useConsole(
    useShallow((s) => ({ tools: s.tools, order: s.serverOrder, filter: s.filter })),
  );
  // Until the console has answered once, the page cannot know whether any server is connected.
  const known = useConsole((s) => s.online || !!s.linkDown?.wasUp);
  // No per-tool work here: one server's list is used as it is; search text is computed as tools arrive.
  const all = useMemo<ShownTool[]>(
    () => (order.length === 1 ? (tools[order[0] ?? ''] ?? []) : order.flatMap((id) => tools[id] ?? [])),
    [tools, order],
  );
  // It keeps its last answer: a keystroke that narrows the filter looks only through that, and a
  // listing under way's next tools are the only ones a filter looks through as they come.
  const [filterOf] = useState(() => narrowingFilter(grewFrom));
  const shown = useMemo(() => filterOf(all, filter), [filterOf, all, filter]);
  const index = all;
  return (
    <section className="panel catalog" aria-label="Tools" data-filter={filter}>
      <div className="panel-head">
        <h2>Tools</h2>
        <span className="muted small" data-testid="tool-count" data-count={index.length} data-shown={shown.length}>
          {shown.length === index.length ? count(index.length) : `${count(shown.length)} of ${count(index.length)}`}
        </span>
      </div>
      {index.length > 0 && <FilterChips servers={order} />}
      {index.length === 0 ? (
        known ? (
          <div className="empty">Connect a server to see its tools.</div>
        ) : (
          <div className="empty muted" data-testid="tools-unknown">
            The tools are shown once the console answers.
          </div>
        )
      ) : shown.length === 0 ? (
        <div className="empty">No tool matches “{filter}”.</div>
      ) : (
        <VirtualList
          className="tool-list"
          items={shown}
          rowHeight={ROW}
          render={(t, _i, current) => <ToolRow tool={t} tabStop={current} />}
        />
      )}
    </section>
  );
}

import { memo, useContext, useEffect, useRef, useState, type RefObject } from 'react';
import { ApiContext } from '../../api/context';
import { readAhead } from './whole-tool';
import { displayName } from '../../../shared/annotations';
import type { ShownTool } from '../../../shared/schemas/tool';
import { useConsole } from '../../store/store';
import type { ReviewMark } from './slice';
import { AnnotationBadges, RiskBadge } from '../../components/Badges';
import { inspectHiddenText } from '../../../shared/hidden-text';
import { toolUi } from '../../../shared/apps';
import './catalog.css';

/** One catalog row: icon, name, server, risk and annotation badges, live-change marks. */
export const ToolRow = memo(function ToolRow({ tool, tabStop = true }: { tool: ShownTool; tabStop?: boolean }) {
  const selected = useConsole((s) => s.selected?.serverId === tool.serverId && s.selected.name === tool.name);
  const mark = useConsole((s) =>
    s.marks[tool.serverId]?.added.has(tool.name)
      ? 'new'
      : s.marks[tool.serverId]?.changed.has(tool.name)
        ? 'changed'
        : null,
  );
  const pin = useConsole((s) => s.pinFlags[tool.serverId]?.get(tool.name));
  const review = useConsole((s) => s.reviewMarks[tool.serverId]?.get(tool.name));
  const name = displayName(tool);
  // The pointer on a row, or the focus, comes before the click or Enter that opens it: the whole tool is asked for
  // then.
  const api = useContext(ApiContext);
  const metaRef = useRef<HTMLSpanElement>(null);
  const ahead = api ? () => readAhead(api, tool) : undefined;
  return (
    <button
      className={`tool-item ${selected ? 'selected' : ''}`}
      data-testid="tool-item"
      data-server={tool.serverId}
      data-tool={tool.name}
      data-mark={mark ?? undefined}
      onClick={() => useConsole.getState().toolSelected({ serverId: tool.serverId, name: tool.name })}
      onPointerEnter={ahead}
      onFocus={ahead}
      aria-pressed={selected}
      tabIndex={tabStop ? 0 : -1}
    >
      {tool.iconData ? (
        <img className="tool-icon" src={tool.iconData} alt="" data-testid="tool-icon" />
      ) : (
        <span className="tool-icon placeholder" aria-hidden>
          ⚙
        </span>
      )}
      <span className="tool-text">
        <span className="tool-title ellipsis">
          {inspectHiddenText(name.slice(0, 200)).revealed}
          {name !== tool.name && <span className="muted mono small"> {tool.name}</span>}
        </span>
        <span className="tool-meta-line">
          {metaBadges(tool, review, pin, mark, metaRef)}
          <HiddenBadges of={metaRef} changed={`${tool.fingerprint} ${review?.severity} ${pin} ${mark}`} />
        </span>
      </span>
    </button>
  );
});

/** The review's worst finding on this tool, as a badge (a plain call, not a component: a row is drawn often). */
function reviewBadge(review: ReviewMark) {
  return (
    <span
      className={`badge sev ${review.severity}`}
      data-testid="tool-review"
      data-severity={review.severity}
      title={`The security review found ${review.count} ${review.severity} finding${review.count === 1 ? '' : 's'} or more: see the Review tab`}
    >
      review: {review.severity}
    </span>
  );
}

/** A definition that differs from its pin, or is not pinned yet, as a badge. */
function pinBadge(pin: 'changed' | 'new') {
  return (
    <span
      className="badge danger"
      data-testid="tool-pin-state"
      data-state={pin}
      title={
        pin === 'changed'
          ? 'The definition differs from the one pinned: look at the diff in the Review tab and pin it again if it is right'
          : 'Not pinned yet: review it in the Review tab'
      }
    >
      {pin === 'changed' ? 'changed since pinned' : 'not pinned'}
    </span>
  );
}

/**
 * The row's second line: server, risk, annotations and every mark (a plain call, not a component: a row is drawn
 * often).
 */
function metaBadges(
  tool: ShownTool,
  review: ReviewMark | undefined,
  pin: string | undefined,
  mark: 'new' | 'changed' | null,
  metaRef: RefObject<HTMLSpanElement | null>,
) {
  const ui = toolUi(tool);
  return (
    <span className="tool-meta" ref={metaRef}>
      <span className="muted small">{tool.serverId}</span>
      <RiskBadge risk={tool.risk} />
      <AnnotationBadges annotations={tool.annotations} declared={tool.declaredAnnotations} compact />
      {tool.hiddenText.length > 0 && (
        <span className="badge warn" title={`Hidden characters in ${tool.hiddenText.join(', ')}`}>
          hidden text
        </span>
      )}
      {ui.resourceUri && (
        <span className="badge" title={`Has its own view (MCP Apps): ${ui.resourceUri}`} data-testid="tool-has-view">
          view
        </span>
      )}
      {!ui.visibility.includes('model') && (
        <span
          className="badge warn"
          title="Only its server's views may call it; agents never see it"
          data-testid="tool-app-only-badge"
        >
          app only
        </span>
      )}
      {tool.excluded && (
        <span className="badge danger" title={tool.excluded} data-testid="tool-excluded">
          excluded
        </span>
      )}
      {review && reviewBadge(review)}
      {(pin === 'changed' || pin === 'new') && pinBadge(pin)}
      {mark && (
        <span className={`badge mark-${mark}`} data-testid={`mark-${mark}`}>
          {mark}
        </span>
      )}
    </span>
  );
}

/**
 * How many of a row's badges its width does not show (they wrap out of its one line), named in the title: a reviewer
 * scanning a narrow list sees that there are more, and which. An intersection observer follows every change of layout.
 */
function HiddenBadges({ of, changed }: { of: RefObject<HTMLSpanElement | null>; changed: string }) {
  const [hidden, setHidden] = useState<string[]>([]);
  useEffect(() => {
    const line = of.current;
    if (!line || typeof IntersectionObserver === 'undefined') return;
    // A badge that wrapped out of the line's box is not seen in it: the observer follows every layout change.
    const out = new Set<Element>();
    const seen = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.intersectionRatio < 0.99) out.add(e.target);
          else out.delete(e.target);
        }
        const names = [...line.children]
          .filter((c) => out.has(c))
          .map((c) => c.textContent?.trim() ?? '')
          .filter(Boolean);
        setHidden((was) => (was.join('\n') === names.join('\n') ? was : names));
      },
      { root: line, threshold: [0, 0.99] },
    );
    for (const c of line.children) seen.observe(c);
    return () => seen.disconnect();
  }, [of, changed]);
  if (hidden.length === 0) return null;
  return (
    <span
      className="badge tool-badges-more"
      title={`Not shown at this width: ${hidden.join(', ')}`}
      data-testid="tool-badges-hidden"
    >
      +{hidden.length}
    </span>
  );
}

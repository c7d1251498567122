import type { AppView } from '../../../shared/schemas/app-view';
import type { ToolView } from '../../../shared/schemas/tool';
import { SafeText } from '../../components/SafeText';
import { useViolations } from './violations';

/** What a view said for a model, or a link it asked to open: shown beside it and recorded. */
export interface Said {
  kind: 'message' | 'context' | 'log' | 'open-link';
  text: string;
}

interface ViewHeadProps {
  tool: ToolView;
  view: AppView;
  reload: () => void;
  /** Set in full screen: leaves it. */
  leave?: () => void;
  onClose?: () => void;
}

/** Always the console's own strip, even in full screen: the view never owns the whole window. */
export function ViewHead({ tool, view, reload, leave, onClose }: ViewHeadProps) {
  return (
    <header className="row gap small">
      <strong>
        View of {tool.name} on {tool.serverId}
      </strong>
      <code className="mono">{view.resourceUri}</code>
      <span className="spacer" />
      <button onClick={reload} data-testid="app-view-reload">
        Reload
      </button>
      {leave && (
        <button onClick={leave} data-testid="app-view-exit-fullscreen">
          Exit full screen (Esc)
        </button>
      )}
      {onClose && <button onClick={onClose}>Close</button>}
    </header>
  );
}

/**
 * What arrives while the view runs: what its policy blocked, and what it said for a model (shown and recorded: there is
 * none here).
 */
export function ViewAsides({ viewId, said }: { viewId: string; said: Said[] }) {
  const violations = useViolations((s) => s.byView[viewId]);
  return (
    <>
      {violations && violations.length > 0 && (
        <div className="warn-box small app-view-aside" role="alert" data-testid="app-view-violations">
          Its policy blocked {violations.length === 1 ? 'one request' : `${violations.length} requests`}:
          <ul>
            {violations.slice(-5).map((v, i) => (
              <li key={i}>
                <code>{v.directive}</code> <SafeText text={v.blocked || '(inline)'} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {said.length > 0 && (
        <div className="note small app-view-aside" data-testid="app-view-said">
          The view said this for a model. MCP Console has none to pass it to: it is shown here and recorded in the audit
          log.
          <ul>
            {said.slice(-5).map((s, i) => (
              <li key={i} data-kind={s.kind}>
                <strong>{s.kind}</strong>: <SafeText text={s.text} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

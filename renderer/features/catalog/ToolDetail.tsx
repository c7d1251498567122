import { displayName, riskSummary } from '../../../shared/annotations';
import type { ToolChange, ToolView } from '../../../shared/schemas/tool';
import { useConsole } from '../../store/store';
import { toolByName } from '../../store/tool-by-name';
import { AnnotationBadges, RiskBadge } from '../../components/Badges';
import { SafeText } from '../../components/SafeText';
import { AnnotationTable } from './AnnotationTable';
import { DiffView } from './DiffView';
import { CallPanel } from '../call/CallPanel';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { RecentCalls } from '../results/RecentCalls';
import { count } from '../../components/format';
import { ToolViewPanel } from '../apps/ToolViewPanel';
import { useWholeTool } from './whole-tool';
import { WholeWait } from './WholeWait';
import './catalog.css';

/**
 * Everything about one tool: description as text, schemas, annotations declared vs default, fingerprint, its diff, and
 * the call form.
 */
export function ToolDetail() {
  const sel = useConsole((s) => s.selected);
  const tool = useConsole((s) => (s.selected ? toolByName(s.tools[s.selected.serverId], s.selected.name) : undefined));
  const change = useConsole((s): ToolChange | undefined =>
    s.selected ? s.marks[s.selected.serverId]?.changed.get(s.selected.name) : undefined,
  );
  const whole = useWholeTool(tool);
  if (!sel) return <section className="panel detail empty">Pick a tool to see it in full and call it.</section>;
  if (!tool) {
    return (
      <section className="panel detail" data-testid="tool-detail">
        <div className="note">
          {sel.serverId} no longer offers <code>{sel.name}</code> (the server disconnected, crashed or removed it).
        </div>
        <RecentCalls serverId={sel.serverId} tool={sel.name} />
      </section>
    );
  }
  return (
    <section className="panel detail" aria-label="Tool detail" data-testid="tool-detail">
      <header className="detail-head">
        {tool.iconData && <img className="tool-icon big" src={tool.iconData} alt="" />}
        <div>
          <h2>
            <SafeText text={displayName(tool)} />
          </h2>
          <div className="muted small mono">
            {tool.name} · {tool.serverId}
          </div>
        </div>
        <span className="spacer" />
        <RiskBadge risk={riskSummary(tool.declaredAnnotations, tool.risk.trusted)} />
      </header>
      <AnnotationBadges annotations={tool.annotations} declared={tool.declaredAnnotations} />
      {tool.excluded && (
        <div className="warn-box" role="note" data-testid="tool-excluded-reason">
          Left out of what can be called, as the 2026-07-28 spec requires: <SafeText text={tool.excluded} />
        </div>
      )}
      {tool.description && (
        <div className="description prewrap" data-testid="tool-description">
          <SafeText text={tool.description.length > 20_000 ? tool.description.slice(0, 20_000) : tool.description} />
          {tool.description.length > 20_000 && (
            <div className="muted small">
              … {count(tool.description.length)} characters in all; the full text is in the definition below.
            </div>
          )}
        </div>
      )}
      {change && <DiffView change={change} since="it was last listed" />}
      <details>
        <summary>Annotations</summary>
        <AnnotationTable annotations={tool.annotations} declared={tool.declaredAnnotations} />
        <ul className="small">
          {riskSummary(tool.declaredAnnotations, tool.risk.trusted).reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </details>
      {whole.tool ? <WholeParts tool={whole.tool} /> : <WholeWait whole={whole} />}
    </section>
  );
}

/** What only the tool's whole view has: its schemas, its MCP App side, its fingerprint and the call form. */
function WholeParts({ tool }: { tool: ToolView }) {
  return (
    <>
      <details>
        <summary>Input schema</summary>
        <pre className="code">{JSON.stringify(tool.inputSchema, null, 2)}</pre>
      </details>
      {tool.outputSchema && (
        <details>
          <summary>Output schema</summary>
          <pre className="code">{JSON.stringify(tool.outputSchema, null, 2)}</pre>
        </details>
      )}
      <ToolViewPanel tool={tool} />
      <div
        className="small mono muted"
        data-testid="fingerprint"
        title="sha-256 of the canonical JSON of the whole definition"
      >
        fingerprint {tool.fingerprint}
      </div>
      <ErrorBoundary key={`${tool.serverId}\u0000${tool.name}`} what="tool's form">
        <CallPanel tool={tool} />
      </ErrorBoundary>
    </>
  );
}

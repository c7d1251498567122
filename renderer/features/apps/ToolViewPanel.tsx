import { useState } from 'react';
import { toolUi } from '../../../shared/apps';
import type { ToolView } from '../../../shared/schemas/tool';
import { SafeText } from '../../components/SafeText';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { AppFrame, type ViewInput } from './AppFrame';
import { DeclaredReach } from './DeclaredReach';

/**
 * A tool's MCP App side, in its detail: the view it links and who may call it; for the developer,
 * the view opened without calling the tool, with the input they type (sent as the tool input).
 */
export function ToolViewPanel({ tool }: { tool: ToolView }) {
  const ui = toolUi(tool);
  const [text, setText] = useState('{}');
  const [input, setInput] = useState<ViewInput | null>(null);
  const [bad, setBad] = useState<string | null>(null);
  const onlyApp = !ui.visibility.includes('model');
  if (!ui.resourceUri && !onlyApp && ui.visibility.includes('app') && ui.problems.length === 0) return null;
  const open = () => {
    try {
      const v: unknown = JSON.parse(text);
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('the input is a JSON object');
      setBad(null);
      setInput({ args: v as Record<string, unknown> });
    } catch (e) {
      setBad((e as Error).message);
    }
  };
  return (
    <details className="app-tool" open={!!ui.resourceUri} data-testid="tool-app">
      <summary>
        MCP App{ui.resourceUri ? ': has a view' : ''}
        {onlyApp && (
          <span className="view-badge" data-testid="tool-app-only">
            {ui.visibility.length ? 'only for its views' : 'callable by no one'}
          </span>
        )}
      </summary>
      <div className="small">
        {ui.resourceUri && (
          <div>
            View <code>{ui.resourceUri}</code>
          </div>
        )}
        {ui.resourceUri && <DeclaredReach serverId={tool.serverId} uri={ui.resourceUri} />}
        <div>
          Visible to{' '}
          {ui.visibility.length
            ? ui.visibility.map((v) => (v === 'model' ? 'agents (the model)' : 'its server’s views')).join(' and ')
            : 'no one'}
          .{onlyApp && ' Agents never see it through the gateway.'}
        </div>
        {ui.problems.map((p, i) => (
          <div key={i} className="warn small">
            <SafeText text={p} />
          </div>
        ))}
      </div>
      {ui.resourceUri && (
        <div className="row gap small">
          <label>
            Input{' '}
            <input
              className="mono"
              value={text}
              onChange={(e) => setText(e.target.value)}
              data-testid="app-view-input"
              aria-label="Tool input sent to the view"
            />
          </label>
          <button onClick={open} data-testid="app-view-open">
            {input ? 'Open again' : 'Open view without calling'}
          </button>
          {bad && <span className="error">{bad}</span>}
        </div>
      )}
      {input && (
        <ErrorBoundary what="view">
          <AppFrame key={JSON.stringify(input.args)} tool={tool} input={input} onClose={() => setInput(null)} />
        </ErrorBoundary>
      )}
    </details>
  );
}

import { useMemo, useState } from 'react';
import type { ShownTool } from '../../../shared/schemas/tool';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { AppFrame } from './AppFrame';
import { useWholeTool } from '../catalog/whole-tool';
import { WholeWait } from '../catalog/WholeWait';

/** A finished call's view (MCP Apps): shown at once for the newest call of a tool, behind a button for older ones. */
export function ResultApp(props: {
  tool: ShownTool;
  argsJson: string;
  result?: unknown;
  cancelled?: string;
  open: boolean;
}) {
  const [open, setOpen] = useState(props.open);
  const args = useMemo(() => parseArgs(props.argsJson), [props.argsJson]);
  const input = useMemo(
    () => ({ args, result: props.result, cancelled: props.cancelled }),
    [args, props.result, props.cancelled],
  );
  // The view is told its tool whole (its schemas among them): asked for once the view is to open.
  const whole = useWholeTool(open ? props.tool : undefined);
  if (!open)
    return (
      <button className="link small" onClick={() => setOpen(true)} data-testid="app-view-show">
        Show the view of {props.tool.name}
      </button>
    );
  if (!whole.tool) return <WholeWait whole={whole} />;
  return (
    <ErrorBoundary what="view">
      <AppFrame tool={whole.tool} input={input} onClose={() => setOpen(false)} />
    </ErrorBoundary>
  );
}

function parseArgs(json: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

import { useShallow } from 'zustand/react/shallow';
import { useConsole } from '../../store/store';
import { ResultView } from './ResultView';
import { ErrorBoundary } from '../../components/ErrorBoundary';

/** The latest calls of one tool, newest first (the History tab has them all). */
export function RecentCalls({ serverId, tool, limit = 5 }: { serverId: string; tool: string; limit?: number }) {
  const ids = useConsole(
    useShallow((s) =>
      s.callOrder.filter((id) => s.calls[id]?.serverId === serverId && s.calls[id]?.tool === tool).slice(0, limit),
    ),
  );
  // The newest call's view opens by itself — but not for a call a view made: that view is on screen already.
  const viewed = useConsole((s) => ids.find((id) => s.calls[id]?.requestedBy.kind !== 'view'));
  return (
    <div className="results">
      {ids.map((id) => (
        <ErrorBoundary key={id} what="result">
          <ResultView callId={id} showView={id === viewed} />
        </ErrorBoundary>
      ))}
    </div>
  );
}

import { useShallow } from 'zustand/react/shallow';
import { useConsole } from '../../store/store';
import { ResultView } from './ResultView';
import { ErrorBoundary } from '../../components/ErrorBoundary';

/** The latest calls of one tool, newest first (the History tab has them all). */
export function RecentCalls({ serverId, tool, limit = 5 }: { serverId: string; tool: string; limit?: number }) {
  const ids = useConsole(useShallow((s) => s.callOrder.filter((id) => s.calls[id]?.serverId === serverId && s.calls[id]?.tool === tool).slice(0, limit)));
  return (
    <div className="results">
      {ids.map((id, i) => (
        <ErrorBoundary key={id} what="result">
          <ResultView callId={id} showView={i === 0} />
        </ErrorBoundary>
      ))}
    </div>
  );
}

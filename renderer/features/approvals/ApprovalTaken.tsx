import { useConsole } from '../../store/store';
import { SafeText } from '../../components/SafeText';

/**
 * A call this page had open that someone else decided first (a team service: the first decision wins): says whose
 * decision it was, until the person dismisses it. Nothing on a desktop, where nobody else decides.
 */
export function ApprovalTaken() {
  const taken = useConsole((s) => s.approvalTaken);
  const seen = useConsole((s) => s.approvalTakenSeen);
  if (!taken) return null;
  return (
    <div className="approval-taken" role="status" data-testid="approval-already-decided" data-approval-id={taken.id}>
      <SafeText text={taken.text} />
      <button className="link" onClick={seen} aria-label="Dismiss">
        Dismiss
      </button>
    </div>
  );
}

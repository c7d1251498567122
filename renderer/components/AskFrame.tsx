import { useRef, type ReactNode } from 'react';
import './AskFrame.css';
import { useDialogFocus } from './use-dialog-focus';
import { SafeText } from './SafeText';

/** `data-*` attributes for automation (AUTOMATION.md); undefined ones are left out. */
type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };

/**
 * The frame of every dialog that asks a person something on a server's or an agent's behalf (a
 * call to approve, a server's question, a sign-in): over the page, announced as an alert dialog,
 * and Escape gives the safe answer (deny, cancel), never the one that lets something through.
 * The title and the answers stay in view and only the question between them scrolls: a long form
 * must neither hide who asks nor push the answers off the screen (focus on the safe answer, which
 * used to scroll the whole dialog to its end, now moves nothing). The keyboard stays in it: Tab
 * goes round the dialog's controls (and the approval queue's beside it), never to the page under the
 * shade; when it closes, the focus goes back to where it was before it opened.
 */
export function AskFrame({
  id,
  title,
  badge,
  onEscape,
  besideQueue,
  data,
  children,
  footer,
  problem,
}: {
  /** The id of the title, which names the dialog. */
  id: string;
  title: ReactNode;
  /** Beside the title: how many more are waiting. */
  badge?: ReactNode;
  /** The safe answer. */
  onEscape: () => void;
  /** The approval queue is open beside the dialog. */
  besideQueue?: boolean;
  data: DataAttributes;
  /** What the person asks about: scrolls when it is long, under the title. */
  children: ReactNode;
  /** The answers (and what goes with them: a reason, an error), always in view under the question. */
  footer: ReactNode;
  /** Why the last answer did not go through, said above the answers. */
  problem?: { text: string; testId: string } | null;
}) {
  const modal = useRef<HTMLDivElement>(null);
  useDialogFocus(modal, besideQueue ? '[data-beside-dialog]' : undefined);
  return (
    <div
      className={`overlay approval-overlay ${besideQueue ? 'with-queue' : ''}`}
      onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onEscape())}
    >
      <div
        ref={modal}
        className="modal wide approval ask"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={id}
        {...data}
      >
        <div className="modal-head">
          <h2 id={id}>{title}</h2>
          {badge}
        </div>
        <div className="ask-body">{children}</div>
        <div className="ask-foot">
          {problem && (
            <div className="error" role="alert" data-testid={problem.testId}>
              <SafeText text={problem.text} />
            </div>
          )}
          {footer}
        </div>
      </div>
    </div>
  );
}

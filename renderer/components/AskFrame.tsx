import type { ReactNode } from 'react';
import './AskFrame.css';

/** `data-*` attributes for automation (AUTOMATION.md); undefined ones are left out. */
type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };

/**
 * The frame of every dialog that asks a person something on a server's or an agent's behalf (a
 * call to approve, a server's question, a sign-in): over the page, announced as an alert dialog,
 * and Escape gives the safe answer (deny, cancel), never the one that lets something through.
 */
export function AskFrame({
  id,
  title,
  badge,
  onEscape,
  besideQueue,
  data,
  children,
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
  children: ReactNode;
}) {
  return (
    <div className={`overlay approval-overlay ${besideQueue ? 'with-queue' : ''}`} onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), onEscape())}>
      <div className="modal wide approval" role="alertdialog" aria-modal="true" aria-labelledby={id} {...data}>
        <div className="modal-head">
          <h2 id={id}>{title}</h2>
          {badge}
        </div>
        {children}
      </div>
    </div>
  );
}

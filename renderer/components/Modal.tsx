import { useEffect, useRef, type ReactNode } from 'react';
import { useDialogFocus } from './use-dialog-focus';

/** A modal dialog: focus moves in and stays in (Tab goes round it), Escape closes, the focus goes back after. */
export function Modal({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Before the focus moves in (effects run in this order): it notes what had the focus, to give it back.
  useDialogFocus(ref);
  useEffect(() => {
    const first = ref.current?.querySelector<HTMLElement>('[autofocus], input, textarea, select, button');
    first?.focus();
  }, []);
  return (
    <div className="overlay" onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onClose())}>
      <div className={`modal ${wide ? 'wide' : ''}`} role="dialog" aria-modal="true" aria-label={title} ref={ref}>
        <div className="modal-head">
          <h2>{title}</h2>
          <button className="link" onClick={onClose} aria-label="Close">
            ✕
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

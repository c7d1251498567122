import { useEffect, useRef, useState } from 'react';

/** How long a dialog's accepting controls ignore activation after it appears. */
export const ARM_DELAY_MS = 1000;

/**
 * A dialog that asks a person: focus goes to the safe choice (the returned ref), and `armed` turns
 * true only after ARM_DELAY_MS, so a stray click or Enter meant for something else accepts nothing.
 */
export function useArmed<T extends HTMLElement>() {
  const [armed, setArmed] = useState(false);
  const safeRef = useRef<T>(null);
  useEffect(() => {
    safeRef.current?.focus();
    const t = setTimeout(() => setArmed(true), ARM_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  return { armed, safeRef };
}

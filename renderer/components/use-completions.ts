import { useEffect, useRef, useState } from 'react';
import type { CompletionRef } from '../../shared/schemas/completion';
import { useApi } from '../api/context';

/** How long typing rests before the server is asked for completions. */
export const COMPLETE_DEBOUNCE_MS = 250;

/**
 * A form's argument values and the server's completions for each (completion/complete), asked once
 * typing rests, with the other filled values as context. `type` sets a value (and asks).
 */
export function useCompletions(serverId: string, ref: CompletionRef) {
  const api = useApi();
  const [values, setValues] = useState<Record<string, string>>({});
  const [suggestions, setSuggestions] = useState<Record<string, string[]>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const type = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const context = Object.fromEntries(Object.entries(next).filter(([k, v]) => k !== name && v !== ''));
      api.request('completions.complete', { serverId, ref, argument: { name, value }, context }).then(
        (c) => setSuggestions((s) => ({ ...s, [name]: c.values })),
        () => setSuggestions((s) => ({ ...s, [name]: [] })),
      );
    }, COMPLETE_DEBOUNCE_MS);
  };
  return { values, suggestions, type };
}

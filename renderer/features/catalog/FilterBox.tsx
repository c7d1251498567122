import type { Ref } from 'react';
import { useConsole } from '../../store/store';

/** The filter's syntax and keys: its placeholder, and its hover text where a narrow line cuts the placeholder. */
const HINT = 'Filter: words, server:id, is:read-only, risk:writes, -is:untrusted (/ or Ctrl+K)';

/**
 * The catalog's filter, in the header. It alone (with the list it filters) follows what is typed:
 * a keystroke re-renders this field, the list and its chips, not the shell around them (the servers,
 * the opened tool with its results, the dialogs).
 */
export function FilterBox({ inputRef, toTools }: { inputRef: Ref<HTMLInputElement>; toTools: () => void }) {
  const filter = useConsole((s) => s.filter);
  return (
    <input
      ref={inputRef}
      className="search"
      type="search"
      placeholder={HINT}
      title={HINT}
      value={filter}
      onFocus={toTools}
      onChange={(e) => {
        // The filter is the catalog's: typing in it on another tab shows the tools it filters.
        useConsole.getState().filterChanged(e.target.value);
        toTools();
      }}
      onKeyDown={(e) => {
        // Down goes into the list (its row with the tab stop); Enter opens the first tool shown. From
        // that row, Tab goes on to the opened tool's form.
        if (e.key !== 'ArrowDown' && e.key !== 'Enter') return;
        const row = document.querySelector<HTMLElement>(
          e.key === 'Enter' ? '.tool-list [data-row="0"] > *' : '.tool-list [data-row] > [tabindex="0"]',
        );
        if (!row) return;
        e.preventDefault();
        row.focus();
        if (e.key === 'Enter') row.click();
      }}
      data-testid="tool-search"
      aria-label="Filter tools"
      aria-keyshortcuts="ArrowDown Enter"
    />
  );
}

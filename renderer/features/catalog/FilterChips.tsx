import { useConsole } from '../../store/store';
import { parseFilter, toggleTerm } from './tool-filter';
import './catalog.css';

const CHIPS: [string, string][] = [
  ['is:read-only', 'read-only'],
  ['is:destructive', 'destructive'],
  ['is:open-world', 'open-world'],
  ['is:untrusted', 'untrusted'],
  ['is:hidden', 'hidden text'],
];

/** One click adds or removes a `key:value` term in the filter: risk, annotations, and each server. */
export function FilterChips({ servers }: { servers: string[] }) {
  const filter = useConsole((s) => s.filter);
  const active = new Set(
    parseFilter(filter)
      .filter((t) => t.key !== 'text' && !t.negate)
      .map((t) => `${t.key}:${t.value}`),
  );
  const chips: [string, string][] = [
    ...CHIPS,
    ...(servers.length > 1 ? servers.map((id): [string, string] => [`server:${id}`, id]) : []),
  ];
  return (
    <div className="chips" role="group" aria-label="Filter by">
      {chips.map(([term, label]) => {
        const on = active.has(term.toLowerCase());
        return (
          <button
            key={term}
            className={`chip ${on ? 'on' : ''}`}
            aria-pressed={on}
            data-testid="filter-chip"
            data-term={term}
            title={term}
            onClick={() => useConsole.getState().filterChanged(toggleTerm(filter, term))}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}

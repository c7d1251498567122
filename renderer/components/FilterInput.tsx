import type { ListFilter } from './list-filters';
import './FilterInput.css';

/** A list's filter box: the one filter language, its keys in the hint (shown, and on hover where it is cut). */
export function FilterInput<T>({
  filter,
  value,
  onChange,
  label,
  testId,
}: {
  filter: ListFilter<T>;
  value: string;
  onChange: (q: string) => void;
  label: string;
  testId: string;
}) {
  return (
    <input
      type="search"
      className="filter-input"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={filter.hint}
      title={filter.hint}
      aria-label={label}
      data-testid={testId}
    />
  );
}

import { SafeText } from './SafeText';
import './JsonTree.css';

/** Deeper than this the tree stops (the Raw view has the whole text): a bound on recursion. */
const MAX_TREE_DEPTH = 64;

/** A collapsible JSON tree (text only). */
export function JsonTree({ value, name, depth = 0 }: { value: unknown; name?: string; depth?: number }) {
  const key =
    name !== undefined ? (
      <span className="json-key">
        <SafeText text={JSON.stringify(name)} />:{' '}
      </span>
    ) : null;
  if (depth >= MAX_TREE_DEPTH && value !== null && typeof value === 'object') {
    return (
      <div className="json-leaf muted">
        {key}… nested deeper than {MAX_TREE_DEPTH} levels (see Raw)
      </div>
    );
  }
  if (value === null || typeof value !== 'object') {
    return (
      <div className="json-leaf">
        {key}
        <span className={`json-${value === null ? 'null' : typeof value}`}>
          {typeof value === 'string' ? <SafeText text={JSON.stringify(value)} /> : String(value)}
        </span>
      </div>
    );
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return (
    <details className="json-node" open={depth < 2}>
      <summary>
        {key}
        {open}
        {entries.length === 0 ? (
          close
        ) : (
          <span className="muted">
            {' '}
            {entries.length}{' '}
            {Array.isArray(value) ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}
          </span>
        )}
      </summary>
      {entries.slice(0, 1000).map(([k, v]) => (
        <JsonTree key={k} name={Array.isArray(value) ? undefined : k} value={v} depth={depth + 1} />
      ))}
      {entries.length > 1000 && <div className="muted small">… {entries.length - 1000} more</div>}
      <div>{close}</div>
    </details>
  );
}

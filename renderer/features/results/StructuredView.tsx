import type { StructuredCheck } from '../../../shared/schemas/call';
import { JsonTree } from '../../components/JsonTree';
import './results.css';

/** structuredContent as a tree, with its check against outputSchema. */
export function StructuredView({ value, check }: { value: unknown; check?: StructuredCheck }) {
  const valid = check?.status === 'valid' ? 'true' : check?.status === 'invalid' ? 'false' : 'no-schema';
  return (
    <div className="structured" data-testid="structured-content" data-valid={valid}>
      <div className="label">
        structuredContent —{' '}
        {valid === 'true' ? (
          <span className="ok">matches outputSchema</span>
        ) : valid === 'false' ? (
          <span className="bad">does not match outputSchema</span>
        ) : (
          <span className="muted">no outputSchema</span>
        )}
      </div>
      {check?.errors && check.errors.length > 0 && (
        <ul className="validation small">
          {check.errors.map((e, i) => (
            <li key={i}>
              <code>{e.path}</code> {e.message}
            </li>
          ))}
        </ul>
      )}
      <JsonTree value={value} />
    </div>
  );
}

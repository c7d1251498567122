import type { EffectiveAnnotations, ToolAnnotations } from '../../../shared/schemas/tool';

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** The four hints: the value in force, and whether the server declared it or the spec default applies. */
export function AnnotationTable({
  annotations,
  declared,
}: {
  annotations: EffectiveAnnotations;
  declared?: ToolAnnotations;
}) {
  return (
    <table className="kv-table" data-testid="annotation-table">
      <tbody>
        {HINTS.map((h) => {
          const isDeclared = typeof declared?.[h] === 'boolean';
          return (
            <tr key={h}>
              <th>{h}</th>
              <td className="mono">{String(annotations[h])}</td>
              <td className={isDeclared ? 'declared' : 'default muted'}>{isDeclared ? 'declared' : 'spec default'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

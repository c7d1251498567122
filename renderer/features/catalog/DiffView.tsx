import type { ToolChange } from '../../../shared/schemas/tool';

const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v, null, 2));

/**
 * How a tool changed: each changed path, before and after. `since` says what "before" is: the last
 * listing, the pinned definition, or the definition the request was made against.
 */
export function DiffView({ change, since }: { change: ToolChange; since: string }) {
  return (
    <div className="diff" data-testid="tool-diff">
      <div className="label">
        Changed since {since}: {change.fields.join(', ')}
      </div>
      <table>
        <thead>
          <tr>
            <th>field</th>
            <th>before</th>
            <th>after</th>
          </tr>
        </thead>
        <tbody>
          {change.changes.map((c) => (
            <tr key={c.path}>
              <td className="mono small">{c.path}</td>
              <td>
                <pre className="before">{show(c.before)}</pre>
              </td>
              <td>
                <pre className="after">{show(c.after)}</pre>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

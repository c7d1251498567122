/** A labelled choice of one server by id (with an extra empty choice when `none` names it). */
export function ServerSelect({
  servers,
  value,
  onChange,
  testId,
  none,
}: {
  servers: string[];
  value: string;
  onChange: (id: string) => void;
  testId: string;
  none?: string;
}) {
  return (
    <label className="small">
      Server{' '}
      <select
        className="bounded"
        title={value || undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        {none && <option value="">{none}</option>}
        {servers.map((id) => (
          <option key={id} value={id}>
            {id}
          </option>
        ))}
      </select>
    </label>
  );
}

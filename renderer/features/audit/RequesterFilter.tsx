import type { Requester } from '../../../shared/schemas/requester';
import { describeRequester, requesterKey } from '../../../shared/requester-text';

/** "Asked by": every requester seen (you, the command line, each agent), to show one of them only. */
export function RequesterFilter(props: {
  requesters: Array<Requester | undefined>;
  value: string;
  onChange(key: string): void;
  testId: string;
}) {
  const seen = new Map<string, Requester>();
  for (const r of props.requesters) if (r) seen.set(requesterKey(r), r);
  const chosen = seen.get(props.value);
  return (
    <select
      className="bounded"
      title={chosen && describeRequester(chosen)}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      aria-label="Asked by"
      data-testid={props.testId}
    >
      <option value="">asked by anyone</option>
      {[...seen].map(([key, r]) => (
        <option key={key} value={key}>
          {describeRequester(r)}
        </option>
      ))}
    </select>
  );
}

import type { GrantView } from '../../../shared/schemas/agent';
import { describeRequester } from '../../../shared/requester-text';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { clockTime, dateTime } from '../../components/format';

const SCOPE: Record<string, string> = { session: 'allowed for this session', always: 'always allowed', never: 'never' };

/**
 * Every standing grant: who, over what, for how long, given by whom, bound to which definition, how often used; each
 * revocable.
 */
export function GrantTable({ grants, act }: { grants: GrantView[]; act: (p: Promise<unknown>) => unknown }) {
  const api = useApi();
  return (
    <>
      <h2>Grants</h2>
      <p className="muted small">
        Standing decisions. An "always" or "session" grant holds only for the tool definition and server identity it was
        given for; one over a server's tools holds for the tools as they were when it was given (a tool added or changed
        since is asked for).
      </p>
      {grants.length === 0 && <p className="muted small">No standing grants: every call is asked for.</p>}
      <table className="grants" data-testid="grants">
        <tbody>
          {grants.map((g) => (
            <tr
              key={g.id}
              data-testid="grant-row"
              data-scope={g.scope}
              data-tool={g.tool}
              data-covers={g.covers}
              data-server={g.serverId}
              data-agent={g.requester.kind === 'agent' ? g.requester.name : ''}
            >
              <td>
                <SafeText text={describeRequester(g.requester)} />
              </td>
              <td>
                <SafeText
                  text={
                    g.covers === 'server'
                      ? `every tool of ${g.serverId}`
                      : g.covers === 'read-only'
                        ? `the read-only tools of ${g.serverId} (trusted)`
                        : `${g.serverId} / ${g.tool}`
                  }
                />
              </td>
              <td>{SCOPE[g.scope]}</td>
              <td className="muted small">
                by {g.grantedBy} {dateTime(g.grantedAt)}
              </td>
              <td className="mono small" title={g.fingerprint}>
                {g.covers !== 'tool'
                  ? 'as they were when granted'
                  : g.fingerprint
                    ? g.fingerprint.slice(0, 12)
                    : 'any definition'}
              </td>
              <td className="muted small">
                {g.lastUsedAt ? `used ${g.uses}×, last ${clockTime(g.lastUsedAt)}` : 'not used yet'}
              </td>
              <td>
                <button onClick={() => void act(api.request('grants.revoke', { id: g.id }))} data-testid="grant-revoke">
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

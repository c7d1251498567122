import { useEffect } from 'react';
import { useApi } from '../../api/context';
import { useConsole } from '../../store/store';
import { SafeText } from '../../components/SafeText';
import { personLoaded, useTeam, wantedApproval, wantsApproval } from './team-store';
import './team.css';

/**
 * On a team service: the signed-in person, their roles and Sign out (posted to the service from this page, which ends
 * the session and closes its pages). Nothing on a desktop or in browser mode.
 */
export function TeamPerson() {
  const api = useApi();
  const online = useConsole((s) => s.online);
  const person = useTeam((s) => s.person);
  const roles = useTeam((s) => s.roles);
  useEffect(() => {
    if (online) api.request('console.person', {}).then(personLoaded, () => {});
  }, [api, online]);
  // A link to one approval (a webhook's) opens it once it is in the queue.
  // Read from the store only while a link waits: the selector runs on every change of the store.
  const ids = useConsole((s) => (wantsApproval() ? s.approvals.map((a) => a.id).join('\n') : ''));
  useEffect(() => {
    const id = wantedApproval(ids.split('\n'));
    if (id) useConsole.getState().approvalOpened(id);
  }, [ids]);
  if (!person) return null;
  return (
    <div className="team-person" data-testid="signed-in-as" data-subject={person.subject} data-roles={roles.join(' ')}>
      <span className="team-name" title={`${person.name} (${person.subject})`}>
        <SafeText text={person.name} />
      </span>
      <span className="muted small" data-testid="team-roles">
        {roles.join(', ')}
      </span>
      <button onClick={() => void signOut()} data-testid="sign-out">
        Sign out
      </button>
    </div>
  );
}

/** Ends the sign-in (the page's CSP allows no form, so the page posts it), then shows the signed-out page. */
async function signOut(): Promise<void> {
  try {
    await fetch('/auth/logout', { method: 'POST', credentials: 'same-origin', cache: 'no-store', redirect: 'manual' });
  } finally {
    location.assign('/auth/signed-out');
  }
}

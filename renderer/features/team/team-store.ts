import { create } from 'zustand';
import type { Person } from '../../../shared/schemas/person';
import type { TeamRole } from '../../../shared/schemas/team';

/**
 * Who this page belongs to on a team service (null on a desktop or in browser mode: its one user): the page shows their
 * name and a way to sign out, and hides what their roles may not do.
 */
export const useTeam = create<{ person: Person | null; roles: TeamRole[] }>(() => ({ person: null, roles: [] }));

export function personLoaded(who: { person: Person; roles: TeamRole[] } | null): void {
  useTeam.setState(who ?? { person: null, roles: [] });
}

/** Whether the page's person may decide calls: anyone on a desktop; an approver on a team service. */
export function mayDecideHere(s: { person: Person | null; roles: readonly TeamRole[] } = useTeam.getState()): boolean {
  return s.person === null || s.roles.includes('approver');
}

/** Whether the page's person may change servers: anyone on a desktop; an admin on a team service. */
export function mayAdminHere(s: { person: Person | null; roles: readonly TeamRole[] } = useTeam.getState()): boolean {
  return s.person === null || s.roles.includes('admin');
}

/** Whether a person is this page's own (no team: the console's one user is). */
export function isMe(person: Person | undefined): boolean {
  const me = useTeam.getState().person;
  return me === null ? person === undefined : person?.subject === me.subject;
}

/** An approval the page was opened for (`#approval=<id>`, a webhook's link), taken from the address once. */
let wanted: string | null = null;

export function takeWantedApproval(hash: string): void {
  const id = new URLSearchParams(hash.slice(1)).get('approval');
  if (id) wanted = id.slice(0, 100);
}

/** Whether the page still waits to open an approval a link asked for. */
export function wantsApproval(): boolean {
  return wanted !== null;
}

/** The approval to open, once: null when none was asked for or it was already opened. */
export function wantedApproval(ids: readonly string[]): string | null {
  if (wanted === null || !ids.includes(wanted)) return null;
  const id = wanted;
  wanted = null;
  return id;
}

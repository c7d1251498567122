import type { RequestName } from '../contract/index.js';
import type { TeamRole } from '../schemas/team.js';

/**
 * What a request does, to a team service's roles:
 * - `read`: shows what the console holds (every role);
 * - `call`: reaches a server or acts as the person (a call, a read, a question's answer): members and approvers;
 * - `own`: the person's own agents (an admin's reaches anyone's; listing them is a read, of one's own unless an admin
 *   or an auditor);
 * - `decide`: a decision on a call (approvers);
 * - `audit`: the audit log (auditors and admins);
 * - `admin`: servers, settings, pins, grants, recordings (admins);
 * - `host`: acts on the machine the service runs on (opens a link there): nobody on a team service.
 */
export type Access = 'read' | 'call' | 'own' | 'decide' | 'audit' | 'admin' | 'host';

/**
 * Every request of the contract, and what it does. Typed as a record of every request name, so a request added to the
 * contract does not build until it is placed here (a new request is never let through by default).
 */
export const ACCESS: Record<RequestName, Access> = {
  'servers.list': 'read',
  'servers.add': 'admin',
  'servers.update': 'admin',
  'servers.remove': 'admin',
  'servers.import': 'admin',
  'servers.connect': 'admin',
  'servers.disconnect': 'admin',
  'servers.status': 'read',
  'servers.stderr': 'read',
  'servers.ping': 'call',
  'servers.doctor': 'admin',
  'tools.list': 'read',
  'tools.get': 'read',
  'tools.validate': 'read',
  'tools.changes': 'read',
  'resources.read': 'call',
  'resources.list': 'read',
  'resources.templates': 'read',
  'resources.expand': 'read',
  'resources.subscribe': 'call',
  'resources.unsubscribe': 'call',
  'lists.facts': 'read',
  'prompts.list': 'read',
  'prompts.get': 'call',
  'completions.complete': 'call',
  'calls.request': 'call',
  'calls.cancel': 'call',
  'calls.list': 'read',
  'calls.get': 'read',
  'calls.wait': 'read',
  'calls.releaseResult': 'decide',
  'approvals.pending': 'read',
  'approvals.decide': 'decide',
  'elicitations.list': 'read',
  'elicitations.answer': 'call',
  'logs.list': 'read',
  'logs.setLevel': 'admin',
  'trace.list': 'read',
  'trace.since': 'read',
  'trace.get': 'read',
  'trace.export': 'read',
  'trace.clear': 'admin',
  'trace.recordStart': 'admin',
  'trace.recordStop': 'admin',
  'trace.recording': 'read',
  'links.open': 'host',
  'consents.list': 'read',
  'consents.revoke': 'admin',
  'settings.get': 'read',
  'settings.update': 'admin',
  'console.problems': 'read',
  'console.person': 'read',
  'audit.query': 'audit',
  'audit.verify': 'audit',
  'audit.shipping': 'audit',
  'agents.list': 'read',
  'agents.add': 'own',
  'agents.setServers': 'own',
  'agents.revoke': 'own',
  'agents.pendingTools': 'read',
  'agents.acceptTools': 'admin',
  'agents.gateway': 'read',
  'grants.list': 'read',
  'grants.revoke': 'admin',
  'policy.get': 'read',
  'review.run': 'call',
  'review.last': 'read',
  'review.export': 'read',
  'review.findings': 'read',
  'review.text': 'read',
  'review.accept': 'admin',
  'review.reopen': 'admin',
  'review.baseline': 'admin',
  'review.importBaseline': 'admin',
  'review.pins': 'read',
  'review.repin': 'admin',
  'review.repinAll': 'admin',
  'review.exportPins': 'read',
  'review.importPins': 'admin',
  'auth.status': 'read',
  'auth.prompts': 'read',
  'auth.cancel': 'admin',
  'auth.signIn': 'admin',
  'auth.signOut': 'admin',
  'apps.open': 'call',
  'apps.call': 'call',
  'apps.read': 'call',
  'apps.note': 'call',
  'apps.trace': 'read',
  'apps.close': 'call',
  'apps.pin': 'admin',
  'apps.violations': 'read',
  'collections.folders': 'read',
  'collections.addFolder': 'call',
  'collections.list': 'read',
  'collections.get': 'read',
  'collections.save': 'call',
  'collections.record': 'call',
  'collections.import': 'call',
  'collections.export': 'read',
  'collections.remove': 'call',
  'collections.putStep': 'call',
  'collections.run': 'call',
  'collections.environments': 'read',
  'collections.decide': 'decide',
  'collections.cancel': 'call',
  'collections.runs': 'read',
  'collections.acceptSnapshot': 'call',
};

/** What each role may do. */
const MAY: Record<TeamRole, ReadonlySet<Access>> = {
  member: new Set(['read', 'call', 'own']),
  approver: new Set(['read', 'call', 'own', 'decide']),
  admin: new Set(['read', 'call', 'own', 'admin', 'audit']),
  auditor: new Set(['read', 'audit']),
};

/** Whether someone with these roles may make this request (an unknown request: never). */
export function mayAsk(roles: readonly TeamRole[], request: string): boolean {
  const access = (ACCESS as Record<string, Access | undefined>)[request];
  if (access === undefined || access === 'host') return false;
  return roles.some((r) => MAY[r].has(access));
}

/** Whether these roles reach every agent (an admin's), not only the person's own. */
export function reachesAllAgents(roles: readonly TeamRole[]): boolean {
  return roles.includes('admin');
}

/** Whether these roles see every agent (an admin's, an auditor's); a member or approver sees their own. */
export function seesAllAgents(roles: readonly TeamRole[]): boolean {
  return roles.includes('admin') || roles.includes('auditor');
}

/** Whether these roles may decide a call. */
export function mayDecide(roles: readonly TeamRole[]): boolean {
  return roles.some((r) => MAY[r].has('decide'));
}

import type { GrantView } from '../../../shared/schemas/agent.js';
import type { Approval, Decider } from '../../../shared/schemas/call.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { ToolView } from '../../../shared/schemas/tool.js';
import type { PolicyStore } from '../approvals/index.js';
import type { AuditFields } from '../audit/index.js';
import type { Catalog } from '../catalog/index.js';
import type { ServerFacts } from './approval-request.js';

type Audit = (fields: AuditFields) => void;

/**
 * The standing decision for a call: a grant of this requester ('never-policy' refuses), trust in a
 * read-only tool, or null (a person decides). A grant for another identity or definition is void
 * and recorded as such.
 */
export function standingDecision(
  deps: { policies: PolicyStore; catalog: Pick<Catalog, 'stale'> },
  audit: Audit,
  requestedBy: Requester,
  serverId: string,
  server: ServerFacts,
  tool: ToolView,
): Decider | null {
  const voided = (g: GrantView, why: string) =>
    audit({
      kind: 'grant-voided',
      serverId,
      serverIdentity: server.identity,
      tool: tool.name,
      fingerprint: tool.fingerprint,
      requestedBy,
      reason: `${g.scope} grant void: ${why}`,
      detail: { grant: g },
    });
  const standing = deps.policies.match(requestedBy, serverId, tool.name, server.identity, tool.fingerprint, voided);
  if (standing && !standing.allow) return 'never-policy';
  // SECURITY: a stale catalog may not be what the server runs now: a person decides.
  if (deps.catalog.stale(serverId)) return null;
  if (standing) return standing.grant.scope === 'always' ? 'always-policy' : 'session-policy';
  // SECURITY: annotations are claims; only a server the user trusts, with auto-approval on, skips the
  // dialog — and only for the person's own calls: an agent needs a grant of its own.
  if (requestedBy.kind !== 'agent' && server.settings.trusted && server.settings.autoApproveReadOnly && tool.annotations.readOnlyHint) return 'trust-policy';
  return null;
}

/** Records the standing grant a decision made: allow for the session or always; an "always" deny is "never". */
export function setStanding(policies: PolicyStore, audit: Audit, approval: Approval, approved: boolean, scope: 'session' | 'always', actor: Decider): void {
  if (!approved && scope !== 'always') return;
  const grant = policies.set({
    requester: approval.requestedBy,
    serverId: approval.serverId,
    tool: approval.tool,
    scope: approved ? scope : 'never',
    serverIdentity: approval.serverIdentity,
    fingerprint: approval.fingerprint,
    grantedBy: actor,
  });
  audit({
    kind: 'grant-set',
    serverId: approval.serverId,
    serverIdentity: approval.serverIdentity,
    tool: approval.tool,
    fingerprint: approval.fingerprint,
    requestedBy: approval.requestedBy,
    decidedBy: actor,
    reason: `${grant.scope} for ${approval.requestedBy.kind === 'agent' ? `agent ${approval.requestedBy.name}` : approval.requestedBy.kind}`,
    detail: { grant },
  });
}

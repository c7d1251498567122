import type { GrantCover, GrantView } from '../../../shared/schemas/agent.js';
import { CoreError } from '../support/index.js';
import { describeRequester } from '../../../shared/requester-text.js';
import type { Approval, Decider, DecideInput } from '../../../shared/schemas/call.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { ToolView } from '../../../shared/schemas/tool.js';
import type { PolicyStore } from '../approvals/index.js';
import type { AuditFields } from '../audit/index.js';
import type { Catalog } from '../catalog/index.js';
import type { ServerFacts } from './approval-request.js';
import type { PolicyRuleRef } from '../../../shared/schemas/policy.js';
import type { OrgPolicy } from '../policy/index.js';
import type { SchemaValidator } from './schema-validator.js';

type Audit = (fields: AuditFields) => void;

/**
 * What the gate decides before a person is asked: who lets the call through (null: a person decides), or why it is
 * refused, and the organisation's rule if one decided.
 */
export interface Standing {
  decidedBy: Decider | null;
  /** Set when the call is refused unsent: the reason given to the person, the agent and the log. */
  deny?: string;
  rule?: PolicyRuleRef;
  /** The allow that would have sent the call, had its input not failed the schema (a person decides instead). */
  heldFrom?: Decider;
}

/**
 * Input that fails the tool's schema is confirmed by a person whatever grant, trust or policy would
 * send it: the allow becomes a question, naming the allow it held. A schema that cannot be checked
 * holds nothing (the dialog says it was not validated when a person is asked anyway).
 */
export function heldIfInvalid(
  standing: Standing,
  validator: Pick<SchemaValidator, 'check'>,
  tool: ToolView,
  args: unknown,
): Standing {
  if (standing.deny || !standing.decidedBy || validator.check(tool.inputSchema, args).ok !== false) return standing;
  return { decidedBy: null, heldFrom: standing.decidedBy, ...(standing.rule && { rule: standing.rule }) };
}

type StandingDeps = Parameters<typeof callPolicy>[0] & { org?: Pick<OrgPolicy, 'active' | 'decide' | 'refusing'> };

/**
 * The gate's decision before a person: the organisation's policy above the person's own grants.
 * A deny of the policy (or a policy that cannot be read) refuses; an ask sends the call to a person
 * whatever grant or trust would have let it through; a standing "never" of the person refuses
 * before any allow; then an allow of the policy (not on a stale catalog: a person decides then);
 * then the person's grants and trust (see callPolicy).
 */
export function gateDecision(
  deps: StandingDeps,
  audit: Audit,
  requestedBy: Requester,
  serverId: string,
  server: ServerFacts,
  tool: ToolView,
  args: unknown,
  argsHash?: string,
): Standing {
  const org = deps.org?.active() ? orgVerdict(deps.org, requestedBy, serverId, server, tool, args) : null;
  if (org?.deny) return org;
  if (org?.rule?.effect === 'ask') return org;
  const own = callPolicy(deps, audit, requestedBy, serverId, server, tool, argsHash);
  if (own === 'never-policy') return { decidedBy: own, deny: 'a standing "never" policy refuses this tool' };
  if (org?.rule?.effect === 'allow' && !deps.catalog.stale(serverId)) return org;
  return { decidedBy: own };
}

function orgVerdict(
  org: NonNullable<StandingDeps['org']>,
  requester: Requester,
  serverId: string,
  server: ServerFacts,
  tool: ToolView,
  args: unknown,
): Standing | null {
  const refusing = org.refusing();
  if (refusing) return { decidedBy: 'org-policy', deny: `not sent: ${refusing}` };
  const { verdict } = org.decide({
    requester,
    serverId,
    serverIdentity: server.identity,
    tool: tool.name,
    fingerprint: tool.fingerprint,
    annotations: tool.annotations,
    trusted: server.settings.trusted,
    args,
  });
  if (!verdict) return null;
  const rule = verdict.ref;
  if (verdict.effect === 'deny')
    return {
      decidedBy: 'org-policy',
      deny: `refused by the organisation's policy, rule ${rule.id}: ${rule.reason}`,
      rule,
    };
  return { decidedBy: verdict.effect === 'allow' ? 'org-policy' : null, rule };
}

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
  // dialog — and only for the person's own calls: an agent, or a server's view, needs a grant of its own.
  if (
    (requestedBy.kind === 'console' || requestedBy.kind === 'cli') &&
    server.settings.trusted &&
    server.settings.autoApproveReadOnly &&
    tool.annotations.readOnlyHint
  )
    return 'trust-policy';
  return null;
}

/**
 * The standing decision for a call (see standingDecision), and for a step of a collection run: let
 * through by the run's grant when the run announced exactly these arguments — never past a
 * standing "never", nor on a stale catalog (a person decides then, even inside an approved run).
 */
export function callPolicy(
  deps: {
    policies: PolicyStore;
    catalog: Pick<Catalog, 'stale'>;
    runGrant?(r: Requester, id: string, tool: string, argsHash: string): boolean;
  },
  audit: Audit,
  requestedBy: Requester,
  serverId: string,
  server: ServerFacts,
  tool: ToolView,
  argsHash?: string,
): Decider | null {
  const standing = standingDecision(deps, audit, requestedBy, serverId, server, tool);
  if (
    standing === 'never-policy' ||
    argsHash === undefined ||
    requestedBy.kind !== 'collection' ||
    deps.catalog.stale(serverId)
  )
    return standing;
  return deps.runGrant?.(requestedBy, serverId, tool.name, argsHash) ? 'run-scope' : standing;
}

/** Who a grant is for, in the audit log's words. */
const grantee = (r: Requester): string =>
  r.kind === 'agent' ? `agent ${r.name}` : r.kind === 'view' ? describeRequester(r) : r.kind;

/**
 * What a decision's grant covers, refused before anything is decided when it may not: only an allow
 * for this session covers more than one tool, and "read-only" only on a trusted server.
 */
export function coverOf(
  input: DecideInput,
  gate: { get(id: string): Approval | undefined },
  deps: { server(id: string): ServerFacts | undefined; catalog: Pick<Catalog, 'tools'> },
): CoverFacts {
  const covers = input.covers ?? 'tool';
  if (covers === 'tool') return { covers, trusted: false, tools: () => [] };
  if (input.decision !== 'approve' || input.scope !== 'session')
    throw new CoreError('bad-cover', 'only an allow for this session can cover more than one tool');
  const asked = gate.get(input.approvalId);
  const trusted = asked ? (deps.server(asked.serverId)?.settings.trusted ?? false) : false;
  // SECURITY: "read-only" is the server's own claim; it is believed only for a server the person trusts.
  if (covers === 'read-only' && !trusted)
    throw new CoreError(
      'not-trusted',
      'a grant over read-only tools needs a trusted server: its annotations are claims otherwise',
    );
  return { covers, trusted, tools: () => (asked ? deps.catalog.tools(asked.serverId) : []) };
}

/** What a grant over more than one tool is given from: the server's trust and its tools as listed now. */
export interface CoverFacts {
  covers: GrantCover;
  trusted: boolean;
  tools: () => readonly ToolView[];
}

/**
 * Records the standing grant a decision made: allow for the session or always; an "always" deny is
 * "never". A session allow may cover the server's read-only tools (a trusted server only: annotations
 * are claims otherwise) or the whole server, each as its tools are now.
 */
export function setStanding(
  policies: PolicyStore,
  audit: Audit,
  approval: Approval,
  approved: boolean,
  scope: 'session' | 'always',
  actor: Decider,
  cover: CoverFacts = { covers: 'tool', trusted: false, tools: () => [] },
): void {
  if (!approved && scope !== 'always') return;
  if (cover.covers !== 'tool') {
    const tools = cover.tools().filter((t) => !t.excluded && (cover.covers === 'server' || t.annotations.readOnlyHint));
    const grant = policies.setCover({
      requester: approval.requestedBy,
      serverId: approval.serverId,
      covers: cover.covers,
      serverIdentity: approval.serverIdentity,
      fingerprints: [approval.fingerprint, ...tools.map((t) => t.fingerprint)],
      grantedBy: actor,
    });
    audit({
      kind: 'grant-set',
      serverId: approval.serverId,
      serverIdentity: approval.serverIdentity,
      requestedBy: approval.requestedBy,
      decidedBy: actor,
      reason: `session for ${grantee(approval.requestedBy)}: ${cover.covers === 'server' ? 'every tool' : 'the read-only tools'} of ${approval.serverId} as they are now (${tools.length})`,
      detail: { grant },
    });
    return;
  }
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
    reason: `${grant.scope} for ${grantee(approval.requestedBy)}`,
    detail: { grant },
  });
}

import { z } from 'zod';
import { CallToolResult } from './content.js';
import { EffectiveAnnotations, RiskSummary, ToolAnnotations, ToolChange } from './tool.js';
import { Requester } from './requester.js';
import { PolicyRuleRef } from './policy.js';
import { Person } from './person.js';

export const CallOutcome = z.enum(['ok', 'tool-error', 'protocol-error', 'timeout', 'cancelled', 'denied']);
export type CallOutcome = z.infer<typeof CallOutcome>;

/**
 * Who decided a call's fate; `agent`: the agent that asked withdrew it (cancelled, or gave up on its
 * request); `run-scope`: a step of a collection run whose scope was approved; `org-policy`: a rule of
 * the organisation's policy file (named on the call as `rule`).
 */
export const Decider = z.enum([
  'user',
  'session-policy',
  'always-policy',
  'never-policy',
  'trust-policy',
  'timeout',
  'cli-flag',
  'system',
  'agent',
  'run-scope',
  'org-policy',
]);
export type Decider = z.infer<typeof Decider>;

export const ValidationError = z.object({ path: z.string(), message: z.string() });
export type ValidationError = z.infer<typeof ValidationError>;

/** A call waiting for a human: everything the dialog shows, and the hash a decision must name. */
export const Approval = z.object({
  id: z.string(),
  callId: z.string(),
  serverId: z.string(),
  serverName: z.string().optional(),
  serverIdentity: z.string(),
  tool: z.string(),
  toolTitle: z.string().optional(),
  /** Who asked for the call this approval is about. */
  requestedBy: Requester,
  /** The exact bytes of the arguments that will be sent (canonical JSON). */
  argsJson: z.string(),
  argsHash: z.string(),
  /** The call runs as a task (the server keeps working on it; the console follows its status). */
  asTask: z.boolean().optional(),
  /**
   * What is sent once approved: the tool call itself (absent), or `tasks/update` carrying the
   * answers a running task of this call asked for (then `argsJson` holds its params, `taskId` the task).
   */
  method: z.literal('tasks/update').optional(),
  taskId: z.string().optional(),
  /** The `Mcp-Param-*` headers that go with them (2026-07-28 over Streamable HTTP, from the tool's x-mcp-header). */
  headers: z.record(z.string(), z.string()).optional(),
  fingerprint: z.string(),
  annotations: EffectiveAnnotations,
  declaredAnnotations: ToolAnnotations.optional(),
  trusted: z.boolean(),
  risk: RiskSummary,
  validationErrors: z.array(ValidationError),
  /** Set when the tool changed while an earlier approval for this call was pending. */
  diff: ToolChange.optional(),
  replaces: z.string().optional(),
  /** The catalog is stale (a re-list failed): the definition shown may not be what the server runs. */
  stale: z.string().optional(),
  /** The organisation's rule that sent this call to a person (an `ask` rule): the dialog names it and its reason. */
  rule: PolicyRuleRef.optional(),
  /**
   * The grant or policy that would have sent the call at once: held for the person because the input fails the schema.
   */
  heldFrom: Decider.optional(),
  status: z.enum(['pending', 'approved', 'denied', 'expired', 'void']),
  /** The organisation's policy in force when the call was asked for (a decision after it changed is not applied). */
  policyVersion: z.string().optional(),
  /** The approvals counted so far when the ask needs several people (a rule's `quorum`), in order. */
  votes: z.array(z.object({ person: Person, at: z.string() })).optional(),
  /** On a team service: the signed-in person who decided (the first decision wins; a later one is told this). */
  decider: Person.optional(),
  decidedAt: z.string().optional(),
  /** Several instances of a team on one store: the instance holding the call (its agent's connection is there). */
  heldBy: z.string().max(300).optional(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Approval = z.infer<typeof Approval>;

export const StructuredCheck = z.object({
  status: z.enum(['valid', 'invalid', 'no-schema', 'absent']),
  errors: z.array(ValidationError).optional(),
});
export type StructuredCheck = z.infer<typeof StructuredCheck>;

export const Progress = z.object({
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().optional(),
});

/** Something a tool's result asks of the model, or hides from the person (the review's rules, read over the result). */
export const ResultFinding = z.object({
  path: z.string(),
  rule: z.string(),
  severity: z.enum(['high', 'medium', 'low']),
  message: z.string(),
  excerpt: z.string(),
});
export type ResultFinding = z.infer<typeof ResultFinding>;

/** What the console read in a result, and what it did about it for an agent. */
export const ResultScan = z.object({
  findings: z.array(ResultFinding),
  /** What was left unread of a result past the scan's bounds. */
  cut: z.string().optional(),
  /**
   * The scan could not read the result at all (past its budget, or its worker failed): not the same as nothing found.
   */
  unread: z.string().optional(),
  /**
   * For an agent's call, under the `resultScan` setting: `noted` (the agent got it with a note),
   * `waiting` (the person decides first), `released`, `withheld` (the person, or the timeout), `blocked`.
   */
  action: z.enum(['noted', 'waiting', 'released', 'withheld', 'blocked']).optional(),
});
export type ResultScan = z.infer<typeof ResultScan>;

/** One call from request to outcome. */
export const CallRecord = z.object({
  id: z.string(),
  serverId: z.string(),
  tool: z.string(),
  argsJson: z.string(),
  argsHash: z.string(),
  fingerprint: z.string(),
  /** Who asked for it: the console's user, the command line, or a named agent. */
  requestedBy: Requester,
  state: z.enum(['awaiting-approval', 'running', 'done']),
  approvalId: z.string().optional(),
  decidedBy: Decider.optional(),
  /** On a team service: the signed-in person whose decision this was (`decidedBy` is then `user`). */
  decider: Person.optional(),
  reason: z.string().optional(),
  /** The organisation's rule that decided the call, or sent it to a person. */
  rule: PolicyRuleRef.optional(),
  /** A grant or policy would have sent it, but the input fails the schema: a person confirmed it (see Approval). */
  heldFrom: Decider.optional(),
  outcome: CallOutcome.optional(),
  requestedAt: z.string(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  durationMs: z.number().optional(),
  progress: Progress.optional(),
  /** Run as a task (MCP tasks): the task the server made for it and its last status. */
  task: z
    .object({
      taskId: z.string().optional(),
      status: z.string().optional(),
      statusMessage: z.string().optional(),
      pollInterval: z.number().optional(),
    })
    .optional(),
  /** The whole result as received: every block, structuredContent, isError, _meta. */
  result: CallToolResult.optional(),
  structured: StructuredCheck.optional(),
  /** What the console read in the result: orders to the model, hidden text. */
  resultScan: ResultScan.optional(),
  /** The result was released from memory to keep the session's results within their budget. */
  resultReleased: z.boolean().optional(),
  error: z
    .object({ code: z.union([z.number(), z.string()]), message: z.string(), data: z.unknown().optional() })
    .optional(),
});
export type CallRecord = z.infer<typeof CallRecord>;
export type TaskInfo = NonNullable<CallRecord['task']>;

/** A decision on one pending approval. `argsHash` must match the approval's. */
export const DecideInput = z.object({
  approvalId: z.string(),
  decision: z.enum(['approve', 'deny']),
  argsHash: z.string(),
  /**
   * once; or a standing grant for this requester, server and tool: for the session, or always (approve: always allow;
   * deny: never).
   */
  scope: z.enum(['once', 'session', 'always']).default('once'),
  /**
   * With scope session: the grant covers this tool (default), the server's read-only tools (trusted servers only), or
   * the whole server.
   */
  covers: z.enum(['tool', 'read-only', 'server']).optional(),
  reason: z.string().max(2000).optional(),
});
export type DecideInput = z.infer<typeof DecideInput>;

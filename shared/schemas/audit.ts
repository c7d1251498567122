import { z } from 'zod';
import { Person } from './person.js';
import { Requester } from './requester.js';
import { OtlpTarget, SyslogTarget } from './shipping.js';

export const AuditKind = z.enum([
  'connect',
  'disconnect',
  'connect-failed',
  'server-error',
  'catalog-change',
  'resources-listed',
  'resource-read',
  'resource-subscription',
  'prompts-listed',
  'prompt-got',
  'elicitation-requested',
  'elicitation-answered',
  /** A server said the interaction of a URL question it asked is done. */
  'elicitation-completed',
  'roots-listed',
  'call-requested',
  /** A task (tasks extension) asked for input; the answers wait for the gate before tasks/update sends them. */
  'task-input',
  'approved',
  /** One approval of a call that needs several people (a rule's `quorum`); the call waits for the rest. */
  'approval-vote',
  'denied',
  'expired',
  'voided',
  'completed',
  'failed',
  /**
   * A call the console stopped during without closing its log (a crash): marked at the next start; `outcome` is
   * `not-sent` or `unknown`.
   */
  'abandoned',
  'config',
  'consent-requested',
  'consent-granted',
  'consent-refused',
  'consent-revoked',
  'log-recovered',
  /**
   * The approval gateway: agents added and revoked, standing grants set, revoked and voided, tools accepted for agents.
   */
  'agent-added',
  'agent-changed',
  'agent-revoked',
  'grant-set',
  'grant-revoked',
  'grant-voided',
  'tools-accepted',
  /** The security review: a run (with its counts), and findings accepted into or removed from the baseline. */
  'reviewed',
  'finding-accepted',
  'finding-reopened',
  /**
   * OAuth: a sign-in that worked (issuer, scope, how the client is known, `via` the browser, a refresh or client
   * credentials) or failed (why), and a sign-out (revoked or not). Never a token.
   */
  'auth-signed-in',
  'auth-failed',
  'auth-signed-out',
  /**
   * MCP Apps: a view opened (its resource, HTML hash, policy, pin state), something it said for a model or asked of the
   * console, what its policy blocked, a view pinned again.
   */
  'app-view-opened',
  'app-view-said',
  'app-view-blocked',
  'app-view-pinned',
  /** Collections: a run asked for (its scope), decided, and ended (each step's verdict); a collection file written. */
  'collection-run-requested',
  'collection-run-decided',
  'collection-run-finished',
  'collection-saved',
  /**
   * The organisation's policy: a file applied (at start, or changed, with its diff), a file that could not be applied,
   * an allow bound to a definition or identity the call no longer has.
   */
  'policy-loaded',
  'policy-problem',
  'policy-rule-voided',
  /**
   * A tool's result that orders the model or hides text (`detail`: its findings, what was done for an agent); the
   * person's release or withholding of one held back.
   */
  'result-flagged',
  'result-released',
  'result-withheld',
  /**
   * A team service: a person signed in (`decider` names them, `detail` their roles), signed out or timed out, or a
   * sign-in refused (why: the provider's answer failed a check). Never a token.
   */
  'team-signed-in',
  'team-signed-out',
  'team-sign-in-refused',
  /** A team's webhook notice of a waiting call, given up after its tries (why, how many). */
  'team-webhook-failed',
  /** Audit shipping: a receiver down (once an outage), back, or older entries skipped past the backlog limit. */
  'shipping',
  'internal-error',
]);
export type AuditKind = z.infer<typeof AuditKind>;

/** One line of the audit log. `hash` = sha-256 of the canonical JSON of every other field. */
export const AuditEntry = z.looseObject({
  seq: z.number().int(),
  time: z.string(),
  kind: AuditKind,
  serverId: z.string().optional(),
  serverIdentity: z.string().optional(),
  tool: z.string().optional(),
  fingerprint: z.string().optional(),
  callId: z.string().optional(),
  argsHash: z.string().optional(),
  args: z.unknown().optional(),
  /** Size of the argument text, when it was too large to keep inline. */
  argsBytes: z.number().int().optional(),
  /** Where the arguments too large to keep inline were kept (relative to the data directory). */
  argsFile: z.string().optional(),
  decision: z.string().optional(),
  decidedBy: z.string().optional(),
  /** On a team service: the person who decided (their `sub` at the organisation's provider, and name). */
  decider: Person.optional(),
  /** Who asked for the call an entry is about. */
  requestedBy: Requester.optional(),
  reason: z.string().optional(),
  outcome: z.string().optional(),
  durationMs: z.number().optional(),
  summary: z.unknown().optional(),
  detail: z.unknown().optional(),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditQuery = z.object({
  serverId: z.string().optional(),
  tool: z.string().optional(),
  kind: AuditKind.optional(),
  /** Who asked: `console`, `cli` or `agent:<name>` (entries that name no requester never match). */
  requester: z.string().max(300).optional(),
  since: z.string().optional(),
  until: z.string().optional(),
  limit: z.number().int().min(1).max(10_000).default(500),
});
export type AuditQuery = z.output<typeof AuditQuery>;

export const AuditVerifyResult = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  /** The first entry that fails, counted from 1 by line. */
  firstBadLine: z.number().int().optional(),
  firstBadSeq: z.number().int().optional(),
  reason: z.string().optional(),
  /**
   * Recoveries recorded in the chain, not tampering: a torn tail (an interrupted write) set aside in
   * `file`; or, with `restored`, that many entries put back from the sync journal after a machine crash.
   */
  recovered: z
    .array(z.object({ seq: z.number().int(), file: z.string(), restored: z.number().int().optional() }))
    .optional(),
  /** Something verify could not check (no checkpoint beside the log). */
  warning: z.string().optional(),
  /** The anchor the log was checked against (`audit verify --anchor`): the entry it still holds. */
  anchor: z.object({ seq: z.number().int(), at: z.string(), key: z.string() }).optional(),
});
export type AuditVerifyResult = z.infer<typeof AuditVerifyResult>;

/**
 * What a tool's result that orders the model does (a finding of medium or above): `off`, not read;
 * `warn`, flagged where the person sees it, and an agent gets it with a note beside it; `ask`, the
 * person sees it first and releases or withholds it; `block`, an agent gets a tool error saying why.
 * The person's own calls are flagged, never held.
 */
export const ResultScanMode = z.enum(['off', 'warn', 'ask', 'block']);
export type ResultScanMode = z.infer<typeof ResultScanMode>;

const settingsFields = {
  approvalTimeoutMs: z.number().int().min(1_000).max(86_400_000),
  /** Largest single message accepted from a stdio server, in bytes. */
  maxMessageBytes: z.number().int().min(1_048_576).max(1_073_741_824),
  /**
   * How many bytes of call results the session keeps in memory; older results are released first (their summary stays
   * in the audit log).
   */
  maxRetainedResultBytes: z
    .number()
    .int()
    .min(1_048_576)
    .max(8 * 1_073_741_824),
  /** How many calls of one server may wait for approval at once; more are refused (a flood cannot fill memory). */
  maxPendingApprovalsPerServer: z.number().int().min(1).max(10_000),
  /** Arguments up to this size are kept inline in the audit log; larger ones by hash and size only. */
  maxInlineArgsBytes: z
    .number()
    .int()
    .min(0)
    .max(16 * 1_048_576),
  /** Keep larger arguments beside the log (audit-args/<hash>.json), or not at all. */
  keepLargeArgs: z.boolean(),
  /**
   * Ship every audit entry to this syslog receiver (RFC 5424): relp://HOST:PORT (acknowledged), or tcp:// /
   * tls://HOST:PORT (octet-counted, not acknowledged); null: not shipped.
   */
  shipSyslog: SyslogTarget.nullable(),
  /** The CA certificate file (PEM) a tls:// receiver is checked against; null: the system's roots. */
  shipCa: z.string().max(4096).nullable(),
  /** Ship every audit entry to this OTLP/HTTP logs endpoint (protobuf); null: not shipped. */
  shipOtlp: OtlpTarget.nullable(),
  /** What a result that orders the model does (`ResultScanMode`); the organisation's policy file may set it instead. */
  resultScan: ResultScanMode,
};

/** Console-wide settings. */
export const Settings = z.object({
  approvalTimeoutMs: settingsFields.approvalTimeoutMs.default(600_000),
  maxMessageBytes: settingsFields.maxMessageBytes.default(64 * 1_048_576),
  maxRetainedResultBytes: settingsFields.maxRetainedResultBytes.default(256 * 1_048_576),
  maxPendingApprovalsPerServer: settingsFields.maxPendingApprovalsPerServer.default(50),
  maxInlineArgsBytes: settingsFields.maxInlineArgsBytes.default(16 * 1024),
  keepLargeArgs: settingsFields.keepLargeArgs.default(true),
  shipSyslog: settingsFields.shipSyslog.default(null),
  shipCa: settingsFields.shipCa.default(null),
  shipOtlp: settingsFields.shipOtlp.default(null),
  resultScan: settingsFields.resultScan.default('warn'),
});
/** A change to some settings: no defaults, so what is not named stays as it is. */
export const SettingsPatch = z.object(settingsFields).partial().strict();
export type Settings = z.infer<typeof Settings>;

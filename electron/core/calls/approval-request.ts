import { randomUUID } from 'node:crypto';
import { riskSummary } from '../../../shared/annotations.js';
import type { Approval, CallRecord, ValidationError } from '../../../shared/schemas/call.js';
import type { ServerSettings } from '../../../shared/schemas/server.js';
import type { ToolView } from '../../../shared/schemas/tool.js';
import type { ApprovalFields } from '../approvals/index.js';
import type { AuditFields } from '../audit/index.js';
import type { SchemaValidator } from './schema-validator.js';
import { CoreError } from '../support/index.js';

/** What a call needs to know about its server to be asked about. */
export interface ServerFacts {
  identity: string;
  settings: ServerSettings;
  name?: string;
  /** The era its connection speaks, once connected. */
  era?: string;
}

/** A new call, waiting for its approval (a task when `asTask`). */
export function newCall(
  call: Pick<CallRecord, 'serverId' | 'tool' | 'argsJson' | 'argsHash' | 'fingerprint' | 'requestedBy'>,
  asTask: boolean,
): CallRecord {
  const requestedAt = new Date().toISOString();
  return { id: randomUUID(), ...call, state: 'awaiting-approval', requestedAt, ...(asTask && { task: {} }) };
}

/**
 * Everything the person is shown before deciding: the server and its identity, the tool and its
 * fingerprint, who asked, the exact argument bytes, annotations with their risk, what the schema
 * says of the arguments, and (when the tool changed meanwhile) the diff.
 */
export function approvalFields(
  record: CallRecord,
  server: ServerFacts,
  tool: ToolView,
  validationErrors: ValidationError[],
  extra: Pick<
    Approval,
    'diff' | 'replaces' | 'stale' | 'headers' | 'asTask' | 'method' | 'taskId' | 'rule' | 'heldFrom'
  >,
): ApprovalFields {
  return {
    callId: record.id,
    serverId: record.serverId,
    serverName: server.name,
    serverIdentity: server.identity,
    tool: tool.name,
    toolTitle: tool.title,
    requestedBy: record.requestedBy,
    argsJson: record.argsJson,
    argsHash: record.argsHash,
    headers: extra.headers,
    asTask: extra.asTask,
    fingerprint: tool.fingerprint,
    annotations: tool.annotations,
    declaredAnnotations: tool.declaredAnnotations,
    trusted: server.settings.trusted,
    risk: riskSummary(tool.declaredAnnotations, server.settings.trusted),
    validationErrors,
    ...extra,
  };
}

/**
 * The schema's verdict on the arguments, as the dialog lists it ("not validated" with the reason when it cannot say).
 */
export function argumentErrors(validator: SchemaValidator, schema: unknown, value: unknown): ValidationError[] {
  const c = validator.check(schema, value);
  if (c.ok === true) return [];
  if (c.ok === 'unchecked') return [{ path: '/', message: `not validated: ${c.reason}` }];
  return c.errors;
}

/** What the form is told about arguments: valid, invalid with the errors, or unchecked with the reason. */
export interface ArgsVerdict {
  status: 'valid' | 'invalid' | 'unchecked';
  errors: ValidationError[];
}

/** Checks arguments against a tool's inputSchema, compiled in the core under its limits. */
export function argsVerdict(validator: SchemaValidator, schema: unknown, args: unknown): ArgsVerdict {
  const c = validator.check(schema, args);
  if (c.ok === true) return { status: 'valid', errors: [] };
  if (c.ok === 'unchecked') return { status: 'unchecked', errors: [{ path: '/', message: c.reason }] };
  return { status: 'invalid', errors: c.errors };
}

/**
 * Why a tool cannot be called as asked, or nothing: left out for an invalid x-mcp-header, or a task
 * mode that does not fit (asked and not supported, or asked of a 2026-07-28 server, where the server
 * decides). Returns whether the call runs as a 2025-11-25 task.
 */
export function callMode(
  tool: ToolView,
  era: string | undefined,
  asTask: boolean | undefined,
  serverCapabilities: unknown,
): boolean {
  const serverTasks =
    (serverCapabilities as { tasks?: { requests?: { tools?: { call?: unknown } } } } | undefined)?.tasks?.requests
      ?.tools?.call !== undefined;
  const name = JSON.stringify(tool.name);
  // SECURITY: the spec makes a client leave out a tool whose x-mcp-header is invalid; it stays visible, never callable.
  if (tool.excluded)
    throw new CoreError('excluded-tool', `tool ${name} is left out: ${tool.excluded}; nothing was sent`);
  // 2026-07-28 (tasks extension): the server decides, per call, whether it becomes a task; the console follows it when
  // it does.
  if (era === 'modern') {
    if (asTask === true)
      throw new CoreError(
        'no-task-mode',
        `in the 2026-07-28 protocol the server decides whether a call of ${name} runs as a task (tasks extension); call it without asking for one; nothing was sent`,
      );
    return false;
  }
  const support = (tool.execution as { taskSupport?: unknown } | undefined)?.taskSupport;
  const task = tool.needsTaskMode === true || asTask === true;
  if (task && support !== 'required' && support !== 'optional')
    throw new CoreError(
      'no-task-mode',
      `tool ${name} cannot run as a task (its execution.taskSupport is not "optional" or "required"); nothing was sent`,
    );
  if (task && !serverTasks)
    throw new CoreError(
      'no-task-mode',
      `tool ${name} would run as a task, but its server does not declare tasks for tools/call (capabilities.tasks); nothing was sent`,
    );
  return task;
}

/**
 * SECURITY: a page or agent that floods requests cannot grow the pending set without a bound. When
 * `waiting` reached the limit: the audit entry of the refusal and the error the asker gets.
 */
export function overPendingLimit(
  waiting: number,
  limit: number,
  call: Pick<AuditFields, 'serverId' | 'serverIdentity' | 'tool' | 'argsHash' | 'requestedBy'>,
): { entry: AuditFields; error: CoreError } | undefined {
  if (waiting < limit) return undefined;
  return {
    entry: {
      kind: 'denied',
      ...call,
      decidedBy: 'system',
      reason: `refused: ${waiting} calls of this server already wait for approval (the limit)`,
    },
    error: new CoreError(
      'too-many-pending',
      `server ${JSON.stringify(call.serverId)} already has ${waiting} calls waiting for approval (the limit is ${limit}); decide or cancel some first`,
    ),
  };
}

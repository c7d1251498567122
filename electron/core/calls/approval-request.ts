import { riskSummary } from '../../../shared/annotations.js';
import type { Approval, CallRecord, ValidationError } from '../../../shared/schemas/call.js';
import type { ServerSettings } from '../../../shared/schemas/server.js';
import type { ToolView } from '../../../shared/schemas/tool.js';
import type { ApprovalFields } from '../approvals/index.js';
import type { SchemaValidator } from './schema-validator.js';

/** What a call needs to know about its server to be asked about. */
export interface ServerFacts {
  identity: string;
  settings: ServerSettings;
  name?: string;
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
  extra: { diff?: Approval['diff']; replaces?: string; stale?: string; headers?: Record<string, string> },
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
    fingerprint: tool.fingerprint,
    annotations: tool.annotations,
    declaredAnnotations: tool.declaredAnnotations,
    trusted: server.settings.trusted,
    risk: riskSummary(tool.declaredAnnotations, server.settings.trusted),
    validationErrors,
    ...extra,
  };
}

/** The schema's verdict on the arguments, as the dialog lists it ("not validated" with the reason when it cannot say). */
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

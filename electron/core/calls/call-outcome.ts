import { canonicalJson } from '../../../shared/canonical-json.js';
import type { Approval, CallRecord, StructuredCheck } from '../../../shared/schemas/call.js';
import type { ToolView } from '../../../shared/schemas/tool.js';
import type { SchemaValidator } from './schema-validator.js';
import { TOO_LARGE_CODE } from '../servers/index.js';
import { REFUSED_CODE } from '../../../shared/boundary.js';
import type { AuditFields } from '../audit/index.js';
import type { AuditKind } from '../../../shared/schemas/audit.js';
import { describeUrl } from '../elicitations/index.js';
import { CoreError, sdkIfLoaded, type EventBus } from '../support/index.js';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../../shared/json-depth.js';

/** structuredContent against the tool's outputSchema: valid, invalid (with errors), no schema, or absent. */
export function checkStructured(
  validator: SchemaValidator,
  tool: ToolView,
  structured: unknown,
  isError = false,
): StructuredCheck {
  if (!tool.outputSchema) return { status: structured === undefined ? 'absent' : 'no-schema' };
  // The spec asks for structuredContent only of successful results: a tool error may come without it.
  if (structured === undefined && isError) return { status: 'absent' };
  if (structured === undefined)
    return {
      status: 'invalid',
      errors: [{ path: '/', message: 'the tool declares an outputSchema but sent no structuredContent' }],
    };
  const c = validator.check(tool.outputSchema, structured);
  if (c.ok === true) return { status: 'valid' };
  if (c.ok === 'unchecked')
    return { status: 'invalid', errors: [{ path: '/', message: `not validated: ${c.reason}` }] };
  return { status: 'invalid', errors: c.errors };
}

/**
 * What a result makes of its call: ok or tool-error with the structured check; a result that cannot be processed is a
 * protocol error, never a call that hangs.
 */
export function resultOutcome(
  validator: SchemaValidator,
  tool: ToolView,
  result: NonNullable<CallRecord['result']>,
  durationMs: number,
): Partial<CallRecord> {
  try {
    if (nestedDeeperThan(result)) throw new Error(`it nests deeper than ${MAX_JSON_DEPTH} levels`);
    const structured = checkStructured(validator, tool, result.structuredContent, result.isError === true);
    return { outcome: result.isError ? 'tool-error' : 'ok', result, structured, durationMs };
  } catch (e) {
    return {
      outcome: 'protocol-error',
      error: { code: 'bad-result', message: `the result could not be processed: ${(e as Error).message}` },
      durationMs,
    };
  }
}

/**
 * The exact text of `arguments` as it goes on the wire: canonical key order (so the same arguments
 * always hash the same), re-serialised the way the SDK serialises it, which moves integer-like keys
 * first. This is what the user approves, what is hashed, and what is sent.
 */
export function wireJson(args: Record<string, unknown>): string {
  return JSON.stringify(JSON.parse(canonicalJson(args)));
}

/** The arguments' wire text (see wireJson); arguments that cannot be JSON are refused in words. */
export function wireArgs(args: Record<string, unknown>): string {
  try {
    return wireJson(args);
  } catch (e) {
    throw new CoreError('bad-args', `the arguments cannot be sent as JSON: ${(e as Error).message}`);
  }
}

/** The outcome of a failed call: cancelled (by the user), timeout, or a protocol error with its code. */
export function classify(err: unknown, cancelled: boolean): Partial<CallRecord> {
  const e = err as { message?: string };
  const message = String(e?.message ?? err).replace(/^(MCP error -?\d+: )+/, '');
  if (cancelled)
    return { outcome: 'cancelled', reason: 'cancelled by the user', error: { code: 'cancelled', message } };
  // An error is one of the SDK's classes only if the SDK is loaded (a call refused before any connect is not).
  const sdk = sdkIfLoaded();
  if (sdk && err instanceof sdk.ProtocolError) {
    // The server answered with a JSON-RPC error (or our stdio transport did, for a message over the cap).
    if (err.code === TOO_LARGE_CODE) return { outcome: 'protocol-error', error: { code: 'too-large', message } };
    if (err.code === REFUSED_CODE) return { outcome: 'protocol-error', error: { code: 'refused', message } };
    return {
      outcome: 'protocol-error',
      error: { code: err.code, message: inWords(err.code, message, err.data), data: err.data },
    };
  }
  if (sdk && err instanceof sdk.SdkError && err.code === sdk.SdkErrorCode.RequestTimeout)
    return { outcome: 'timeout', error: { code: 'timeout', message } };
  return { outcome: 'protocol-error', error: { code: 'transport', message } };
}

/** The errors 2026-07-28 defines, said in words beside what the server said. */
export function inWords(code: number, message: string, data: unknown): string {
  if (code === -32020)
    return `the server says the request's HTTP headers do not match its body (HeaderMismatch): ${message}. The console builds Mcp-Method, Mcp-Name and Mcp-Param-* from the body it sends; if the tool's x-mcp-header declarations changed, list the tools again`;
  if (code === -32021) {
    const needed = (data as { requiredCapabilities?: unknown } | undefined)?.requiredCapabilities;
    return `the server needs a client capability the console did not declare (MissingRequiredClientCapability${needed ? `: ${JSON.stringify(needed)}` : ''}): ${message}`;
  }
  if (code === -32022) {
    const supported = (data as { supported?: unknown } | undefined)?.supported;
    return `the server does not speak the protocol version this request named (UnsupportedProtocolVersion${Array.isArray(supported) ? `; it speaks ${supported.join(', ')}` : ''}): ${message}. Reconnect with the era set to auto`;
  }
  if (code === -32042) {
    // 2025-11-25 URLElicitationRequiredError: nothing is opened from an error; the person reads each URL's host first.
    const list = (data as { elicitations?: unknown } | undefined)?.elicitations;
    const urls = (Array.isArray(list) ? list : []).flatMap((e) =>
      typeof (e as { url?: unknown })?.url === 'string' ? [(e as { url: string }).url] : [],
    );
    const where = urls.slice(0, 5).map((u) => {
      const { host, urlProblem } = describeUrl(u);
      return `${u} (host ${host ?? 'none'}${urlProblem ? `; not to be opened: ${urlProblem}` : ''})`;
    });
    return `the server needs you to finish something in a browser first (URLElicitationRequired)${where.length ? `: ${where.join(', ')}` : ''}: ${message}. Open it yourself if you trust that host, then call again`;
  }
  return message;
}

/** The size of each content block of a result (JSON characters), measured once per result. */
export function blockSizes(r: CallRecord): number[] {
  return r.result ? r.result.content.map((b) => JSON.stringify(b).length) : [];
}

/** What the audit log keeps of a result: each block's type and size, isError, the structured check. */
export function summarise(r: CallRecord, sizes: number[]): Record<string, unknown> | undefined {
  if (!r.result) return r.error ? { error: r.error } : undefined;
  const blocks = r.result.content.map((b, i) => ({ type: b.type, bytes: sizes[i] }));
  return { blocks, isError: r.result.isError === true, structured: r.structured?.status };
}

/**
 * An audit entry about one call: what every such entry carries (server, tool, fingerprint, call, argument hash, who
 * asked), and `more`.
 */
export function callEntry(
  r: CallRecord,
  serverIdentity: string | undefined,
  kind: AuditKind,
  more: Partial<AuditFields> = {},
): AuditFields {
  return {
    kind,
    serverId: r.serverId,
    serverIdentity,
    tool: r.tool,
    fingerprint: r.fingerprint,
    callId: r.id,
    argsHash: r.argsHash,
    requestedBy: r.requestedBy,
    // On a team service, every entry after a person's decision names them (the approval, the outcome).
    ...(r.decider && { decider: r.decider }),
    ...more,
  };
}

/** The audit entry that closes a call: completed, failed, denied or expired, with what came back in brief. */
export function outcomeEntry(r: CallRecord, serverIdentity: string | undefined, sizes: number[]): AuditFields {
  const kind =
    r.outcome === 'denied'
      ? r.decidedBy === 'timeout'
        ? 'expired'
        : 'denied'
      : r.outcome === 'ok' || r.outcome === 'tool-error'
        ? 'completed'
        : 'failed';
  const decision = kind === 'denied' || kind === 'expired' ? 'deny' : undefined;
  return callEntry(r, serverIdentity, kind, {
    decision,
    decidedBy: r.decidedBy,
    reason: r.reason,
    outcome: r.outcome,
    durationMs: r.durationMs,
    summary: summarise(r, sizes),
    ...(r.rule && { detail: { rule: r.rule } }),
  });
}

/**
 * One approval of a call that needs several people: recorded in the audit log (the voter as `decider`, the count in
 * `detail`) and told to every page (`approval.voted`); the call waits on for the rest.
 */
export function voteCounted(
  a: Approval,
  state: { record: CallRecord } | undefined,
  audit: (f: AuditFields) => void,
  bus: Pick<EventBus, 'emit'>,
): Approval {
  const vote = a.votes!.at(-1)!;
  const needed = a.rule?.terms?.quorum ?? 1;
  if (state)
    audit(
      callEntry(state.record, undefined, 'approval-vote', {
        decider: vote.person,
        reason: `${vote.person.name} approved (${a.votes!.length} of ${needed}, rule ${a.rule?.id})`,
        detail: { votes: a.votes!.length, needed },
      }),
    );
  bus.emit('approval.voted', { ...a });
  return a;
}

import type { Approval, CallRecord, Decider } from '../../../shared/schemas/call.js';
import type { ToolView } from '../../../shared/schemas/tool.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import type { ApprovalGate } from '../approvals/index.js';
import type { AuditFields } from '../audit/index.js';
import type { Catalog } from '../catalog/index.js';
import { sha256, type EventBus } from '../support/index.js';
import { approvalFields, type ServerFacts } from './approval-request.js';
import { wireJson } from './call-outcome.js';
import { InputRefused, type TaskHooks } from './task-ext.js';
import type { Standing } from './standing.js';

export interface TaskInputDeps {
  gate: ApprovalGate;
  catalog: Catalog;
  bus: EventBus;
  server(id: string): ServerFacts | undefined;
  audit(fields: AuditFields): void;
  /** Records an approval; resolves once it is on disk (throws or rejects when it cannot be). */
  durable(fields: AuditFields): Promise<void>;
  approvalTimeoutMs(): number;
  /**
   * The gate's decision before a person, for the call's own arguments (the answers go to the call the policy let
   * through).
   */
  policy(requestedBy: Requester, serverId: string, server: ServerFacts, tool: ToolView, args: unknown): Standing;
  /** Answers one request a task made, as the same request on its own would be answered. */
  answer(serverId: string, method: string, params: unknown, signal: AbortSignal): Promise<unknown>;
}

type Settle = (decidedBy: Decider | null, reason?: string) => void;

/**
 * The gate on `tasks/update` (tasks extension): the answers a task asked for are data sent to the
 * server on the person's behalf, so they pass the same gate as a call — the exact bytes shown, a
 * decision (or the standing policy for the tool), the approval on disk before anything is sent.
 */
export class TaskInputs {
  private waiting = new Map<string, Settle>();

  constructor(private readonly d: TaskInputDeps) {}

  /**
   * Resolves undefined once `tasks/update` with these responses may be sent; otherwise why it must
   * not be ("expired" when nobody decided in time).
   */
  async allow(
    record: CallRecord,
    taskId: string,
    inputResponses: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<string | undefined> {
    const server = this.d.server(record.serverId);
    const tool = this.d.catalog.get(record.serverId, record.tool);
    if (signal.aborted) return 'the call was cancelled';
    if (!server || !tool) return 'the server or its tool is gone';
    // What is shown, hashed and sent: the answers as they go on the wire (the SDK adds only its _meta and the task id
    // beside them).
    const argsJson = wireJson(inputResponses);
    const argsHash = sha256(argsJson);
    const base = {
      serverId: record.serverId,
      serverIdentity: server.identity,
      tool: record.tool,
      fingerprint: tool.fingerprint,
      callId: record.id,
      argsHash,
      requestedBy: record.requestedBy,
    };
    const detail = { method: 'tasks/update', taskId };
    this.d.audit({ kind: 'task-input', ...base, args: inputResponses, detail });
    const decided = async (decidedBy: Decider | null, reason = 'denied'): Promise<string | undefined> => {
      if (!decidedBy) {
        this.d.audit({ kind: reason === 'expired' ? 'expired' : 'denied', ...base, decision: 'deny', reason, detail });
        return reason;
      }
      try {
        // SECURITY: as for a call, the approval is on disk before the update goes out.
        await this.d.durable({ kind: 'approved', ...base, decision: 'approve', decidedBy, detail });
        return undefined;
      } catch (e) {
        return `the approval could not be written to the audit log: ${(e as Error).message}`;
      }
    };
    const standing = this.d.policy(record.requestedBy, record.serverId, server, tool, JSON.parse(record.argsJson));
    if (standing.deny) return decided(null, standing.deny);
    if (standing.decidedBy) return decided(standing.decidedBy);
    const approval = this.d.gate.open(
      approvalFields({ ...record, argsJson, argsHash }, server, tool, [], {
        method: 'tasks/update',
        taskId,
        rule: standing.rule,
      }),
      this.d.approvalTimeoutMs(),
    );
    const decision = new Promise<string | undefined>((resolve) => {
      const onAbort = () => {
        if (this.d.gate.void(approval.id)?.status === 'void') this.d.bus.emit('approval.resolved', approval);
        this.waiting.get(approval.id)?.(null, 'the call was cancelled');
      };
      this.waiting.set(approval.id, (by, reason) => {
        this.waiting.delete(approval.id);
        signal.removeEventListener('abort', onAbort);
        resolve(decided(by, reason));
      });
      signal.addEventListener('abort', onAbort, { once: true });
    });
    // Announced only once it can be decided: a front end may decide while the event is delivered.
    this.d.bus.emit('approval.requested', approval);
    return decision;
  }

  /** What a followed task calls with its input requests: each one answered, then all of them through the gate. */
  hook(record: CallRecord): TaskHooks['input'] {
    return async (requests, signal) => {
      const responses: Record<string, unknown> = {};
      for (const [key, req] of Object.entries(requests))
        responses[key] = await this.d.answer(record.serverId, req.method, req.params, signal);
      const why = await this.allow(record, record.task?.taskId ?? '', responses, signal);
      if (why) throw new InputRefused(why);
      // Sent exactly as approved: the approved text, read back (the same keys in the same order).
      return JSON.parse(wireJson(responses)) as Record<string, unknown>;
    };
  }

  /** Settles an approval this gate opened; false when the approval is not one of its own. */
  settle(approval: Approval, decidedBy: Decider | null, reason?: string): boolean {
    const settle = this.waiting.get(approval.id);
    if (!settle) return false;
    settle(decidedBy, reason);
    return true;
  }
}

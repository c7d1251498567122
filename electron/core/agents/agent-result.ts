import type { CallRecord } from '../../../shared/schemas/call.js';
import type { CallToolResult } from '../../../shared/schemas/content.js';
import type { Delivery } from '../calls/index.js';

/** The `_meta` key under which an agent finds how the console settled its call. */
export const OUTCOME_META = 'dev.mcp-console/outcome';

/**
 * What an agent receives for a finished call: the upstream result as it came for a result (a tool
 * error included), and otherwise a tool error whose one line says why, to relay to its user —
 * never a success for a call that was not made.
 */
export function agentResult(r: CallRecord, why?: string, delivery: Delivery = { kind: 'as-is' }): CallToolResult {
  const meta = {
    [OUTCOME_META]: {
      outcome: r.outcome,
      decidedBy: r.decidedBy,
      callId: r.id,
      ...(r.rule && { rule: { id: r.rule.id, effect: r.rule.effect, reason: r.rule.reason } }),
    },
  };
  if (delivery.kind === 'withheld')
    return { content: [{ type: 'text', text: `MCP Console: ${delivery.why}` }], isError: true, _meta: meta };
  if ((r.outcome === 'ok' || r.outcome === 'tool-error') && r.result) {
    // The note goes beside the result, as a block of its own for the model: the server's blocks stay as they came.
    const note =
      delivery.kind === 'noted'
        ? [{ type: 'text', text: delivery.note, annotations: { audience: ['assistant'] } }]
        : [];
    return { ...r.result, content: [...(r.result.content ?? []), ...note], _meta: { ...r.result._meta, ...meta } };
  }
  return { content: [{ type: 'text', text: `MCP Console: ${why ?? reasonFor(r)}` }], isError: true, _meta: meta };
}

function reasonFor(r: CallRecord): string {
  const tool = JSON.stringify(r.tool);
  switch (r.outcome) {
    case 'denied':
      if (r.decidedBy === 'timeout')
        return `nobody approved the call to ${tool} before its approval expired; it was not sent`;
      if (r.decidedBy === 'org-policy')
        return r.rule
          ? `the organisation's policy refuses the call to ${tool} (rule ${r.rule.id}: ${r.rule.reason}); it was not sent`
          : `the call to ${tool} was not sent: ${r.reason ?? "the organisation's policy refuses it"}`;
      if (r.decidedBy === 'never-policy') return `a standing "never" policy refuses ${tool}; the call was not sent`;
      if (r.decidedBy === 'system')
        return `the call to ${tool} was not sent: ${r.reason ?? r.error?.message ?? 'refused'}`;
      return `the person at the console denied the call to ${tool}${r.reason && r.reason !== 'denied' ? ` (${r.reason})` : ''}; it was not sent`;
    case 'cancelled':
      return `the call to ${tool} was cancelled${r.reason ? ` (${r.reason})` : ''}`;
    case 'timeout':
      return `the server did not answer the call to ${tool} in time`;
    case 'protocol-error':
      return `the server failed the call to ${tool}: ${r.error?.message ?? 'protocol error'}`;
    default:
      return `the call to ${tool} ended without a result`;
  }
}

import { createHmac } from 'node:crypto';
import { describeRequester } from '../../../shared/requester-text.js';
import { whoDecides } from '../../../shared/policy/terms-text.js';
import type { Approval } from '../../../shared/schemas/call.js';

/** Notices waiting to be delivered at once; past it the oldest is dropped and counted (never grows without bound). */
const MAX_WAITING = 1000;
/** Tries of one notice before it is given up (and the audit log says so). */
const TRIES = 6;
const TIMEOUT_MS = 10_000;

export interface WebhookTarget {
  url: string;
  secret: string;
}

/** What becomes of a notice: delivered (the receiver answered 2xx), or given up after its tries, and why. */
export type WebhookOutcome =
  | { approvalId: string; delivered: true; tries: number }
  | {
      approvalId: string;
      delivered: false;
      tries: number;
      why: string;
    };

/**
 * The body of a notice: `text` is what a Slack incoming webhook shows as it is; `mcpConsole` carries the same for a
 * program. The call's arguments are not in it (a chat channel is no place for them): the link opens the approval,
 * where an approver reads the exact bytes.
 */
export function noticeBody(a: Approval, origin: string): Record<string, unknown> {
  const link = `${origin}/#approval=${encodeURIComponent(a.id)}`;
  const who = describeRequester(a.requestedBy);
  const rule = a.rule ? ` Rule ${a.rule.id}: ${a.rule.reason}. Who decides: ${whoDecides(a.rule.terms)}.` : '';
  return {
    text: `MCP Console: ${who} asks to call ${a.tool} on ${a.serverName ?? a.serverId}.${rule} Decide: ${link}`,
    mcpConsole: {
      type: 'approval.requested',
      approvalId: a.id,
      callId: a.callId,
      server: a.serverId,
      tool: a.tool,
      requestedBy: a.requestedBy,
      argsHash: a.argsHash,
      rule: a.rule ?? null,
      expiresAt: a.expiresAt,
      link,
    },
  };
}

/**
 * Tells a team's webhook of each call waiting for a decision: a JSON POST signed with HMAC-SHA256 over
 * `<timestamp>.<body>` (headers `X-MCP-Console-Timestamp`, `X-MCP-Console-Signature: sha256=<hex>`), retried with
 * back-off (a 429's Retry-After is honoured) and never awaited by the call: a receiver that is down delays nothing.
 * A notice counts as delivered only when the receiver answered 2xx.
 */
export class TeamWebhook {
  private readonly waiting: Array<{ body: string; approvalId: string; tries: number }> = [];
  private sending = 0;
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  dropped = 0;

  constructor(
    private readonly target: WebhookTarget,
    private readonly origin: string,
    private readonly ended: (o: WebhookOutcome) => void,
    private readonly retryMs = 1000,
  ) {}

  notify(a: Approval): void {
    if (this.closed) return;
    this.waiting.push({ body: JSON.stringify(noticeBody(a, this.origin)), approvalId: a.id, tries: 0 });
    if (this.waiting.length > MAX_WAITING) {
      const gone = this.waiting.shift()!;
      this.dropped++;
      this.ended({ approvalId: gone.approvalId, delivered: false, tries: gone.tries, why: 'too many notices waiting' });
    }
    this.pump();
  }

  close(): void {
    this.closed = true;
    for (const c of this.inFlight) c.abort(new Error('the team service stopped'));
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** At most 4 notices in flight; the rest wait their turn. */
  private pump(): void {
    while (this.sending < 4 && this.waiting.length > 0) void this.send(this.waiting.shift()!);
  }

  private async send(n: { body: string; approvalId: string; tries: number }): Promise<void> {
    this.sending++;
    n.tries++;
    let why: string;
    let delivered = false;
    let wait = this.retryMs * 2 ** (n.tries - 1);
    const abort = new AbortController();
    this.inFlight.add(abort);
    try {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', this.target.secret).update(`${timestamp}.${n.body}`).digest('hex');
      const res = await fetch(this.target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-mcp-console-timestamp': timestamp,
          'x-mcp-console-signature': `sha256=${signature}`,
        },
        body: n.body,
        redirect: 'error',
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(TIMEOUT_MS)]),
      });
      await res.body?.cancel();
      delivered = res.ok;
      why = `the receiver answered ${res.status}`;
      const after = Number(res.headers.get('retry-after'));
      if (res.status === 429 && after > 0) wait = Math.min(after * 1000, 300_000);
    } catch (e) {
      why = `the receiver could not be reached (${(e as Error).message})`;
    } finally {
      this.sending--;
      this.inFlight.delete(abort);
    }
    // Stopped meanwhile: what was under way is neither counted nor recorded (the audit log is closing too).
    if (this.closed) return;
    if (delivered) this.ended({ approvalId: n.approvalId, delivered: true, tries: n.tries });
    else if (n.tries >= TRIES) this.ended({ approvalId: n.approvalId, delivered: false, tries: n.tries, why });
    else {
      const t = setTimeout(() => (this.timers.delete(t), this.waiting.push(n), this.pump()), wait);
      t.unref();
      this.timers.add(t);
    }
    this.pump();
  }
}

import { createHmac } from 'node:crypto';
import { describeRequester } from '../../../shared/requester-text.js';
import { whoDecides } from '../../../shared/policy/terms-text.js';
import type { Approval } from '../../../shared/schemas/call.js';
import { type ConsoleCore, type TeamService } from '../../core/index.js';

/** Notices waiting to be delivered at once; past it the oldest is dropped and counted (never grows without bound). */
const MAX_WAITING = 1000;
/** Tries of one notice before it is given up (and the audit log says so). */
const TRIES = 6;
const TIMEOUT_MS = 10_000;

interface Notice {
  body: string;
  approvalId: string;
  event: NoticeEvent;
  tries: number;
}

export interface WebhookTarget {
  url: string;
  /** Signs each body (HMAC-SHA256) when set. */
  secret?: string;
}

/** What a notice tells of: a call waiting for a decision, or its approval closed (decided, expired, void). */
export type NoticeEvent = 'approval.requested' | 'approval.decided';

/** What becomes of a notice: delivered (the receiver answered 2xx), or given up after its tries, and why. */
export type WebhookOutcome =
  | { approvalId: string; event: NoticeEvent; delivered: true; tries: number }
  | {
      approvalId: string;
      event: NoticeEvent;
      delivered: false;
      tries: number;
      why: string;
    };

/** How a closed approval's decision is named in a notice. */
const DECISION: Record<Approval['status'], string> = {
  pending: 'pending',
  approved: 'approve',
  denied: 'deny',
  expired: 'expired',
  void: 'void',
};

/**
 * The body of a notice (keys stable, AUTOMATION.md): `text` is what a Slack incoming webhook shows as it is; the other
 * keys say the same for a program. The call's arguments are not in it (a chat channel is no place for them): `url`
 * opens the approval, where an approver reads the exact bytes.
 */
export function noticeBody(event: NoticeEvent, a: Approval, origin: string): Record<string, unknown> {
  const url = `${origin}/#approval=${encodeURIComponent(a.id)}`;
  const who = describeRequester(a.requestedBy);
  const r = a.requestedBy;
  const owner = r.kind === 'agent' ? r.owner : r.kind === 'console' ? r.person : undefined;
  const rule = a.rule ? ` Rule ${a.rule.id}: ${a.rule.reason}. Who decides: ${whoDecides(a.rule.terms)}.` : '';
  const server = a.serverName ?? a.serverId;
  const decided =
    event === 'approval.decided'
      ? {
          decision: DECISION[a.status],
          decidedBy: a.decider?.subject ?? (a.status === 'expired' || a.status === 'void' ? 'system' : 'user'),
          ...(a.decider && { decider: { subject: a.decider.subject, name: a.decider.name } }),
        }
      : {};
  const text =
    event === 'approval.requested'
      ? `MCP Console: ${who} asks to call ${a.tool} on ${server}.${rule} Decide: ${url}`
      : `MCP Console: the call of ${a.tool} on ${server} by ${who} is ${a.status}${a.decider ? ` by ${a.decider.name}` : ''}.`;
  return {
    event,
    callId: a.callId,
    approvalId: a.id,
    agent: r.kind === 'agent' ? r.name : null,
    owner: owner?.subject ?? null,
    server: a.serverId,
    tool: a.tool,
    ...decided,
    url,
    text,
    rule: a.rule ?? null,
    argsHash: a.argsHash,
    expiresAt: a.expiresAt,
    sentAt: new Date().toISOString(),
  };
}

/**
 * Tells a team's webhook of each call waiting for a decision and of its end: a JSON POST, signed (with a secret) by
 * `X-MCP-Console-Signature: sha256=<hex HMAC-SHA256 of the raw body>` (the body's `sentAt` dates it), retried with
 * back-off (a 429's Retry-After is honoured) and never awaited by the call: a receiver that is down delays nothing.
 * A notice counts as delivered only when the receiver answered 2xx.
 */
export class TeamWebhook {
  private readonly waiting: Notice[] = [];
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

  notify(event: NoticeEvent, a: Approval): void {
    if (this.closed) return;
    this.waiting.push({ body: JSON.stringify(noticeBody(event, a, this.origin)), approvalId: a.id, event, tries: 0 });
    if (this.waiting.length > MAX_WAITING) {
      const gone = this.waiting.shift()!;
      this.dropped++;
      this.ended({
        approvalId: gone.approvalId,
        event: gone.event,
        delivered: false,
        tries: gone.tries,
        why: 'too many notices waiting',
      });
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

  private async send(n: Notice): Promise<void> {
    this.sending++;
    n.tries++;
    let why: string;
    let delivered = false;
    let wait = this.retryMs * 2 ** (n.tries - 1);
    const abort = new AbortController();
    this.inFlight.add(abort);
    try {
      const secret = this.target.secret;
      const signature = secret && createHmac('sha256', secret).update(n.body).digest('hex');
      const res = await fetch(this.target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature && { 'x-mcp-console-signature': `sha256=${signature}` }),
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
    const { approvalId, event, tries } = n;
    if (delivered) this.ended({ approvalId, event, delivered: true, tries });
    else if (tries >= TRIES) this.ended({ approvalId, event, delivered: false, tries, why });
    else {
      const t = setTimeout(() => (this.timers.delete(t), this.waiting.push(n), this.pump()), wait);
      t.unref();
      this.timers.add(t);
    }
    this.pump();
  }
}

/**
 * The team's webhooks (`notify`): each told of every call that waits and of its end; a notice given up is in the log
 * and the audit log. Ends with the service.
 */
export class TeamNotices {
  private readonly hooks: TeamWebhook[];
  private readonly off: () => void;

  constructor(
    private readonly core: ConsoleCore,
    service: TeamService,
    private readonly log: (line: string) => void,
    retryMs?: number,
  ) {
    this.hooks = service.notify.map(
      (hook) => new TeamWebhook(hook, service.origin, (o) => this.ended(hook.url, o), retryMs),
    );
    this.off = core.onEvent((event, payload) => {
      if (event !== 'approval.requested' && event !== 'approval.resolved') return;
      const said: NoticeEvent = event === 'approval.requested' ? 'approval.requested' : 'approval.decided';
      for (const w of this.hooks) w.notify(said, payload as Approval);
    });
  }

  close(): void {
    this.off();
    for (const w of this.hooks) w.close();
  }

  private ended(url: string, o: WebhookOutcome): void {
    if (o.delivered) return;
    this.log(
      `team: the webhook notice (${o.event}) of approval ${o.approvalId} was given up after ${o.tries} tries: ${o.why}`,
    );
    this.core.team().note('team-webhook-failed', undefined, `the webhook notice was given up: ${o.why}`, {
      approvalId: o.approvalId,
      event: o.event,
      webhook: new URL(url).origin,
      tries: o.tries,
    });
  }
}

import { randomUUID } from 'node:crypto';
import type {
  CreateMessageRequest,
  CreateMessageResult,
  ElicitRequest,
  ElicitResult,
} from '@modelcontextprotocol/client';
import type { ElicitationAnswer, ElicitationContent, ElicitationView } from '../../../shared/schemas/elicitation.js';
import type { Requester } from '../../../shared/schemas/requester.js';
import { withDefaults } from '../../../shared/elicitation-defaults.js';
import type { ProtocolEra } from '../../../shared/schemas/server.js';
import type { AuditTrail } from '../audit/index.js';
import { CoreError, RingBuffer, type EventBus } from '../support/index.js';

/** How many questions one server may have waiting at once; more are refused (a flood never grows without a bound). */
export const MAX_PENDING_PER_SERVER = 8;
const KEPT_ANSWERED = 100;

export interface ElicitationDeps {
  trail: AuditTrail;
  bus: EventBus;
  /** Checks accepted content against the requested schema; a list of problems, empty when it fits. */
  check(schema: Record<string, unknown>, content: ElicitationContent): string[];
  server(id: string): { identity: string; name?: string; era?: ProtocolEra } | undefined;
  /** Our calls to a server that are running now. */
  running(serverId: string): ElicitationView['during'];
}

interface Open {
  view: ElicitationView;
  resolve(r: ElicitResult): void;
  /** The calls running when it was asked that have not ended yet (none: asked outside any call). */
  calls: Set<string>;
}

/** What a person writes for a sampling request: the reply, and the name it goes under. */
export const HUMAN_MODEL = 'a person, in MCP Console (no model was called)';

/**
 * The questions servers ask the person. Each waits until a person answers it (in the page or on
 * the terminal), the server withdraws it, every call of ours it came during has ended (its answer
 * would go to a request no one waits for: an agent's cancelled call left one open), or its
 * connection ends; nothing here ever answers it in the person's place.
 */
export class Elicitations {
  private open = new Map<string, Open>();
  private answered = new RingBuffer<ElicitationView>(KEPT_ANSWERED);

  constructor(private readonly deps: ElicitationDeps) {}

  /**
   * A server asks for a model's reply (sampling/createMessage, deprecated in 2026-07-28). No model
   * is called: a person writes the reply, or declines (the server gets an error, as the spec says).
   */
  async sample(
    serverId: string,
    params: CreateMessageRequest['params'],
    signal: AbortSignal,
  ): Promise<CreateMessageResult> {
    const a = await this.wait(serverId, signal, {
      kind: 'sampling',
      mode: 'form',
      message: 'The server asks for a model’s reply. No model is called: write the reply yourself, or decline.',
      requestedSchema: {
        type: 'object',
        properties: { text: { type: 'string', title: 'Reply' }, model: { type: 'string', title: 'Model name' } },
        required: ['text'],
      },
      sampling: {
        messages: params.messages,
        systemPrompt: params.systemPrompt,
        maxTokens: params.maxTokens,
        modelPreferences: params.modelPreferences,
      },
    });
    if (a.action !== 'accept')
      throw new Error(`the person ${a.action === 'decline' ? 'declined' : 'cancelled'} the sampling request`);
    const { text, model } = (a.content ?? {}) as { text?: string; model?: string };
    return {
      role: 'assistant',
      content: { type: 'text', text: text ?? '' },
      model: model || HUMAN_MODEL,
      stopReason: 'endTurn',
    };
  }

  /** A server asks (the SDK's handler for both eras). Resolves with the person's answer. */
  ask(serverId: string, params: ElicitRequest['params'], signal: AbortSignal): Promise<ElicitResult> {
    const url = params.mode === 'url';
    return this.wait(serverId, signal, {
      kind: 'elicitation',
      mode: url ? 'url' : 'form',
      message: params.message,
      ...(params.mode === 'url'
        ? { url: params.url, elicitationId: params.elicitationId, ...describeUrl(params.url) }
        : { requestedSchema: params.requestedSchema as Record<string, unknown> }),
    });
  }

  private wait(
    serverId: string,
    signal: AbortSignal,
    what: Pick<ElicitationView, 'kind' | 'mode' | 'message'> & Partial<ElicitationView>,
  ): Promise<ElicitResult> {
    const server = this.deps.server(serverId);
    const waiting = [...this.open.values()].filter((o) => o.view.serverId === serverId).length;
    if (waiting >= MAX_PENDING_PER_SERVER) {
      this.deps.trail.record({
        kind: 'server-error',
        serverId,
        serverIdentity: server?.identity,
        reason: `${what.kind} refused: ${waiting} already wait`,
      });
      return Promise.reject(
        new Error(`the person already has ${waiting} questions from this server waiting; ask again later`),
      );
    }
    const view: ElicitationView = {
      ...what,
      id: randomUUID(),
      serverId,
      serverName: server?.name,
      era: server?.era,
      during: this.deps.running(serverId),
      createdAt: new Date().toISOString(),
      status: 'pending',
    };
    this.deps.trail.record({
      kind: 'elicitation-requested',
      serverId,
      serverIdentity: server?.identity,
      detail: {
        id: view.id,
        kind: view.kind,
        mode: view.mode,
        message: view.message,
        requestedSchema: view.kind === 'elicitation' ? view.requestedSchema : undefined,
        url: view.url,
        sampling: view.sampling,
        during: view.during,
      },
    });
    return new Promise<ElicitResult>((resolve) => {
      this.open.set(view.id, { view, resolve, calls: new Set(view.during?.map((c) => c.callId)) });
      this.deps.bus.emit('elicitation.requested', view);
      const withdraw = () =>
        this.end(view.id, 'cancelled', 'the server withdrew the question (the request was cancelled or timed out)');
      if (signal.aborted) withdraw();
      else signal.addEventListener('abort', withdraw, { once: true });
    });
  }

  /**
   * A person's answer. Accepted content gets the schema's defaults for what was left empty, then must fit the schema.
   */
  answer(a: ElicitationAnswer, by: Requester): ElicitationView {
    const o = this.open.get(a.id);
    if (!o)
      throw new CoreError(
        'unknown-elicitation',
        `no question ${JSON.stringify(a.id)} is waiting (it was answered or withdrawn)`,
      );
    const { view } = o;
    let content: ElicitationContent | undefined;
    if (a.action === 'accept' && view.mode === 'form') {
      content = withDefaults(view.requestedSchema ?? {}, a.content ?? {});
      const problems = this.deps.check(view.requestedSchema ?? {}, content);
      if (problems.length)
        throw new CoreError('bad-content', `the answer does not fit what the server asked: ${problems.join('; ')}`);
    }
    if (a.action === 'accept' && view.mode === 'url' && view.urlProblem)
      throw new CoreError('bad-url', `this URL cannot be opened: ${view.urlProblem}`);
    const status = a.action === 'accept' ? 'accepted' : a.action === 'decline' ? 'declined' : 'cancelled';
    view.content = content;
    view.answeredBy = by;
    this.deps.trail.record(
      {
        kind: 'elicitation-answered',
        serverId: view.serverId,
        requestedBy: by,
        decision: a.action,
        detail: { id: view.id, kind: view.kind, content },
      },
      true,
    );
    this.finish(o, status);
    o.resolve({ action: a.action, ...(content && { content }) });
    return view;
  }

  /**
   * The server says the out-of-band interaction of a URL question is done
   * (`notifications/elicitation/complete`, 2025-11-25). Only a URL question this server asked,
   * with that id, not yet completed, is marked (the spec has clients ignore any other); returns it.
   */
  completed(serverId: string, elicitationId: string): ElicitationView | undefined {
    const all = [...this.open.values()].map((o) => o.view).concat(this.answered.toArray());
    const v = all.find(
      (q) => q.serverId === serverId && q.mode === 'url' && q.elicitationId === elicitationId && !q.completedAt,
    );
    if (!v) return undefined;
    v.completedAt = new Date().toISOString();
    this.deps.trail.record({
      kind: 'elicitation-completed',
      serverId,
      detail: { id: v.id, elicitationId, host: v.host },
    });
    this.deps.bus.emit('elicitation.resolved', v);
    return v;
  }

  /** Every question still waiting, then the last answered ones (newest first). */
  list(): ElicitationView[] {
    return [...[...this.open.values()].map((o) => o.view), ...this.answered.toArray().reverse()];
  }

  pending(): ElicitationView[] {
    return [...this.open.values()].map((o) => o.view);
  }

  /**
   * A call ended: a question asked while it ran (and only calls that have ended since) is withdrawn,
   * with the server told `cancel`. A question asked while several calls ran waits for the last.
   */
  callEnded(callId: string): void {
    for (const o of [...this.open.values()]) {
      if (!o.calls.delete(callId) || o.calls.size > 0) continue;
      const tools = [...new Set(o.view.during?.map((c) => c.tool))].join(', ');
      this.end(o.view.id, 'cancelled', `the call it came during ended (${tools}): no one waits for the answer`);
    }
  }

  /** A server's connection ended: its questions can no longer be answered. */
  dropServer(serverId: string, reason: string): void {
    for (const o of [...this.open.values()]) if (o.view.serverId === serverId) this.end(o.view.id, 'cancelled', reason);
  }

  private end(id: string, status: ElicitationView['status'], reason: string): void {
    const o = this.open.get(id);
    if (!o) return;
    o.view.reason = reason;
    this.deps.trail.record({
      kind: 'elicitation-answered',
      serverId: o.view.serverId,
      decision: 'cancel',
      decidedBy: 'system',
      reason,
      detail: { id },
    });
    this.finish(o, status);
    o.resolve({ action: 'cancel' });
  }

  private finish(o: Open, status: ElicitationView['status']): void {
    this.open.delete(o.view.id);
    o.view.status = status;
    o.view.answeredAt = new Date().toISOString();
    this.answered.push(o.view);
    this.deps.bus.emit('elicitation.resolved', o.view);
  }
}

/** The host a person should read before opening a URL, and why it must not be opened at all. */
export function describeUrl(raw: string): { host?: string; urlProblem?: string } {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return { urlProblem: 'it is not a valid URL' };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:')
    return { host: u.host || undefined, urlProblem: `only http and https URLs are opened, not ${u.protocol}` };
  if (u.username || u.password)
    return {
      host: u.host,
      urlProblem: 'it carries a user name or password before the host, which hides where it really goes',
    };
  return { host: u.host };
}

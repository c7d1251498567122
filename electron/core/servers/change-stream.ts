import type { Client, McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client';

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;

/** What to listen for on a 2026-07-28 connection: the list changes the server offers, and the watched resources. */
export function changeFilter(client: Client, watched: string[]): SubscriptionFilter | undefined {
  const caps = client.getServerCapabilities();
  const filter: SubscriptionFilter = {
    ...(caps?.tools?.listChanged && { toolsListChanged: true }),
    ...(caps?.prompts?.listChanged && { promptsListChanged: true }),
    ...(caps?.resources?.listChanged && { resourcesListChanged: true }),
    ...(watched.length > 0 && { resourceSubscriptions: watched }),
  };
  return Object.keys(filter).length ? filter : undefined;
}

/**
 * 2026-07-28 has no unsolicited notifications: a client opens `subscriptions/listen` for the
 * changes it wants, and they arrive on that stream (to the same handlers as 2025 notifications).
 * The stream is opened again when it drops (after 1 s, doubling to 30 s), and again at once when
 * what is wanted changes (a resource watched or let go).
 */
export class ChangeStream {
  private sub?: McpSubscription;
  private stopped = false;
  private retryMs = FIRST_RETRY_MS;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly client: Client,
    private readonly filter: () => SubscriptionFilter | undefined,
    private readonly note: (line: string) => void,
  ) {}

  async start(): Promise<void> {
    const filter = this.filter();
    if (this.stopped || !filter) return;
    try {
      const sub = await this.client.listen(filter);
      if (this.stopped) return void (await sub.close());
      this.sub = sub;
      this.retryMs = FIRST_RETRY_MS;
      this.note(
        `listening for ${Object.keys(sub.honoredFilter).join(', ') || 'nothing the server agreed to'} (subscriptions/listen)`,
      );
      void sub.closed.then((how) => {
        if (this.sub !== sub || this.stopped || how === 'local') return;
        this.sub = undefined;
        this.note(`the subscriptions/listen stream ended (${how}); opening it again`);
        this.retry();
      });
    } catch (e) {
      // A server that does not know subscriptions/listen will not learn it: said once, not asked again.
      if ((e as { code?: unknown }).code === -32601)
        return this.note('the server does not offer subscriptions/listen: changes will not be pushed');
      this.note(`subscriptions/listen failed: ${(e as Error).message}`);
      this.retry();
    }
  }

  /** What is wanted changed: the stream is opened again with the new filter. */
  async restart(): Promise<void> {
    const old = this.sub;
    this.sub = undefined;
    clearTimeout(this.timer);
    await old?.close().catch(() => undefined);
    await this.start();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    void this.sub?.close().catch(() => undefined);
    this.sub = undefined;
  }

  private retry(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.start(), this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }
}

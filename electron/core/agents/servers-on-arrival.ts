import type { EventBus } from '../support/index.js';

/** What connecting an agent's servers reads of the core. */
export interface ArrivalDeps {
  bus: EventBus;
  /** A server's identity while it is connected (undefined otherwise). */
  connected(serverId: string): string | undefined;
  /** Connects a configured server that is not connected; resolves when that attempt ends (either way). */
  connect(serverId: string): Promise<unknown>;
  /** A server's connection status (undefined: no such server). */
  status(serverId: string): string | undefined;
  /** The connection attempt under way for a server, resolved once its tools are listed (undefined: none). */
  attempt?(serverId: string): Promise<unknown> | undefined;
}

const noop = (): void => undefined;

/** How long a server an agent arrived for is left alone after an attempt to connect it. */
const RETRY_MS = 10_000;
/** How long a connection under way (the page's, say) is waited for. */
const SETTLE_MS = 30_000;

/**
 * The servers an agent arrives for: those not connected are connected for it, as the person would,
 * each at most once every 10 s; a connection already under way is waited for, never started again.
 */
export class ServersOnArrival {
  private readonly tried = new Map<string, number>();

  constructor(private readonly d: ArrivalDeps) {}

  /** Resolves when the attempts it started, and those under way, have ended. */
  async connect(servers: readonly string[]): Promise<void> {
    const now = Date.now();
    const underWay = (id: string) => this.d.status(id) === 'connecting' || this.d.status(id) === 'awaiting-consent';
    const connecting = servers.filter(underWay);
    const tries = servers.filter(
      (id) =>
        !connecting.includes(id) &&
        this.d.status(id) !== undefined &&
        !this.d.connected(id) &&
        now - (this.tried.get(id) ?? 0) > RETRY_MS,
    );
    for (const id of tries) this.tried.set(id, now);
    await Promise.all([
      ...tries.map((id) => this.d.connect(id).catch(() => undefined)),
      // An attempt under way (the console's start, a person's click) is waited for until its tools are listed.
      ...connecting.map((id) => this.d.attempt?.(id)?.then(noop, noop) ?? this.settled(id)),
    ]);
  }

  /** Resolves once a server's connection attempt ends (or after SETTLE_MS). */
  private settled(serverId: string): Promise<void> {
    return new Promise((done) => {
      const finish = () => (clearTimeout(timer), off(), done());
      const timer = setTimeout(finish, SETTLE_MS);
      timer.unref();
      const off = this.d.bus.on((event, payload) => {
        if (
          event === 'server.status' &&
          (payload as { id: string }).id === serverId &&
          !['connecting', 'awaiting-consent'].includes(this.d.status(serverId) ?? '')
        )
          finish();
      });
    });
  }
}

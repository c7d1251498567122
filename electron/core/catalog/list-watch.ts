import type { ServerListFacts } from '../../../shared/schemas/list-facts.js';
import type { AuditTrail } from '../audit/index.js';
import type { EventBus } from '../support/index.js';
import type { CatalogSync } from './catalog-sync.js';
import type { PromptLists } from './prompts.js';
import type { ResourceLists } from './resources.js';

export interface ListWatchDeps {
  resources: ResourceLists;
  prompts: PromptLists;
  sync: CatalogSync;
  bus: EventBus;
  trail: AuditTrail;
  identity(id: string): string | undefined;
}

/**
 * A server's resource and prompt lists beside its tools: when the server says one changed
 * (`list_changed`, either era) it is walked again at once, so that what changed is recorded and
 * shown (`list.changed` carries the facts, with the diff), as a tools change is.
 */
export class ListWatch {
  constructor(private readonly d: ListWatchDeps) {}

  changed(serverId: string, kind: 'resources' | 'prompts'): void {
    const lists = kind === 'resources' ? this.d.resources : this.d.prompts;
    lists.drop(serverId);
    lists.list(serverId, true).then(
      () => {
        const facts = lists.facts(serverId);
        if (facts) this.d.bus.emit('list.changed', { serverId, kind, facts });
      },
      (e: Error) =>
        this.d.trail.record({
          kind: 'server-error',
          serverId,
          serverIdentity: this.d.identity(serverId),
          reason: `${kind}/list failed after the server said it changed: ${e.message}`,
        }),
    );
  }

  /** What is known of each of a server's lists: when listed, cache hints, what changed last. */
  facts(serverId: string): ServerListFacts {
    return {
      tools: this.d.sync.facts(serverId),
      resources: this.d.resources.facts(serverId),
      prompts: this.d.prompts.facts(serverId),
    };
  }
}

import type { HandlersOf, NamesIn } from '../../../shared/contract/index.js';
import type { ConsentKind } from '../../../shared/schemas/consent.js';
import type { AuditTrail } from '../audit/index.js';
import { CoreError } from '../support/index.js';
import type { ConsentStore } from './consents.js';
import type { ServerStore } from './server-store.js';
import { applySettings, confirmSettings } from './settings-change.js';

export interface ConfigHandlerDeps {
  store: ServerStore;
  consents: ConsentStore;
  trail: AuditTrail;
  /** Told after the settings changed (audit shipping follows its targets). */
  shipping?: { configure(): void };
  /** Takes back a server's consents, recorded, and disconnects what relied on them (the admin concern). */
  revokeConsent(serverId: string, kind?: ConsentKind): Promise<{ revoked: number }>;
}

/**
 * The console's own settings (a raised one confirmed by the person first), the consents people gave, links and start-up
 * problems.
 */
export function configHandlers(
  d: ConfigHandlerDeps,
): HandlersOf<NamesIn<'settings' | 'consents' | 'links' | 'console'>> {
  const { store } = d;
  return {
    'settings.get': () => store.settings,
    'settings.update': async (i) => {
      await confirmSettings(d.consents, store.settings, i);
      const applied = applySettings(store, i, (f) => d.trail.record(f));
      d.shipping?.configure();
      return applied;
    },
    'consents.list': () => d.consents.list(),
    'consents.revoke': (i) => d.revokeConsent(i.serverId, i.kind),
    'links.open': () => {
      // Browser mode: the page itself asks the person and opens the link; the core never opens URLs.
      throw new CoreError('open-in-page', 'open the link from the page');
    },
    // A host replaces this with what it found when it started the core.
    'console.problems': () => [],
    // A team service answers this for each signed-in person; a desktop or browser mode has one user.
    'console.person': () => null,
  };
}

import type { HandlersOf } from '../../../shared/contract/index.js';
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
}

type ConfigNames = 'settings.get' | 'settings.update' | 'consents.list' | 'links.open' | 'console.problems';

/** The console's own settings (a raised one confirmed by the person first), the consents people gave, links and start-up problems. */
export function configHandlers(d: ConfigHandlerDeps): HandlersOf<ConfigNames> {
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
    'links.open': () => {
      // Browser mode: the page itself asks the person and opens the link; the core never opens URLs.
      throw new CoreError('open-in-page', 'open the link from the page');
    },
    // A host replaces this with what it found when it started the core.
    'console.problems': () => [],
  };
}

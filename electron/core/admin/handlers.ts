import type { HandlersOf } from '../../../shared/contract/index.js';
import { confirmServerSettings, type ConsentStore } from '../config/index.js';
import type { Connections } from '../servers/index.js';
import type { ServerAdmin } from './server-admin.js';

export interface AdminHandlerDeps {
  admin: ServerAdmin;
  consents: ConsentStore;
  connections: Pick<Connections, 'view'>;
}

type AdminNames = 'servers.add' | 'servers.update' | 'servers.remove' | 'servers.import' | 'consents.revoke';

/** Adding, changing, importing and removing servers, and revoking consents; a raised setting is confirmed by the person first. */
export function adminHandlers(d: AdminHandlerDeps): HandlersOf<AdminNames> {
  const { admin } = d;
  return {
    'servers.add': (i) => admin.add(i.id, i.config, i.settings),
    'servers.update': async (i) => {
      if (i.settings) await confirmServerSettings(d.consents, i.serverId, d.connections.view(i.serverId).settings, i.settings);
      return admin.update(i.serverId, i.config, i.settings);
    },
    'servers.remove': async (i) => (await admin.remove(i.serverId), { ok: true as const }),
    'servers.import': (i) => admin.import(i.json),
    'consents.revoke': (i) => admin.revokeConsent(i.serverId, i.kind),
  };
}

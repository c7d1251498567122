import type { HandlersOf, NamesIn, RequestOutput } from '../../../shared/contract/index.js';
import type { ServerConfig, ServerSettings } from '../../../shared/schemas/server.js';
import { confirmServerSettings, type ConsentStore, type ServerStore } from '../config/index.js';
import type { Connections } from './connections.js';

/** What changes a server's configuration (the admin concern's ServerAdmin): each change recorded there. */
export interface ServerChanges {
  add(id: string, config: ServerConfig, settings?: Partial<ServerSettings>): RequestOutput<'servers.add'>;
  update(
    id: string,
    config?: ServerConfig,
    settings?: Partial<ServerSettings>,
  ): Promise<RequestOutput<'servers.update'>>;
  remove(id: string): Promise<void>;
  import(json: string): Promise<RequestOutput<'servers.import'>>;
}

export interface ServerHandlerDeps {
  connections: Connections;
  store: Pick<ServerStore, 'list'>;
  admin: ServerChanges;
  consents: ConsentStore;
}

/**
 * Every `servers.*` request: the servers as every front end shows them, their connections, stderr,
 * a round trip and the connection doctor; adding, changing (a raised setting confirmed by the
 * person first), importing and removing them.
 */
export function serverHandlers(d: ServerHandlerDeps): HandlersOf<NamesIn<'servers'>> {
  const { connections, admin } = d;
  return {
    'servers.list': () => d.store.list().map((e) => connections.view(e.id)),
    'servers.connect': (i) => connections.connect(i.serverId),
    'servers.disconnect': (i) => connections.disconnect(i.serverId),
    'servers.status': (i) => connections.view(i.serverId),
    'servers.stderr': (i) => connections.stderr(i.serverId),
    'servers.ping': (i) => connections.ping(i.serverId),
    'servers.doctor': (i) => connections.doctor(i.serverId),
    'servers.add': (i) => admin.add(i.id, i.config, i.settings),
    'servers.update': async (i) => {
      if (i.settings)
        await confirmServerSettings(d.consents, i.serverId, connections.view(i.serverId).settings, i.settings);
      return admin.update(i.serverId, i.config, i.settings);
    },
    'servers.remove': async (i) => (await admin.remove(i.serverId), { ok: true as const }),
    'servers.import': (i) => admin.import(i.json),
  };
}

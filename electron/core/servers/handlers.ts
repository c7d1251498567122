import type { HandlersOf } from '../../../shared/contract/index.js';
import type { ServerStore } from '../config/index.js';
import type { Connections } from './connections.js';

type ServerNames = 'servers.list' | 'servers.connect' | 'servers.disconnect' | 'servers.status' | 'servers.stderr' | 'servers.ping' | 'servers.doctor';

/** The servers as every front end shows them, their connections, stderr, a round trip and the connection doctor. */
export function serverHandlers(d: { connections: Connections; store: Pick<ServerStore, 'list'> }): HandlersOf<ServerNames> {
  const { connections } = d;
  return {
    'servers.list': () => d.store.list().map((e) => connections.view(e.id)),
    'servers.connect': (i) => connections.connect(i.serverId),
    'servers.disconnect': (i) => connections.disconnect(i.serverId),
    'servers.status': (i) => connections.view(i.serverId),
    'servers.stderr': (i) => connections.stderr(i.serverId),
    'servers.ping': (i) => connections.ping(i.serverId),
    'servers.doctor': (i) => connections.doctor(i.serverId),
  };
}

/** Connections to MCP servers: the SDK client over stdio, Streamable HTTP or legacy SSE. */
export { ServerConnection, CLIENT_INFO, type ConnectionState } from './connection.js';
export type { ConnectionListener } from './connection-listener.js';
export { Connections } from './connections.js';
export type { ConnectionsDeps } from './connections-deps.js';
export { TOO_LARGE_CODE, type ExitInfo } from './stdio-transport.js';
export { LIST_ITEMS, TASK_HANDLE } from './result-type.js';
export { boundTransport, type BoundaryListener } from './boundary-transport.js';
export { serverHandlers, type ServerChanges } from './handlers.js';

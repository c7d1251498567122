/** Connections to MCP servers: the SDK client over stdio, Streamable HTTP or legacy SSE. */
export { ServerConnection, CLIENT_INFO, type ConnectionListener, type ConnectionState } from './connection.js';
export { Connections, type ConnectionsDeps } from './connections.js';
export { TOO_LARGE_CODE, type ExitInfo } from './stdio-transport.js';
export { LIST_ITEMS, TASK_HANDLE } from './result-type.js';
export { boundTransport, type BoundaryListener } from './boundary-transport.js';
export { serverHandlers, type ServerChanges } from './handlers.js';

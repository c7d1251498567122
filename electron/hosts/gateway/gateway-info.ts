import { VERSION } from '../../core/index.js';

/** What every instance of the gateway says of itself (the agent server, and the bridge when it answers alone). */
export const GATEWAY_INFO = { name: 'mcp-console-gateway', title: 'MCP Console (approval gateway)', version: VERSION };

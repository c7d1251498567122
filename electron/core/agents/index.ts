/** The approval gateway: agents and their tokens, the tools each may see, and their calls through the gate. */
export { AgentGateway, type AgentCallHooks, type AgentTool, type GatewayDeps } from './gateway.js';
export { AgentStore, TOKEN_PREFIX } from './agent-store.js';
export { agentToolName } from './tool-names.js';
export { agentResult, OUTCOME_META } from './agent-result.js';

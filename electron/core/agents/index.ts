/**
 * The approval gateway: agents and their tokens, the tools each may see, and their calls through the gate; the pins
 * (the definitions a person accepted), which decide what agents see and what the review compares.
 */
export { AgentGateway } from './gateway.js';
export type { AgentCallHooks, AgentTool, GatewayDeps } from './gateway-deps.js';
export { AgentStore, StoredAgents, TOKEN_PREFIX, type StoredAgent } from './agent-store.js';
export { agentToolName } from './tool-names.js';
export { agentResult, OUTCOME_META } from './agent-result.js';
export { ToolAcceptance, type AcceptanceDeps } from './tool-acceptance.js';
export { AcceptedTools, type AcceptedTool, type PinChange } from './accepted-tools.js';
export { agentHandlers } from './handlers.js';

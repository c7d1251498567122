import { z } from 'zod';
import { none } from './common.js';
import { AgentName, AgentView, GatewayInfo, NewAgent, PendingTool } from '../schemas/agent.js';
import { ServerId } from '../schemas/server.js';

/** The approval gateway's agents and the tools they may see. */
export const requests = {
  'agents.list': { input: none, output: z.array(AgentView) },
  'agents.add': {
    input: z.object({ name: AgentName, servers: z.array(ServerId).max(1000) }).strict(),
    output: NewAgent,
  },
  'agents.setServers': {
    input: z.object({ name: AgentName, servers: z.array(ServerId).max(1000) }).strict(),
    output: AgentView,
  },
  'agents.revoke': { input: z.object({ name: AgentName }).strict(), output: AgentView },
  'agents.pendingTools': { input: none, output: z.array(PendingTool) },
  'agents.acceptTools': {
    input: z
      .object({
        serverId: ServerId,
        tools: z
          .array(z.object({ tool: z.string(), fingerprint: z.string() }).strict())
          .min(1)
          .max(100_000),
      })
      .strict(),
    output: z.array(PendingTool),
  },
  'agents.gateway': { input: none, output: GatewayInfo },
} as const;

export const events = {
  'agents.changed': z.object({ agents: z.array(AgentView) }),
} as const;

import { z } from 'zod';
import { none } from './common.js';
import { AgentName, AgentView, GatewayInfo, GrantView, NewAgent, PendingTool } from '../schemas/agent.js';
import { ServerId } from '../schemas/server.js';
import { PolicyView } from '../schemas/policy.js';

/** The approval gateway's agents, the tools they may see and the grants people gave. */
export const requests = {
  'agents.list': { input: none, output: z.array(AgentView) },
  'agents.add': { input: z.object({ name: AgentName, servers: z.array(ServerId).max(1000) }).strict(), output: NewAgent },
  'agents.setServers': { input: z.object({ name: AgentName, servers: z.array(ServerId).max(1000) }).strict(), output: AgentView },
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
  'grants.list': { input: none, output: z.array(GrantView) },
  'grants.revoke': { input: z.object({ id: z.string().max(100) }).strict(), output: GrantView },
  /** The organisation's policy files and their rules, as applied now (read only: they are changed in the file). */
  'policy.get': { input: none, output: PolicyView },
} as const;

export const events = {
  'agents.changed': z.object({ agents: z.array(AgentView) }),
  'grants.changed': z.object({ grants: z.array(GrantView) }),
  'policy.changed': PolicyView,
} as const;

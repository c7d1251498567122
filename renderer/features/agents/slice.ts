import type { AgentView, GrantView } from '../../../shared/schemas/agent';
import type { Slice } from '../../store/slice';

/** The approval gateway as the page mirrors it: agents and every standing grant. */
export interface AgentsSlice {
  agents: AgentView[];
  grants: GrantView[];
  agentsChanged(agents: AgentView[]): void;
  grantsChanged(grants: GrantView[]): void;
}

export const agentsSlice: Slice<AgentsSlice> = (set) => ({
  agents: [],
  grants: [],
  agentsChanged: (agents) => set({ agents }),
  grantsChanged: (grants) => set({ grants }),
});

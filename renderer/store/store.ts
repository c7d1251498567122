import { create } from 'zustand';
import { approvalsSlice } from './slices/approvals';
import { auditSlice } from './slices/audit';
import { callsSlice } from './slices/calls';
import { catalogSlice } from './slices/catalog';
import { elicitationsSlice } from './slices/elicitations';
import { resourcesSlice } from './slices/resources';
import { serversSlice } from './slices/servers';
import type { ConsoleState } from './slices/types';
import { uiSlice } from './slices/ui';
import { agentsSlice } from './slices/agents';
import { authSlice } from './slices/auth';

export type { ConsoleState } from './slices/types';
export type { ToolMarks } from './slices/catalog';

/**
 * The page's one store, made of a slice per feature (servers, catalog, approvals, calls, audit, the
 * page's own state). It mirrors what the core says; the core owns the truth. Components select
 * narrowly: one field at a time, or `useShallow`.
 */
export const useConsole = create<ConsoleState>()((...a) => ({
  ...serversSlice(...a),
  ...catalogSlice(...a),
  ...approvalsSlice(...a),
  ...elicitationsSlice(...a),
  ...resourcesSlice(...a),
  ...callsSlice(...a),
  ...auditSlice(...a),
  ...uiSlice(...a),
  ...agentsSlice(...a),
  ...authSlice(...a),
}));

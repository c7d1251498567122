import { create } from 'zustand';
import { agentsSlice, type AgentsSlice } from '../features/agents/slice';
import { approvalsSlice, type ApprovalsSlice } from '../features/approvals/slice';
import { auditSlice, type AuditSlice } from '../features/audit/slice';
import { authSlice, type AuthSlice } from '../features/auth/slice';
import { callsSlice, type CallsSlice } from '../features/call/slice';
import { catalogSlice, type CatalogSlice } from '../features/catalog/slice';
import { elicitationsSlice, type ElicitationsSlice } from '../features/elicitation/slice';
import { resourcesSlice, type ResourcesSlice } from '../features/resources/slice';
import { serversSlice, type ServersSlice } from '../features/servers/slice';
import { uiSlice, type UiSlice } from './ui-slice';

export type { ToolMarks } from '../features/catalog/slice';

/** The whole page state: one store made of one slice per feature, each in that feature's folder. */
export type ConsoleState = ServersSlice &
  CatalogSlice &
  ApprovalsSlice &
  ElicitationsSlice &
  ResourcesSlice &
  CallsSlice &
  AuditSlice &
  UiSlice &
  AgentsSlice &
  AuthSlice;

/**
 * The page's one store, made of a slice per feature (servers, catalog, approvals, calls, audit, the
 * page's own state). It mirrors what the core says; the core owns the truth. Components select
 * narrowly: one field at a time, or `useShallow`.
 */
export const useConsole = create<ConsoleState>()((set, get) => ({
  ...serversSlice(set, get),
  ...catalogSlice(set, get),
  ...approvalsSlice(set, get),
  ...elicitationsSlice(set, get),
  ...resourcesSlice(set, get),
  ...callsSlice(set, get),
  ...auditSlice(set, get),
  ...uiSlice(set, get),
  ...agentsSlice(set, get),
  ...authSlice(set, get),
}));

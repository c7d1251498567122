import type { StateCreator } from 'zustand';
import type { ApprovalsSlice } from './approvals';
import type { AuditSlice } from './audit';
import type { CallsSlice } from './calls';
import type { CatalogSlice } from './catalog';
import type { ElicitationsSlice } from './elicitations';
import type { ResourcesSlice } from './resources';
import type { ServersSlice } from './servers';
import type { UiSlice } from './ui';
import type { AgentsSlice } from './agents';
import type { AuthSlice } from './auth';

/** The whole page state: one store made of one slice per feature. */
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

/** A slice's part of the store; it may read the whole state. */
export type Slice<T> = StateCreator<ConsoleState, [], [], T>;

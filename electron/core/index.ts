/**
 * The core's public surface: what the hosts (desktop shell, browser mode, command line, gateway)
 * may use. Everything else under electron/core is private to it (enforced by the layering check).
 */
export { ConsoleCore, type AgentDoor } from './console-core.js';
export type { CoreOptions } from './core-options.js';
export {
  auditAnchor,
  auditPublicKey,
  startCore,
  verifyAuditLog,
  type StartOptions,
  type StartedCore,
} from './start.js';
export { dispatch, type HandlerOptions, type Handlers } from './handlers.js';
export {
  answerClientError,
  CoreError,
  contentType,
  eventWindow,
  lineSplitter,
  LINE_MAX,
  FROZEN_EVENTS,
  listenLoopback,
  ownHosts,
  plainText,
  PEER_TIMEOUTS,
  processAlive,
  processStart,
  resolveDataDir,
  staticFile,
  VERSION,
  APP_ROOT,
  writeFileAtomic,
  type AnyListener,
  type EventWindow,
} from './support/index.js';
export {
  consentText,
  serverIdentity,
  terminalConsent,
  type ConsentProvider,
  type ConsentQuestion,
} from './config/index.js';
export type { AuditIo } from './audit/index.js';
export { AgentStore, TOKEN_PREFIX } from './agents/index.js';
export { boundTransport, CLIENT_INFO } from './servers/index.js';
export { keyFileBox, type KeyWrapper, type SecretBox } from './auth/index.js';
export { loadCollection, type CollectionRuns } from './collections/index.js';
export { readPolicyFile, managedPolicyPath, type PolicyPaths } from './policy/index.js';
export { re2 } from './support/index.js';
export { readPlacedBytes, readPlacedText } from './support/index.js';
export { Recorder, type RecordingSummary } from './trace/index.js';
export type { ViewListen } from './apps/index.js';
export {
  groupsOf,
  isLoopback,
  readTeamFile,
  rolesOf,
  TeamFileError,
  TeamStore,
  SharedSessions,
  storeName,
  teamAnchor,
  verifyTeamAudit,
  withTeamStore,
  type TeamService,
} from './team/index.js';

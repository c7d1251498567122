/** Small pieces every concern of the core uses: errors, the event bus, hashing, files. */
export { CoreError, toContractError } from './errors.js';
export { EventBus, type AnyListener } from './event-bus.js';
export { sha256, hashJson } from './hash.js';
export { RingBuffer } from './ring-buffer.js';
export { asciiJson, resolveDataDir, writeFileAtomic, writeTextInSteps } from './data-dir.js';
export { KeptDefs, readKept, type KeptIndex, type KeptSource, type KeptWritten } from './kept-list.js';
export { appendKeptDefs, writeKeptIndexSync, writeKeptInSteps, writeKeptSync } from './kept-write.js';
export { contentType, staticFile } from './static-files.js';
export { listenLoopback, ownHosts, PEER_TIMEOUTS, plainText, processAlive, processStart } from './loopback.js';
export { FetchGate, NotSent, TICKET_HEADER, ticketed, ticketedWire } from './call-ticket.js';
export { eventWindow, FROZEN_EVENTS, type EventWindow } from './event-window.js';
export { answerClientError } from './client-error.js';
export { interpose } from './interpose.js';
export { readCapped } from './read-capped.js';
export { lineSplitter, LINE_MAX } from './lines.js';
export {
  AUDIT_LOG_MAX,
  isMissing,
  PlacedFileError,
  PLACED_FILE_MAX,
  readPlacedBytes,
  readPlacedText,
} from './placed-file.js';
export { checkedLookup, isPublicAddress, refusedHost } from './public-address.js';
export { APP_ROOT, VERSION } from './version.js';
export { Port } from './port.js';
export { re2 } from './re2.js';
export { loadSdk, sdk, sdkIfLoaded, type McpSdk } from './mcp-sdk.js';

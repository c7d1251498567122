/**
 * A door for tests and benchmarks into a core's parts (hosts cannot import it: they see the core
 * through index.ts only). What a host needs is on ConsoleCore or in the contract.
 */
export { partsOf } from './console-core.js';
export type { CoreParts } from './compose.js';
/** The MCP SDK if the core has loaded it (it loads on a first connect, or when a front end opens). */
export { sdkIfLoaded } from './support/index.js';

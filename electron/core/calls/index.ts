/** Calls from request to outcome through the approval gate; schema checks under limits. */
export { CallManager } from './calls.js';
export { CallHistory, KEPT_CALLS } from './call-history.js';
export type { CallDeps, ServerFacts } from './call-deps.js';
export { argsVerdict, type ArgsVerdict } from './approval-request.js';
export { SchemaValidator, MAX_SCHEMA_BYTES, MAX_SCHEMA_DEPTH, MAX_PATTERN_LENGTH } from './schema-validator.js';
export { checkStructured, classify, summarise, blockSizes, wireJson } from './call-outcome.js';
export { callHandlers } from './handlers.js';
export type { Delivery, ResultScanMode } from './result-guard.js';
export { ResultScanner, SCAN_BUDGET_MS } from './result-scanner.js';

/** The audit log: hash-chained entries, written through one trail that also announces them. */
export { AuditLog, GENESIS, entryHash, type AuditIo } from './audit-log.js';
export type { AuditFields } from './audit-fields.js';
export { AuditTrail, type AuditMirror } from './audit-trail.js';
export { argsKeeper, keepArgsBeside } from './audit-args.js';
export { auditHandlers } from './handlers.js';
export { checkpointSigner, PUBLIC_KEY_FILE, signatureHolds, type CheckpointSigner } from './signing.js';
export { lineSealed, sealedLine } from './chain.js';
export { anchorFrom, checkAnchor, readAnchor, type Anchor } from './anchor.js';
export { AuditShipping, type ShipTargets, type TeamShipSource } from './shipping/audit-shipping.js';
export { abandoned } from './unfinished-calls.js';

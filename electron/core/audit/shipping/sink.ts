/** One audit entry on its way out: the line exactly as the log holds it, and what a receiver checks it by. */
export interface ShipItem {
  seq: number;
  kind: string;
  time: string;
  hash: string;
  prevHash: string;
  /** The entry's line in the log (its JSON, `hash` last): a receiver recomputes the chain from it. */
  line: string;
  /** Set on the signed checkpoint shipped after the entries it covers: an anchor (`audit verify --anchor`). */
  anchor?: true;
}

/**
 * A receiver of the audit trail (syslog, OpenTelemetry). `send` resolves once the items are as
 * delivered as the protocol can say (a response for OTLP; for syslog, written and the connection
 * still up a moment later) and rejects when they may not have been: the shipper then sends them again.
 */
export interface Sink {
  /** How the target is named to the person (no secret in it). */
  readonly target: string;
  /** The receiver acknowledges what it took (RELP, OTLP); plain syslog over TCP or TLS cannot say. */
  readonly acknowledged: boolean;
  send(items: readonly ShipItem[]): Promise<void>;
  close(): void;
}

/**
 * The entries a receiver is told about as warnings (syslog severity 4, OTLP WARN): what was refused, failed or left
 * undone.
 */
const WARNING_KINDS = new Set([
  'denied',
  'expired',
  'failed',
  'abandoned',
  'internal-error',
  'policy-problem',
  'grant-voided',
  'policy-rule-voided',
  'connect-failed',
  'shipping',
]);

/** True for an entry a receiver should see as a warning. */
export const isWarning = (kind: string): boolean => WARNING_KINDS.has(kind);

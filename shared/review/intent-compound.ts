// English words written with hyphens, told apart from tools' names (intent-text.ts, isToolName).

/**
 * English written with hyphens, not a tool's name: "third-party", "step-by-step", "read-only", "non-critical",
 * "self-hosted". A name with an underscore or a digit is never one.
 */
const COMPOUND_PREFIX = /^(?:non|self|multi|pre|re|co|sub|cross|well|semi|anti|post|over|under|half|full|all|one|two)-/;
const COMPOUND_PART =
  /-(?:by|to|of|in|on|up|out|off|based|like|only|wide|side|level|time|party|term|free|safe|friendly|facing)(?:-|$)/;
const COMPOUNDS = new Set(
  `third-party first-party end-user end-users real-time built-in opt-in opt-out sign-in log-in e-mail follow-up
  open-source long-running high-level low-level up-to-date user-defined human-readable machine-readable
  case-sensitive case-insensitive read-write month-to-month year-over-year per-service per-user`.split(/\s+/),
);
export const englishCompound = (raw: string): boolean =>
  !/[_\d]/.test(raw) && (COMPOUNDS.has(raw) || COMPOUND_PREFIX.test(raw) || COMPOUND_PART.test(raw));

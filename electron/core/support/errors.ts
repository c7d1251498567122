/** The longest error message that crosses to a front end or an agent; a longer one keeps its start and end. */
export const MAX_ERROR_CHARS = 1000;

/**
 * A message cut in its middle when it is over MAX_ERROR_CHARS: names a peer sent (a 100,000-character
 * tool name) are never echoed back whole, and the end of the sentence stays readable.
 */
export function clipMiddle(message: string, max = MAX_ERROR_CHARS): string {
  if (message.length <= max) return message;
  const cut = message.length - max + 60;
  return `${message.slice(0, Math.floor(max * 0.6))}… (${cut.toLocaleString('en-US')} characters left out) …${message.slice(message.length - Math.floor(max * 0.4) + 60)}`;
}

/** An error that crosses the contract as `{ code, message }`. */
export class CoreError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(clipMiddle(message));
  }
}

/** The `{ code, message }` form of any error: never a stack, never a message longer than MAX_ERROR_CHARS. */
export function toContractError(e: unknown): { code: string; message: string } {
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err?.code === 'string' ? err.code.slice(0, 100) : 'internal';
  const message = typeof err?.message === 'string' ? err.message : String(e);
  return { code, message: clipMiddle(message) };
}

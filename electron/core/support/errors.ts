import { clipMiddle } from '../../../shared/boundary.js';
/** The longest error message that crosses to a front end or an agent; a longer one keeps its start and end. */
export const MAX_ERROR_CHARS = 1000;

/** An error that crosses the contract as `{ code, message }`. */
export class CoreError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(clipMiddle(message, MAX_ERROR_CHARS));
  }
}

/** The `{ code, message }` form of any error: never a stack, never a message longer than MAX_ERROR_CHARS. */
export function toContractError(e: unknown): { code: string; message: string } {
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err?.code === 'string' ? err.code.slice(0, 100) : 'internal';
  const message = typeof err?.message === 'string' ? err.message : String(e);
  return { code, message: clipMiddle(message, MAX_ERROR_CHARS) };
}

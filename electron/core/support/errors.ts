/** An error that crosses the contract as `{ code, message }`. */
export class CoreError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The `{ code, message }` form of any error: never a stack. */
export function toContractError(e: unknown): { code: string; message: string } {
  const err = e as { code?: unknown; message?: unknown };
  const code = typeof err?.code === 'string' ? err.code : 'internal';
  const message = typeof err?.message === 'string' ? err.message : String(e);
  return { code, message };
}

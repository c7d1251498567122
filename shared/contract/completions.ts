import { CompleteInput, Completion } from '../schemas/completion.js';

/** Completions a server offers for a prompt's or a resource template's arguments. */
export const requests = {
  'completions.complete': { input: CompleteInput, output: Completion },
} as const;

export const events = {} as const;

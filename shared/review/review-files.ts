import type { z } from 'zod';
import { parseMeasured, RefusedError } from '../boundary.js';
import { Baseline, PinFile } from '../schemas/review.js';

/*
 * The files a person gives the review (a baseline, a pins file), read and checked against their
 * schemas. Apart from the logic that uses them (baseline.ts, pins.ts) because they need zod, which
 * the review's worker does not otherwise load: loading it there left the serving process holding
 * memory after every review.
 */

/** JSON text within the file limits, checked against `schema`; each error says what is wrong in words. */
function parseChecked<T>(text: string, what: string, schema: z.ZodType<T>, needs = ''): T {
  let data: unknown;
  try {
    data = parseMeasured(text, what);
  } catch (e) {
    if (e instanceof RefusedError) throw e;
    throw new Error(`${what} is not JSON: ${(e as Error).message}`, { cause: e });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${what} is not valid at ${issue?.path.join('.') || 'its root'}: ${issue?.message ?? 'invalid'}${needs}`,
    );
  }
  return parsed.data;
}

/** Parses a pins file. */
export const parsePins = (text: string): PinFile => parseChecked(text, 'the pins file', PinFile);

/** Parses a baseline file. */
export const parseBaseline = (text: string): Baseline =>
  parseChecked(
    text,
    'the baseline',
    Baseline,
    ' (each suppression needs rule, server, kind, subject, path, match and a reason)',
  );

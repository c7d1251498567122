import { parseMeasured, RefusedError } from '../boundary.js';
import { Baseline, PinFile } from '../schemas/review.js';

/*
 * The files a person gives the review (a baseline, a pins file), read and checked against their
 * schemas. Apart from the logic that uses them (baseline.ts, pins.ts) because they need zod, which
 * the review's worker does not otherwise load: loading it there left the serving process holding
 * memory after every review.
 */

/** Parses a pins file; the error says what is wrong in words. */
export function parsePins(text: string): PinFile {
  let data: unknown;
  try {
    data = parseMeasured(text, 'the pins file');
  } catch (e) {
    if (e instanceof RefusedError) throw e;
    throw new Error(`the pins file is not JSON: ${(e as Error).message}`, { cause: e });
  }
  const parsed = PinFile.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`the pins file is not valid at ${issue?.path.join('.') || 'its root'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/** Parses a baseline file; the error says what is wrong in words. */
export function parseBaseline(text: string): Baseline {
  let data: unknown;
  try {
    data = parseMeasured(text, 'the baseline');
  } catch (e) {
    if (e instanceof RefusedError) throw e;
    throw new Error(`the baseline is not JSON: ${(e as Error).message}`, { cause: e });
  }
  const parsed = Baseline.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `the baseline is not valid at ${issue?.path.join('.') || 'its root'}: ${issue?.message ?? 'invalid'} (each suppression needs rule, server, kind, subject, path, match and a reason)`,
    );
  }
  return parsed.data;
}

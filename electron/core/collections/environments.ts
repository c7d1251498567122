import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseMeasured } from '../../../shared/boundary.js';
import { parseEnvironment, variantOf } from '../../../shared/collections/environment.js';
import type { Collection } from '../../../shared/schemas/collection.js';
import { CoreError, readPlacedText } from '../support/index.js';

/** An environment's file beside its collection: `NAME.env.json`. */
const SUFFIX = '.env.json';
/** The most environments one folder offers. */
const MAX_ENVIRONMENTS = 100;
export const ENV_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;

/** The environments beside a collection file (its folder's `NAME.env.json`), by name, sorted. */
export function environmentsBeside(collectionPath: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dirname(collectionPath));
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith(SUFFIX) && ENV_NAME.test(n.slice(0, -SUFFIX.length)))
    .map((n) => n.slice(0, -SUFFIX.length))
    .sort()
    .slice(0, MAX_ENVIRONMENTS);
}

/**
 * The collection with the variables of its environment `name` put in (as `mcp-console test --env NAME` does), named
 * `NAME [ENV]`, checked again; a variable the environment does not give is an error naming it.
 */
export function inEnvironment(collectionPath: string, c: Collection, name: string): Collection {
  if (!ENV_NAME.test(name))
    throw new CoreError('bad-environment', `${JSON.stringify(name)} is not an environment's name`);
  const file = join(dirname(collectionPath), name + SUFFIX);
  let vars;
  try {
    vars = parseEnvironment(parseMeasured(readPlacedText(file, `the environment ${name}`), file), file).vars;
    return variantOf(c, vars, `the environment ${name}`, name);
  } catch (e) {
    throw new CoreError('bad-environment', (e as Error).message);
  }
}

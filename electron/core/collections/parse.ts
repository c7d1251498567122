import { readPlacedText, CoreError } from '../support/index.js';
import { duplicateKey } from '../../../shared/boundary.js';
import { Collection } from '../../../shared/schemas/collection.js';
import { nestedDeeperThan } from '../../../shared/json-depth.js';

/** The most a collection file may weigh: snapshots of large results included. */
export const MAX_COLLECTION_BYTES = 20 * 1_048_576;

/** A collection from a file's text, or a CoreError saying where it is wrong (never quoting the text). */
export function parseCollection(text: string, where: string): Collection {
  if (text.length > MAX_COLLECTION_BYTES)
    throw new CoreError('bad-collection', `${where}: larger than ${MAX_COLLECTION_BYTES / 1_048_576} MB`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CoreError(
      'bad-collection',
      `${where}: not JSON (${(e as Error).message.replace(/"[^"]*"/g, '…').slice(0, 200)})`,
    );
  }
  if (nestedDeeperThan(json, 200)) throw new CoreError('bad-collection', `${where}: nested deeper than 200 levels`);
  // A key given twice keeps only its last value: a second "steps" would drop every step of the first.
  const twice = duplicateKey(text);
  if (twice)
    throw new CoreError(
      'bad-collection',
      `${where}: the key ${JSON.stringify(twice.key)} appears twice in one object (line ${twice.line})`,
    );
  const r = Collection.safeParse(json);
  if (!r.success) {
    const issues = r.error.issues
      .slice(0, 8)
      .map((i) => `${i.path.length ? '/' + i.path.join('/') : '(top)'}: ${i.message}`);
    throw new CoreError(
      'bad-collection',
      `${where}: not a valid collection: ${issues.join('; ')}${r.error.issues.length > 8 ? '; …' : ''}`,
    );
  }
  return r.data;
}

/** Reads a collection file named on a command line (any path: the person named it). */
export function loadCollection(path: string): Collection {
  let text: string;
  try {
    text = readPlacedText(path, 'the collection', MAX_COLLECTION_BYTES);
  } catch (e) {
    // The door's refusal already names the file and why (a FIFO, a device, too large, a link loop).
    throw new CoreError('bad-collection', (e as Error).message);
  }
  return parseCollection(text, path);
}

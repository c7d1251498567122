import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseMeasured } from '../../../shared/boundary.js';
import {
  bareVariables,
  parseEnvironment,
  parseRows,
  variantOf,
  type Vars,
} from '../../../shared/collections/environment.js';
import { TemplateError } from '../../../shared/collections/template.js';
import type { Collection } from '../../../shared/schemas/collection.js';
import { readPlacedText } from '../../core/index.js';
import { str, UsageError, type ParsedArgs } from './args.js';

/** One run of a collection: its variables put in, named for the report (`Notes [staging row 2]`). */
export interface Variant {
  collection: Collection;
  /** What the run's variables came from, for errors and the report; empty without --env or --data. */
  label: string;
}

/** `--env NAME|FILE`: a file, or NAME.env.json beside the collection. */
function envFile(spec: string, collectionPath: string): string {
  if (existsSync(spec)) return spec;
  const beside = join(dirname(collectionPath), `${spec}.env.json`);
  if (existsSync(beside)) return beside;
  throw new UsageError(`--env ${spec}: no such file, nor ${beside}`);
}

/**
 * The runs `test` makes of one collection: one, with the environment's variables (`--env`), or one per row of the data
 * file (`--data`, a row's values over the environment's). Each is checked against the collection's schema again once
 * its variables are in (a server's name, say, must still be one). A variable no file gives is an error naming it.
 */
export function variantsOf(path: string, c: Collection, args: ParsedArgs, warn: (line: string) => void): Variant[] {
  const envSpec = str(args, 'env');
  const dataFile = str(args, 'data');
  const names = bareVariables(c);
  if (!envSpec && !dataFile) {
    if (names.length)
      throw new UsageError(
        `${path} uses ${names.map((n) => `{{${n}}}`).join(', ')}: choose an environment (--env NAME|FILE) or a data file (--data FILE)`,
      );
    return [{ collection: c, label: '' }];
  }
  let env: Vars = {};
  let envName = '';
  if (envSpec) {
    const file = envFile(envSpec, path);
    const parsed = parseEnvironment(parseMeasured(readPlacedText(file, `--env ${file}`), file), file);
    for (const w of parsed.warnings) warn(w);
    env = parsed.vars;
    envName = basename(file).replace(/\.env\.json$|\.json$/i, '');
  }
  const rows: Array<Vars | null> = dataFile
    ? parseRows(readPlacedText(dataFile, `--data ${dataFile}`), dataFile)
    : [null];
  return rows.map((row, i) => {
    const label = [envName, row ? `row ${i + 1}` : ''].filter(Boolean).join(' ');
    const where = [envSpec && `the environment ${envName}`, row && `row ${i + 1} of ${dataFile}`]
      .filter(Boolean)
      .join(' or ');
    try {
      return { collection: variantOf(c, { ...env, ...(row ?? {}) }, where, label), label };
    } catch (e) {
      // A variable nothing gives is the template's error, as it stands; a schema error says which file.
      if (e instanceof TemplateError) throw e;
      throw new UsageError(`${path} ${(e as Error).message}`);
    }
  });
}

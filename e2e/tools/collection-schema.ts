/**
 * Writes the published JSON Schemas from the zod schemas: `shared/schemas/collection.schema.json`
 * `policy.schema.json` and `recording.schema.json` (`node out/node/e2e/tools/collection-schema.js`), formatted as the
 * repository's Prettier settings want them (`npm run format:check` reads them too).
 */
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { fileURLToPath } from 'node:url';
import { collectionJsonSchema } from '../../shared/schemas/collection.js';
import { policyJsonSchema } from '../../shared/schemas/policy.js';
import { recordingJsonSchema } from '../../shared/schemas/recording.js';

for (const [name, schema] of [
  ['collection', collectionJsonSchema()],
  ['policy', policyJsonSchema()],
  ['recording', recordingJsonSchema()],
] as const) {
  const target = fileURLToPath(new URL(`../../../../shared/schemas/${name}.schema.json`, import.meta.url));
  const options = { ...(await resolveConfig(target)), filepath: target };
  writeFileSync(target, await format(JSON.stringify(schema, null, 2), options));
  process.stdout.write(`wrote ${target}\n`);
}

/**
 * Writes the published JSON Schemas from the zod schemas: `shared/schemas/collection.schema.json`
 * `policy.schema.json` and `recording.schema.json` (`node out/node/e2e/tools/collection-schema.js`).
 */
import { writeFileSync } from 'node:fs';
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
  writeFileSync(target, JSON.stringify(schema, null, 2) + '\n');
  process.stdout.write(`wrote ${target}\n`);
}

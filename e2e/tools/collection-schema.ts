/** Writes `shared/schemas/collection.schema.json` from the zod schemas (`node out/node/e2e/tools/collection-schema.js`). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { collectionJsonSchema } from '../../shared/schemas/collection.js';

const target = fileURLToPath(new URL('../../../../shared/schemas/collection.schema.json', import.meta.url));
writeFileSync(target, JSON.stringify(collectionJsonSchema(), null, 2) + '\n');
process.stdout.write(`wrote ${target}\n`);

import type { ElicitationContent } from '../../../shared/schemas/elicitation.js';
import type { SchemaValidator } from '../calls/index.js';

/** What is wrong with accepted content, against the schema the server asked with (empty when it fits). */
export function checkProblems(validator: SchemaValidator, schema: Record<string, unknown>, content: ElicitationContent): string[] {
  const c = validator.check(schema, content);
  if (c.ok === true) return [];
  if (c.ok === 'unchecked') return [`the requested schema could not be checked (${c.reason})`];
  return c.errors.map((e) => `${e.path || '(the answer)'} ${e.message}`);
}

import type { ElicitationContent } from '../../../shared/schemas/elicitation.js';
import type { ValidationError } from '../../../shared/schemas/call.js';

/** What checking needs of a validator (the calls concern's SchemaValidator). */
export interface ContentChecker {
  check(schema: unknown, value: unknown): { ok: true } | { ok: false; errors: ValidationError[] } | { ok: 'unchecked'; reason: string };
}

/** What is wrong with accepted content, against the schema the server asked with (empty when it fits). */
export function checkProblems(validator: ContentChecker, schema: Record<string, unknown>, content: ElicitationContent): string[] {
  const c = validator.check(schema, content);
  if (c.ok === true) return [];
  if (c.ok === 'unchecked') return [`the requested schema could not be checked (${c.reason})`];
  return c.errors.map((e) => `${e.path || '(the answer)'} ${e.message}`);
}

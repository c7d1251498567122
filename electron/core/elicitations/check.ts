import type { ElicitationContent } from '../../../shared/schemas/elicitation.js';
import type { ValidationError } from '../../../shared/schemas/call.js';

/** What checking needs of a validator (the calls concern's SchemaValidator). */
export interface ContentChecker {
  check(
    schema: unknown,
    value: unknown,
  ): { ok: true } | { ok: false; errors: ValidationError[] } | { ok: 'unchecked'; reason: string };
}

/**
 * What is wrong with accepted content, against the schema the server asked with (empty when it
 * fits), in the person's words: a question's schema is flat (one level of properties), so each
 * problem names the field as the form shows it — its title, and its key when that differs.
 */
export function checkProblems(
  validator: ContentChecker,
  schema: Record<string, unknown>,
  content: ElicitationContent,
): string[] {
  const c = validator.check(schema, content);
  if (c.ok === true) return [];
  if (c.ok === 'unchecked') return [`the requested schema could not be checked (${c.reason})`];
  const props = (schema.properties ?? {}) as Record<string, { title?: unknown } | undefined>;
  const field = (key: string) => {
    const title = props[key]?.title;
    return typeof title === 'string' && title.trim() && title !== key ? `"${title}" (${key})` : `"${key}"`;
  };
  return c.errors.map((e) => {
    const missing = /^must have required property '(.+)'$/.exec(e.message);
    if (missing && (e.path === '/' || e.path === '')) return `${field(missing[1]!)} is required`;
    const key = e.path.split('/')[1];
    if (key !== undefined && Object.hasOwn(props, key)) return `${field(key)} ${e.message}`;
    return `${e.path || '(the answer)'} ${e.message}`;
  });
}

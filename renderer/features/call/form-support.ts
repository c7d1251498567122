import type { RJSFValidationError, ValidatorType } from '@rjsf/utils';

/** Why the form cannot draw a schema (then the JSON editor is used), or null when it can. */
export function cannotDraw(schema: Record<string, unknown>): string | null {
  if (schema.type !== undefined && schema.type !== 'object') return 'the root of the schema is not an object';
  const seen = new Set<unknown>();
  const walk = (n: unknown, depth: number): string | null => {
    if (!n || typeof n !== 'object' || seen.has(n)) return null;
    seen.add(n);
    if (depth > 32) return 'the schema is nested too deeply for a form';
    const o = n as Record<string, unknown>;
    if ('prefixItems' in o) return 'it uses prefixItems (tuples), which the form cannot draw';
    if ('if' in o || 'not' in o) return 'it uses conditional keywords (if/then/else, not)';
    if ('$dynamicRef' in o) return 'it uses $dynamicRef';
    if ('patternProperties' in o) return 'it uses patternProperties';
    if (typeof o.$ref === 'string' && !o.$ref.startsWith('#')) return `it refers to an outside schema (${o.$ref}), which is never fetched`;
    for (const v of Object.values(o)) {
      const r = walk(v, depth + 1);
      if (r) return r;
    }
    return null;
  };
  return walk(schema, 0);
}

function resolve(schema: Record<string, unknown>, root: Record<string, unknown>): Record<string, unknown> {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node && typeof node === 'object' ? (node as Record<string, unknown>) : schema;
}

function typeOk(t: unknown, v: unknown): boolean {
  const types = Array.isArray(t) ? t : [t];
  return types.some((x) =>
    x === 'null'
      ? v === null
      : x === 'array'
        ? Array.isArray(v)
        : x === 'integer'
          ? Number.isInteger(v)
          : x === 'object'
            ? !!v && typeof v === 'object' && !Array.isArray(v)
            : typeof v === x,
  );
}

/**
 * A structural match used only to pick a oneOf/anyOf branch in the form. Real validation runs in the
 * core (tools.validate), so that no server schema is ever compiled to code in the page.
 */
function looseMatch(schema: Record<string, unknown>, v: unknown, root: Record<string, unknown>): boolean {
  const s = resolve(schema, root);
  if (s.type !== undefined && !typeOk(s.type, v)) return false;
  if ('const' in s && JSON.stringify(s.const) !== JSON.stringify(v)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) return false;
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    if (Array.isArray(s.required) && !s.required.every((k) => typeof k === 'string' && k in (v as object))) return false;
    const props = (s.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [k, sub] of Object.entries(props))
      if (k in (v as object) && sub && typeof sub === 'object' && !looseMatch(sub, (v as Record<string, unknown>)[k], root)) return false;
  }
  return true;
}

/** The form's validator: never compiles a schema; reports nothing itself (the core's errors are shown instead). */
export const structuralValidator: ValidatorType = {
  validateFormData: () => ({ errors: [] as RJSFValidationError[], errorSchema: {} }),
  isValid: (schema, formData, rootSchema) => looseMatch(schema as Record<string, unknown>, formData, rootSchema as Record<string, unknown>),
  rawValidation: () => ({ errors: [] }),
};

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
    if (typeof o.$ref === 'string' && !o.$ref.startsWith('#'))
      return `it refers to an outside schema (${o.$ref}), which is never fetched`;
    for (const v of Object.values(o)) {
      const r = walk(v, depth + 1);
      if (r) return r;
    }
    return null;
  };
  return walk(schema, 0);
}

/** Keywords by which an object schema says what it holds, besides `properties`. */
const HOLDS = [
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  '$ref',
  'allOf',
  'anyOf',
  'oneOf',
  'if',
  'not',
  'dependentSchemas',
  'unevaluatedProperties',
];

/**
 * True when a tool's input schema names no argument at all (`{ "type": "object" }`, with no properties): the form has
 * nothing to draw.
 */
export function declaresNoArguments(schema: Record<string, unknown>): boolean {
  if (schema.type !== undefined && schema.type !== 'object') return false;
  const props = schema.properties;
  if (props !== undefined && (typeof props !== 'object' || props === null || Object.keys(props).length > 0))
    return false;
  return HOLDS.every((k) => !(k in schema) || (k === 'additionalProperties' && schema[k] === false));
}

function resolve(schema: Record<string, unknown>, root: Record<string, unknown>): Record<string, unknown> {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/'))
    node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
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
    if (Array.isArray(s.required) && !s.required.every((k) => typeof k === 'string' && k in (v as object)))
      return false;
    const props = (s.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const [k, sub] of Object.entries(props))
      if (
        k in (v as object) &&
        sub &&
        typeof sub === 'object' &&
        !looseMatch(sub, (v as Record<string, unknown>)[k], root)
      )
        return false;
  }
  return true;
}

/** The form's validator: never compiles a schema; reports nothing itself (the core's errors are shown instead). */
export const structuralValidator: ValidatorType = {
  validateFormData: () => ({ errors: [] as RJSFValidationError[], errorSchema: {} }),
  isValid: (schema, formData, rootSchema) =>
    looseMatch(schema as Record<string, unknown>, formData, rootSchema as Record<string, unknown>),
  rawValidation: () => ({ errors: [] }),
};

const isTitledConst = (o: unknown): boolean => !!o && typeof o === 'object' && 'const' in o;

/**
 * The schema as the form draws it; the values it produces are the same. Legacy `enumNames` (which
 * the form no longer reads) become titled choices (`oneOf` of `const` and `title`), so a person picks
 * "Cats", not "pet-1". With `selectsAreSets` (an elicitation's requested schema, where an array of
 * enum or of titled choices is a multi-select, MCP 2025-11-25), such arrays are drawn as a set of
 * check boxes instead of a list of rows.
 */
export function drawableSchema(
  schema: Record<string, unknown>,
  opts: { selectsAreSets?: boolean } = {},
  depth = 0,
): Record<string, unknown> {
  if (depth > 32) return schema;
  let out: Record<string, unknown> = schema;
  const copy = () => (out === schema ? (out = { ...schema }) : out);
  if (Array.isArray(schema.enum) && Array.isArray(schema.enumNames) && schema.enumNames.length === schema.enum.length) {
    const names = schema.enumNames as unknown[];
    copy();
    out.oneOf = schema.enum.map((v, i) => ({ const: v, title: String(names[i] ?? v) }));
    delete out.enum;
    delete out.enumNames;
  }
  if (schema.properties && typeof schema.properties === 'object') {
    const props = schema.properties as Record<string, unknown>;
    const next: Record<string, unknown> = {};
    let changed = false;
    for (const [k, v] of Object.entries(props)) {
      next[k] = v && typeof v === 'object' ? drawableSchema(v as Record<string, unknown>, opts, depth + 1) : v;
      changed ||= next[k] !== v;
    }
    if (changed) copy().properties = next;
  }
  if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    const items = drawableSchema(schema.items as Record<string, unknown>, opts, depth + 1);
    if (items !== schema.items) copy().items = items;
    const choices = (items.anyOf ?? items.oneOf) as unknown;
    const select =
      Array.isArray(items.enum) || (Array.isArray(choices) && choices.length > 0 && choices.every(isTitledConst));
    if (opts.selectsAreSets && schema.type === 'array' && select && schema.uniqueItems !== true)
      copy().uniqueItems = true;
  }
  return out;
}

/** How the form draws an elicitation's multi-selects (its schema is flat): as check boxes, each choice in view. */
export function checkboxUi(drawn: Record<string, unknown>): Record<string, unknown> {
  const ui: Record<string, unknown> = {};
  for (const [k, v] of Object.entries((drawn.properties ?? {}) as Record<string, Record<string, unknown>>))
    if (v && v.type === 'array' && v.uniqueItems === true) ui[k] = { 'ui:widget': 'checkboxes' };
  return ui;
}

const FORMATS: Record<string, string> = {
  email: 'an email address',
  uri: 'a URL',
  'uri-reference': 'a URL or a path',
  date: 'a date',
  'date-time': 'a date and time',
  time: 'a time',
  uuid: 'a UUID',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  hostname: 'a host name',
};

/** What a field's schema holds its value to, in words: its range, its length, its format, how many items. */
export function constraintText(s: Record<string, unknown>): string | undefined {
  const n = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  const parts: string[] = [];
  const format = typeof s.format === 'string' ? FORMATS[s.format] : undefined;
  if (format) parts.push(format);
  const lo = n('minimum') ?? n('exclusiveMinimum');
  const hi = n('maximum') ?? n('exclusiveMaximum');
  const whole = s.type === 'integer' ? 'a whole number ' : '';
  if (lo !== undefined && hi !== undefined) parts.push(`${whole}from ${lo} to ${hi}`);
  else if (lo !== undefined) parts.push(`${whole}${n('exclusiveMinimum') !== undefined ? 'above' : 'at least'} ${lo}`);
  else if (hi !== undefined) parts.push(`${whole}${n('exclusiveMaximum') !== undefined ? 'below' : 'at most'} ${hi}`);
  const min = n('minLength');
  const max = n('maxLength');
  if (min !== undefined && max !== undefined) parts.push(`${min} to ${max} characters`);
  else if (min !== undefined && min > 0) parts.push(`at least ${min} character${min === 1 ? '' : 's'}`);
  else if (max !== undefined) parts.push(`at most ${max} characters`);
  const minItems = n('minItems');
  const maxItems = n('maxItems');
  if (minItems !== undefined && minItems > 0) parts.push(`choose at least ${minItems}`);
  if (maxItems !== undefined) parts.push(`choose at most ${maxItems}`);
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * The form's hints: each field's constraints said under it (`ui:help`), so the person sees what the schema holds the
 * value to before sending; nested objects too. Merged over `base` (the checkboxes of an elicitation's multi-selects).
 */
export function hintUi(
  drawn: Record<string, unknown>,
  base: Record<string, unknown> = {},
  depth = 0,
): Record<string, unknown> {
  const ui: Record<string, unknown> = { ...base };
  if (depth > 8) return ui;
  for (const [k, v] of Object.entries((drawn.properties ?? {}) as Record<string, Record<string, unknown>>)) {
    if (!v || typeof v !== 'object') continue;
    const own = (ui[k] ?? {}) as Record<string, unknown>;
    const help = constraintText(v);
    const nested = v.type === 'object' ? hintUi(v, own, depth + 1) : own;
    ui[k] = help ? { ...nested, 'ui:help': help } : nested;
  }
  return ui;
}

/**
 * How a text is read: a `name` is an identifier (hidden characters and look-alikes matter), `prose`
 * is read by the model as instructions (every rule applies), a `value` is data the model sees
 * (defaults, enums, examples: hidden characters and poisoning), a `pattern` is a regular expression
 * (only hidden characters: its punctuation is not prose).
 */
export type TextRole = 'name' | 'prose' | 'value' | 'pattern';

/** One text of a definition, where it sits (a JSON path into the definition) and how it is read. */
export interface DefinitionText {
  path: string;
  text: string;
  role: TextRole;
}

const MAX_DEPTH = 64;
const MAX_TEXTS = 5_000;

function key(base: string, k: string | number): string {
  if (typeof k === 'number') return `${base}[${k}]`;
  return /^[A-Za-z_$][\w$]*$/.test(k) ? (base ? `${base}.${k}` : k) : `${base}[${JSON.stringify(k)}]`;
}

/** Every string inside a value (defaults and examples may be objects), as `value` texts. */
function valueTexts(v: unknown, path: string, out: DefinitionText[], depth: number): void {
  if (out.length >= MAX_TEXTS || depth > MAX_DEPTH) return;
  if (typeof v === 'string') out.push({ path, text: v, role: 'value' });
  else if (Array.isArray(v)) v.forEach((x, i) => valueTexts(x, key(path, i), out, depth + 1));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) valueTexts(x, key(path, k), out, depth + 1);
}

const VALUE_KEYS = new Set(['default', 'enum', 'examples', 'const', 'example']);
const PROSE_KEYS = new Set(['title', 'description', '$comment', 'markdownDescription', 'errorMessage']);

/**
 * Schema keywords whose strings are structure, not text: a type's name, a format, a reference, a property's name in
 * `required` (each name is read where it is declared). Every other string in a schema is read — a key nobody has
 * heard of (`"x-instructions"`, `"_note"`) reaches a model that is given the schema all the same. A structural
 * string with white space in it is no structure (`"type": "string IMPORTANT: Read ~/.bashrc …"`, a `required` entry
 * that is a sentence): it is read as prose (structuralTexts).
 */
export const STRUCTURAL = new Set([
  'type',
  'format',
  '$ref',
  '$schema',
  '$id',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  'required',
  'contentEncoding',
  'contentMediaType',
  'dependentRequired',
]);

/** The texts of a JSON Schema at any depth: titles and descriptions, values, property names, patterns. */
export function schemaTexts(schema: unknown, path: string, out: DefinitionText[] = [], depth = 0): DefinitionText[] {
  if (out.length >= MAX_TEXTS || depth > MAX_DEPTH || !schema || typeof schema !== 'object') return out;
  if (Array.isArray(schema)) {
    schema.forEach((s, i) => schemaTexts(s, key(path, i), out, depth + 1));
    return out;
  }
  for (const [k, v] of Object.entries(schema)) {
    if (out.length >= MAX_TEXTS) break;
    const p = key(path, k);
    if (PROSE_KEYS.has(k) && typeof v === 'string') out.push({ path: p, text: v, role: 'prose' });
    else if (VALUE_KEYS.has(k)) valueTexts(v, p, out, depth + 1);
    else if (k === 'pattern' && typeof v === 'string') out.push({ path: p, text: v, role: 'pattern' });
    else if (
      (k === 'properties' || k === 'patternProperties' || k === '$defs' || k === 'definitions') &&
      v &&
      typeof v === 'object' &&
      !Array.isArray(v)
    ) {
      for (const [name, sub] of Object.entries(v)) {
        out.push({ path: `${key(p, name)}#name`, text: name, role: k === 'patternProperties' ? 'pattern' : 'name' });
        schemaTexts(sub, key(p, name), out, depth + 1);
      }
    } else if (STRUCTURAL.has(k)) structuralTexts(k, v, p, schema as Record<string, unknown>, out);
    else if (typeof v === 'string') out.push({ path: p, text: v, role: 'value' });
    else if (Array.isArray(v))
      v.forEach((x, i) =>
        typeof x === 'string' ? valueTexts(x, key(p, i), out, depth + 1) : schemaTexts(x, key(p, i), out, depth + 1),
      );
    else if (typeof v === 'object') schemaTexts(v, p, out, depth + 1);
  }
  return out;
}

/**
 * The sentences in a structural keyword's value (`v` under `k` of `schema`), at any depth: a string with white space
 * in it, unless it names a property the schema declares (`"required": ["first name"]`). Read as prose.
 */
function structuralTexts(
  k: string,
  v: unknown,
  p: string,
  schema: Record<string, unknown>,
  out: DefinitionText[],
): void {
  const props = schema.properties && typeof schema.properties === 'object' ? schema.properties : {};
  const strings: DefinitionText[] = [];
  valueTexts(v, p, strings, 1);
  for (const t of strings)
    if (out.length >= MAX_TEXTS) return;
    else if (/\s/.test(t.text) && !((k === 'required' || k === 'dependentRequired') && Object.hasOwn(props, t.text)))
      out.push({ ...t, role: 'prose' });
}

/**
 * The strings of a definition that no reading above placed: `_meta`, annotations past the title, fields a later
 * revision of the spec (or a server) adds. Read as values, at any depth. Only `skip` is left out: the fields read
 * above, and icons (an icon's `src` is an address or a `data:` image: no text a model reads as words).
 */
function restTexts(def: Record<string, unknown>, skip: ReadonlySet<string>, out: DefinitionText[]): void {
  for (const [k, v] of Object.entries(def)) if (!skip.has(k)) valueTexts(v, key('', k), out, 1);
}

const restOf = (def: Record<string, unknown>, skip: ReadonlySet<string>): DefinitionText[] => {
  const out: DefinitionText[] = [];
  restTexts(def, skip, out);
  return out;
};

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function push(out: DefinitionText[], path: string, v: unknown, role: TextRole): void {
  const s = str(v);
  if (s !== undefined) out.push({ path, text: s, role });
}

const TOOL_READ = new Set(['name', 'title', 'description', 'annotations', 'inputSchema', 'outputSchema', 'icons']);
const PROMPT_READ = new Set(['name', 'title', 'description', 'arguments', 'icons']);
const ARGUMENT_READ = new Set(['name', 'title', 'description']);
const RESOURCE_READ = new Set(['name', 'title', 'description', 'uri', 'uriTemplate', 'mimeType', 'icons']);

/** The texts of a tool definition a model or a person reads: every string in it but a type's name and an icon. */
export function toolTexts(tool: Record<string, unknown>): DefinitionText[] {
  const out: DefinitionText[] = [];
  push(out, 'name', tool.name, 'name');
  push(out, 'title', tool.title, 'prose');
  push(out, 'description', tool.description, 'prose');
  const ann = tool.annotations as Record<string, unknown> | undefined;
  if (ann && typeof ann === 'object' && !Array.isArray(ann)) {
    push(out, 'annotations.title', ann.title, 'prose');
    for (const [k, v] of Object.entries(ann)) if (k !== 'title') valueTexts(v, key('annotations', k), out, 1);
  }
  schemaTexts(tool.inputSchema, 'inputSchema', out);
  schemaTexts(tool.outputSchema, 'outputSchema', out);
  restTexts(tool, TOOL_READ, out);
  return out;
}

/** The texts of a prompt: its name, title, description and each argument's. */
export function promptTexts(prompt: Record<string, unknown>): DefinitionText[] {
  const out: DefinitionText[] = [];
  push(out, 'name', prompt.name, 'name');
  push(out, 'title', prompt.title, 'prose');
  push(out, 'description', prompt.description, 'prose');
  const args = Array.isArray(prompt.arguments) ? (prompt.arguments as Record<string, unknown>[]) : [];
  args.forEach((a, i) => {
    if (!a || typeof a !== 'object') return;
    push(out, `arguments[${i}].name`, a.name, 'name');
    push(out, `arguments[${i}].title`, a.title, 'prose');
    push(out, `arguments[${i}].description`, a.description, 'prose');
    for (const t of restOf(a, ARGUMENT_READ))
      out.push({ ...t, path: `arguments[${i}]${t.path.startsWith('[') ? '' : '.'}${t.path}` });
  });
  restTexts(prompt, PROMPT_READ, out);
  return out;
}

/** The texts of a resource or resource template. */
export function resourceTexts(resource: Record<string, unknown>): DefinitionText[] {
  const out: DefinitionText[] = [];
  push(out, 'name', resource.name, 'name');
  push(out, 'title', resource.title, 'prose');
  push(out, 'description', resource.description, 'prose');
  push(out, 'uri', resource.uri, 'value');
  push(out, 'uriTemplate', resource.uriTemplate, 'value');
  restTexts(resource, RESOURCE_READ, out);
  return out;
}

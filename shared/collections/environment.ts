// Environments and data rows for collections: `{{name}}` variables (a bare name, not env.X nor steps.X) in a step's
// server, arguments and expectations, given by an environment file (dev, staging) chosen with `--env`, and by each row
// of a data file (`--data`, one run per row). They are put in before the run is asked for, so the scope a person
// approves is exactly what will be sent. Secrets stay in environment variables (`{{env.NAME}}`), never in these files.

import { Collection as CollectionSchema, type Collection } from '../schemas/collection.js';
import { secretValue } from './secrets.js';
import { TemplateError } from './template.js';

/** A variable's value: what a JSON environment file or a CSV cell can hold. */
export type VarValue = string | number | boolean | null;
export type Vars = Readonly<Record<string, VarValue>>;

const NAME = /^[A-Za-z_][\w-]*$/;
const VAR = /\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g;
const WHOLE = /^\{\{\s*([A-Za-z_][\w-]*)\s*\}\}$/;
/** The most rows a data file drives (each is a run, approved on its own). */
export const MAX_ROWS = 10_000;

/** An environment file: `{ "values": { … } }` (a name beside it is allowed) or a flat object of values. */
export function parseEnvironment(doc: unknown, label: string): { vars: Vars; warnings: string[] } {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc))
    throw new TemplateError(`${label}: an environment is a JSON object of variables`);
  const o = doc as Record<string, unknown>;
  const values = o.values !== undefined ? o.values : o;
  if (!values || typeof values !== 'object' || Array.isArray(values))
    throw new TemplateError(`${label}: "values" must be an object of variables`);
  const vars: Record<string, VarValue> = {};
  const warnings: string[] = [];
  for (const [k, v] of Object.entries(values as Record<string, unknown>)) {
    if (values === o && k === 'name') continue;
    if (!NAME.test(k)) throw new TemplateError(`${label}: ${JSON.stringify(k)} is not a variable name`);
    if (v !== null && typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean')
      throw new TemplateError(`${label}: ${k} must be a string, a number, true, false or null`);
    if (typeof v === 'string' && secretValue(v))
      warnings.push(
        `${label}: ${k} looks like a secret; keep secrets in environment variables and write {{env.NAME}}, not in a file`,
      );
    vars[k] = v;
  }
  return { vars, warnings };
}

/** The rows of a data file: a JSON array of objects, or CSV with a header line (RFC 4180: quotes, "" inside them). */
export function parseRows(text: string, label: string): Vars[] {
  const rows = /\.json$/i.test(label) ? jsonRows(text, label) : csvRows(text, label);
  if (rows.length > MAX_ROWS) throw new TemplateError(`${label}: ${rows.length} rows; at most ${MAX_ROWS} are run`);
  return rows;
}

function jsonRows(text: string, label: string): Vars[] {
  const doc = JSON.parse(text) as unknown;
  if (!Array.isArray(doc)) throw new TemplateError(`${label}: a JSON data file is an array of objects, one per run`);
  return doc.map((row, i) => parseEnvironment(row, `${label} row ${i + 1}`).vars);
}

function csvRows(text: string, label: string): Vars[] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      field = '';
      if (record.length > 1 || record[0] !== '') records.push(record);
      record = [];
    } else field += c;
  }
  if (quoted) throw new TemplateError(`${label}: a quoted field is not closed`);
  if (field !== '' || record.length) records.push([...record, field]);
  const [header, ...body] = records;
  if (!header) throw new TemplateError(`${label}: no header line`);
  for (const h of header)
    if (!NAME.test(h)) throw new TemplateError(`${label}: ${JSON.stringify(h)} is not a variable name`);
  return body.map((r, n) => {
    if (r.length !== header.length)
      throw new TemplateError(`${label} line ${n + 2}: ${r.length} fields where the header has ${header.length}`);
    return Object.fromEntries(header.map((h, j) => [h, r[j]!]));
  });
}

/** Every bare variable a collection names. */
export function bareVariables(c: Collection): string[] {
  const out = new Set<string>();
  const stack: unknown[] = [c.steps];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') for (const m of v.matchAll(VAR)) out.add(m[1]!);
    else if (Array.isArray(v)) stack.push(...(v as unknown[]));
    else if (v && typeof v === 'object') stack.push(...Object.values(v));
  }
  return [...out].sort();
}

/**
 * The collection with its bare variables put in from `vars` (a string that is one variable takes its value as it is:
 * a number stays a number). A variable `vars` lacks is an error naming it and `where` the values came from.
 */
export function withVariables(c: Collection, vars: Vars, where: string): Collection {
  const put = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const whole = WHOLE.exec(value);
      const get = (name: string): VarValue => {
        if (!Object.prototype.hasOwnProperty.call(vars, name))
          throw new TemplateError(`{{${name}}}: no variable ${name} in ${where}`);
        return vars[name]!;
      };
      if (whole) return get(whole[1]!);
      return value.replace(VAR, (_, name: string) => String(get(name)));
    }
    if (Array.isArray(value)) return value.map(put);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, put(v)]));
    return value;
  };
  return { ...c, steps: put(c.steps) as Collection['steps'] };
}

/**
 * One run's collection: its variables put in (`withVariables`), named `NAME [label]` and checked against the
 * collection's schema again (a server's name, say, must still be one); an error says where and why.
 */
export function variantOf(c: Collection, vars: Vars, where: string, label: string): Collection {
  const checked = CollectionSchema.safeParse({ ...withVariables(c, vars, where), name: `${c.name} [${label}]` });
  if (!checked.success)
    throw new Error(`[${label}]: ${checked.error.issues[0]?.path.join('.')}: ${checked.error.issues[0]?.message}`);
  return checked.data;
}

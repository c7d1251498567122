import { createRequire } from 'node:module';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Ajv as Draft7, ErrorObject, ValidateFunction } from 'ajv';
import type { RE2JS } from 're2js';
import { canonicalJson } from '../../../shared/canonical-json.js';
import type { ValidationError } from '../../../shared/schemas/call.js';
import { re2 } from '../support/index.js';

// Ajv and its formats are CommonJS, loaded when the first schema is checked (60-80 ms of a one-shot
// command's start that lists tools and checks nothing). The default export of ajv-formats may arrive
// wrapped.
const load = createRequire(import.meta.url);
const ajvClasses = (): { Ajv2020: typeof Ajv2020; Draft7: typeof Draft7; addFormats: (ajv: unknown) => void } => {
  const formats = load('ajv-formats') as { default?: unknown };
  return {
    Ajv2020: (load('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 }).Ajv2020,
    Draft7: (load('ajv') as { Ajv: typeof Draft7 }).Ajv,
    addFormats: (formats.default ?? formats) as (ajv: unknown) => void,
  };
};

/** Schemas bigger than this (canonical JSON) are not compiled. */
export const MAX_SCHEMA_BYTES = 512 * 1024;
/** Schemas nested deeper than this are not compiled. */
export const MAX_SCHEMA_DEPTH = 64;
/** A `pattern` longer than this is not compiled. */
export const MAX_PATTERN_LENGTH = 1000;
const MAX_ERRORS = 50;
const CACHE_SIZE = 500;

/** The outcome of checking a value against a schema. */
export type Check = { ok: true } | { ok: false; errors: ValidationError[] } | { ok: 'unchecked'; reason: string };

/**
 * Validates tool arguments and structured results against server-supplied JSON Schemas.
 * Schemas are untrusted: Ajv turns them into code, so they are compiled here in the core (never in a
 * page), only within size, depth and pattern limits, and cached by their canonical form.
 */
export class SchemaValidator {
  // Made on first use (each compiles its meta-schemas, tens of milliseconds): a one-shot command
  // that checks nothing pays nothing, and the draft-07 one is made only for a schema that says so.
  private made2020?: Ajv2020;
  private made7?: Draft7;
  private get ajv2020(): Ajv2020 {
    return (this.made2020 ??= make(ajvClasses().Ajv2020));
  }
  private get ajv7(): Draft7 {
    return (this.made7 ??= make(ajvClasses().Draft7));
  }
  private cache = new Map<string, ValidateFunction | string>();

  check(schema: unknown, value: unknown): Check {
    const fn = this.compile(schema);
    if (typeof fn === 'string') return { ok: 'unchecked', reason: fn };
    if (fn(value)) return { ok: true };
    return { ok: false, errors: (fn.errors ?? []).slice(0, MAX_ERRORS).map(toError) };
  }

  /**
   * What is wrong with a schema against its meta-schema (draft-07 when it says so, else 2020-12);
   * empty when it is valid. Checks the schema as data: nothing is compiled.
   */
  metaProblems(schema: unknown): string[] {
    if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return ['the schema is not an object'];
    const s = schema as Record<string, unknown>;
    const draft = typeof s.$schema === 'string' ? s.$schema : '';
    const ajv = /draft-0[4-7]/.test(draft) ? this.ajv7 : this.ajv2020;
    const copy = { ...s };
    if (!/draft-07|2020-12/.test(draft)) delete copy.$schema;
    try {
      if (ajv.validateSchema(copy)) return [];
      return (ajv.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
    } catch (e) {
      return [(e as Error).message];
    }
  }

  private compile(schema: unknown): ValidateFunction | string {
    if (!schema || typeof schema !== 'object') return 'the schema is not an object';
    let key: string;
    try {
      key = canonicalJson(schema);
    } catch (e) {
      return `the schema is not JSON: ${(e as Error).message}`;
    }
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const result = this.compileFresh(schema as Record<string, unknown>, key);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, result);
    return result;
  }

  private compileFresh(schema: Record<string, unknown>, key: string): ValidateFunction | string {
    // SECURITY: limits before Ajv generates code from a server's schema.
    if (key.length > MAX_SCHEMA_BYTES)
      return `the schema is larger than ${MAX_SCHEMA_BYTES} bytes and was not compiled`;
    const problem = inspect(schema, 0);
    if (problem) return problem;
    const draft = typeof schema.$schema === 'string' ? schema.$schema : '';
    const ajv = /draft-0[4-7]/.test(draft) ? this.ajv7 : this.ajv2020;
    const copy = { ...schema };
    if (/draft-0[46]/.test(draft)) delete copy.$schema;
    delete copy.$id;
    try {
      return ajv.compile(copy);
    } catch (e) {
      return `the schema could not be compiled: ${(e as Error).message}`;
    }
  }
}

/**
 * SECURITY: `pattern`, `patternProperties` and `propertyNames` come from servers. JavaScript's
 * backtracking engine can take exponential time (`^(a+)+$`), so they run on RE2 (linear time).
 * A pattern RE2 cannot run (lookaround, backreferences) makes the schema unchecked, never slow.
 */
export function linearRegExp(pattern: string, flags: string): { test(s: string): boolean; toString(): string } {
  let re: RE2JS;
  try {
    re = re2().compile(pattern);
  } catch (e) {
    throw new Error(
      `pattern ${JSON.stringify(pattern.slice(0, 100))} cannot be checked in linear time (${(e as Error).message})`,
      { cause: e },
    );
  }
  return { test: (s: string) => re.matcher(s).find(), toString: () => `/${pattern}/${flags}` };
}
linearRegExp.code = 'linearRegExp';

function make<T extends new (opts: object) => { compile: (s: object) => ValidateFunction }>(Cls: T): InstanceType<T> {
  const ajv = new Cls({
    strict: false,
    allErrors: true,
    validateFormats: true,
    addUsedSchema: false,
    inlineRefs: true,
    code: { regExp: linearRegExp },
  }) as InstanceType<T>;
  ajvClasses().addFormats(ajv);
  return ajv;
}

function inspect(node: unknown, depth: number): string | null {
  if (depth > MAX_SCHEMA_DEPTH)
    return `the schema is nested deeper than ${MAX_SCHEMA_DEPTH} levels and was not compiled`;
  if (Array.isArray(node)) {
    for (const n of node) {
      const p = inspect(n, depth + 1);
      if (p) return p;
    }
    return null;
  }
  if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'pattern' && typeof v === 'string' && v.length > MAX_PATTERN_LENGTH)
        return `a pattern is longer than ${MAX_PATTERN_LENGTH} characters and was not compiled`;
      const p = inspect(v, depth + 1);
      if (p) return p;
    }
  }
  return null;
}

function toError(e: ErrorObject): ValidationError {
  const extra =
    e.keyword === 'additionalProperties'
      ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
      : '';
  return { path: e.instancePath || '/', message: `${e.message ?? e.keyword}${extra}` };
}

import type { Severity } from './rules.js';
import { boundedSentence } from './sentence.js';

/** A finding about a definition as a whole or one field of it (no span). */
export interface FieldHit {
  rule: string;
  path: string;
  message: string;
  severity?: Severity;
}

/** What the caller knows beyond the definition (the core's schema check, history, exclusions). */
export interface QualityContext {
  /** Problems of a schema against its meta-schema; absent when the caller cannot check. */
  checkSchema?: (schema: unknown) => string[];
  /** Why the tool is excluded (an invalid `x-mcp-header`), when it is. */
  excluded?: string;
  /**
   * Calls seen in the history that returned no structuredContent (only passed when the tool declares an outputSchema).
   */
  missingStructured?: number;
  /** Definitions larger than this many bytes of canonical JSON are flagged. */
  budgetBytes: number;
}

const NAME_OK = /^[A-Za-z0-9_.-]{1,128}$/;
const CHANGES =
  /(?:^|[_.\-\s]|(?<=[a-z])(?=[A-Z]))(?:delete|remove|drop|write|create|update|set|put|post|send|exec|execute|run|kill|move|rename|insert|upload|purge|destroy|overwrite|edit|patch|modify|apply|push|merge|deploy|transfer|pay)(?=$|[_.\-\sA-Z]|s\b)/i;

function resolvePointer(root: unknown, ref: string): boolean {
  if (ref === '#') return true;
  if (!ref.startsWith('#/')) return false;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !(part in (node as object))) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/** Every `$ref` in a schema that does not resolve inside it (remote references are not fetched). */
function unresolvedRefs(schema: unknown, path: string, root: unknown, out: FieldHit[], depth = 0): void {
  if (!schema || typeof schema !== 'object' || depth > 64 || out.length > 20) return;
  for (const [k, v] of Object.entries(schema)) {
    const p = Array.isArray(schema) ? `${path}[${k}]` : `${path}.${k}`;
    if (k === '$ref' && typeof v === 'string') {
      if (!resolvePointer(root, v))
        out.push({
          rule: 'Q04',
          path: p,
          message: v.startsWith('#')
            ? `$ref ${JSON.stringify(v)} points nowhere in the schema`
            : `$ref ${JSON.stringify(v)} is remote; clients will not fetch it`,
        });
    } else if (v && typeof v === 'object') unresolvedRefs(v, p, root, out, depth + 1);
  }
}

/** Definition quality for server authors (rules Q01–Q09) of one tool. */
export function toolQualityHits(tool: Record<string, unknown>, ctx: QualityContext): FieldHit[] {
  const out: FieldHit[] = [];
  const name = typeof tool.name === 'string' ? tool.name : '';
  if (!NAME_OK.test(name))
    out.push({
      rule: 'Q01',
      path: 'name',
      message:
        name.length > 128
          ? `the name is ${name.length} characters long (at most 128)`
          : `the name ${JSON.stringify(name)} has characters outside A–Z a–z 0–9 _ - .`,
    });
  const input = tool.inputSchema as Record<string, unknown> | undefined;
  if (!input || typeof input !== 'object' || Array.isArray(input) || input.type !== 'object')
    out.push({
      rule: 'Q02',
      path: 'inputSchema',
      message:
        !input || typeof input !== 'object'
          ? 'inputSchema is missing or not an object'
          : `inputSchema has type ${JSON.stringify(input.type)}, not "object"`,
    });
  for (const key of ['inputSchema', 'outputSchema'] as const) {
    const schema = tool[key];
    if (schema === undefined || !ctx.checkSchema) continue;
    const problems = ctx.checkSchema(schema);
    if (problems.length)
      out.push({
        rule: 'Q03',
        path: key,
        message: `${key} is not a valid JSON Schema: ${problems.slice(0, 3).join('; ')}`,
      });
  }
  unresolvedRefs(input, 'inputSchema', input, out);
  unresolvedRefs(tool.outputSchema, 'outputSchema', tool.outputSchema, out);
  const props =
    input && typeof input.properties === 'object' && input.properties
      ? (input.properties as Record<string, Record<string, unknown>>)
      : {};
  const bare = Object.entries(props)
    .filter(
      ([, s]) => !s || typeof s !== 'object' || (typeof s.description !== 'string' && typeof s.title !== 'string'),
    )
    .map(([k]) => k);
  if (bare.length)
    out.push({
      rule: 'Q05',
      path: 'inputSchema.properties',
      message: `${bare.length} parameter${bare.length > 1 ? 's' : ''} without a description: ${bare.slice(0, 8).join(', ')}${bare.length > 8 ? '…' : ''}`,
    });
  if (tool.outputSchema !== undefined && ctx.missingStructured)
    out.push({
      rule: 'Q06',
      path: 'outputSchema',
      message: `${ctx.missingStructured} call${ctx.missingStructured > 1 ? 's' : ''} in the history returned no structuredContent`,
    });
  // The size of the definition as JSON: key order does not change it, so no canonical form is needed.
  const size = JSON.stringify(tool).length;
  if (size > ctx.budgetBytes)
    out.push({
      rule: 'Q07',
      path: '',
      message: `the definition is ${size} bytes (budget ${ctx.budgetBytes})`,
      // Size costs context, not safety: advice at any size (a reviewer filters on it with --fail-on low).
      severity: 'low',
    });
  const ann = tool.annotations as Record<string, unknown> | undefined;
  const declared = ann && (typeof ann.readOnlyHint === 'boolean' || typeof ann.destructiveHint === 'boolean');
  if (!declared && CHANGES.test(name))
    out.push({
      rule: 'Q08',
      path: 'annotations',
      message: `"${name}" sounds like it changes things, but declares neither readOnlyHint nor destructiveHint`,
    });
  if (ctx.excluded) out.push({ rule: 'Q09', path: 'inputSchema', message: ctx.excluded });
  return out;
}

const DESTRUCTIVE =
  /\b(?:delete|deletes|erase|erases|wipe|wipes|destroy|destroys|drop|drops|purge|purges|truncate|truncates|overwrite|overwrites|remove|removes|uninstall|uninstalls)\b/gi;
// Verbs that are rarely nouns: "update", "post" and "format" describe read-only tools too often.
const WRITES = /\b(?:write|writes|modify|modifies|upload|uploads|send|sends|publish|publishes|execute|executes)\b/gi;
/** A first sentence that calls its act read-only itself. */
const READ_ONLY_SAID = /\bread[- ]?only\b/i;
/** A sentence that says the tool does not do it ("… are rejected", "never deletes"). */
const NEGATED =
  /\b(?:not|never|no|without|doesn'?t|won'?t|cannot|can'?t|nor|nothing|neither|rejected|refused|refuses|forbidden|blocked|disallowed|prevents?)\b/i;

/** Verbs in a description that contradict what the annotations declare (rule P08). */
export function contradictionHits(
  tool: Record<string, unknown>,
): { start: number; end: number; message: string; severity?: 'low' }[] {
  const ann = tool.annotations as Record<string, unknown> | undefined;
  const description = typeof tool.description === 'string' ? tool.description : '';
  if (!ann || !description) return [];
  const checks: [RegExp, string][] = [];
  if (ann.readOnlyHint === true) checks.push([DESTRUCTIVE, 'declared read-only'], [WRITES, 'declared read-only']);
  else if (ann.destructiveHint === false) checks.push([DESTRUCTIVE, 'declared non-destructive']);
  const out: { start: number; end: number; message: string; severity?: 'low' }[] = [];
  // What the tool does is said in its first sentence, by the verb that heads a clause ("Deletes …",
  // "Permanently deletes …", "… and sends it"); a verb in a later example or a parameter's note is not the tool's act.
  const first = boundedSentence(description, 0, 0, ['. ', '.\n', '\n', '; ']);
  const lead = description.length - description.trimStart().length;
  for (const [re, claim] of checks) {
    re.lastIndex = 0;
    for (let m = re.exec(first); m; m = re.exec(first)) {
      if (!CLAUSE_HEAD.test(first.slice(0, m.index))) continue;
      if (NEGATED.test(first)) break;
      // "Execute read-only GraphQL queries": the sentence says the act is read-only, as declared.
      if (claim === 'declared read-only' && READ_ONLY_SAID.test(first)) break;
      const start = lead + m.index;
      // Removing from a list (an owner, a label) is undone by adding back: a note, not a contradiction.
      const mild = claim === 'declared non-destructive' && /^remove/i.test(m[0]);
      out.push({
        start,
        end: start + m[0].length,
        message: `${claim}, but the description says "${m[0]}"`,
        ...(mild ? { severity: 'low' as const } : {}),
      });
      break;
    }
  }
  return out;
}

/** What comes before a verb that heads a clause: nothing, an adverb or two, or "… and", "… then", "… or". */
const CLAUSE_HEAD = /(?:^|\b(?:and|then|or)\s+)(?:\w+ly\s+){0,2}$/i;

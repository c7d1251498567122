import { z } from 'zod';

/**
 * A collection: saved steps against named servers, with what each must answer. A plain file meant
 * for a repository (AUTOMATION.md names its stable keys); `collection.schema.json` beside this file
 * is generated from these schemas and published for editors and CI.
 */

const StepId = z
  .string()
  .regex(/^[A-Za-z][\w-]{0,63}$/, 'a step id starts with a letter: letters, digits, _ and - (64 at most)')
  .describe('Unique in the collection; later steps refer to its result as {{steps.<id>.…}}');
const ServerName = z.string().min(1).max(200).describe('A server by its name (key) in the configuration');

/** The JSON types an assertion can name. */
export const JsonType = z.enum(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

export const Assertion = z
  .object({
    path: z
      .string()
      .regex(/^(\/.*)?$/, 'a JSON pointer: empty, or starting with /')
      .describe('JSON pointer into the step’s result'),
    equals: z.unknown().optional(),
    matches: z
      .string()
      .max(2000)
      .optional()
      .describe('a regular expression (RE2 syntax) the value, as text, must match'),
    exists: z.boolean().optional(),
    type: JsonType.optional(),
    length: z
      .union([
        z.number().int().min(0),
        z.object({ min: z.number().int().min(0).optional(), max: z.number().int().min(0).optional() }).strict(),
      ])
      .optional()
      .describe('of a string, an array, or an object’s keys'),
  })
  .strict()
  .refine(
    (a) => ['equals', 'matches', 'exists', 'type', 'length'].some((k) => k in a),
    'an assertion needs equals, matches, exists, type or length',
  );
export type Assertion = z.infer<typeof Assertion>;

export const Expectation = z
  .object({
    outcome: z.enum(['ok', 'tool-error', 'protocol-error']).optional().describe('default: ok'),
    /**
     * `valid`: structuredContent present and valid against outputSchema; `any`: not checked. Default: checked when both
     * exist.
     */
    structured: z.enum(['valid', 'any']).optional(),
    assert: z.array(Assertion).max(500).optional(),
  })
  .strict();
export type Expectation = z.infer<typeof Expectation>;

export const Snapshot = z
  .object({
    result: z.unknown().optional().describe('the result as last accepted'),
    ignore: z.array(z.string().regex(/^\//, 'a JSON pointer (may use * for any key)')).max(500).optional(),
  })
  .strict();
export type Snapshot = z.infer<typeof Snapshot>;

const Args = z.record(z.string(), z.unknown());

export const Step = z
  .object({
    id: StepId,
    name: z.string().max(500).optional(),
    call: z
      .object({ server: ServerName, tool: z.string().min(1).max(500), arguments: Args.optional() })
      .strict()
      .optional(),
    read: z
      .object({ server: ServerName, uri: z.string().min(1).max(8192) })
      .strict()
      .optional(),
    prompt: z
      .object({
        server: ServerName,
        name: z.string().min(1).max(500),
        arguments: z.record(z.string(), z.string()).optional(),
      })
      .strict()
      .optional(),
    catalog: z
      .object({ server: ServerName })
      .strict()
      .optional()
      .describe('a snapshot of every tool definition: fails when one changed'),
    expect: Expectation.optional(),
    snapshot: Snapshot.optional(),
  })
  .strict()
  .refine(
    (s) => [s.call, s.read, s.prompt, s.catalog].filter(Boolean).length === 1,
    'a step does exactly one of call, read, prompt, catalog',
  );
export type Step = z.infer<typeof Step>;

export const Collection = z
  .object({
    $schema: z.string().optional(),
    name: z.string().min(1).max(200),
    description: z.string().max(5000).optional(),
    servers: z
      .array(ServerName)
      .max(50)
      .optional()
      .describe('the servers it needs, by name; taken from the steps when absent'),
    env: z
      .array(z.string().regex(/^[A-Za-z_]\w*$/))
      .max(200)
      .optional()
      .describe('environment variables the steps read as {{env.NAME}}'),
    steps: z.array(Step).min(1).max(10_000),
  })
  .strict()
  .superRefine((c, ctx) => {
    const seen = new Set<string>();
    c.steps.forEach((s, i) => {
      if (seen.has(s.id))
        ctx.addIssue({
          code: 'custom',
          path: ['steps', i, 'id'],
          message: `step id ${JSON.stringify(s.id)} is used twice`,
        });
      seen.add(s.id);
    });
  });
export type Collection = z.infer<typeof Collection>;

/**
 * The published JSON Schema of a collection file (`collection.schema.json`), with the rules zod keeps as refinements
 * written out.
 */
export function collectionJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(Collection, { io: 'input', unrepresentable: 'any' }) as unknown as Record<
    string,
    unknown
  > & {
    properties: {
      steps: {
        items: Record<string, unknown> & {
          properties: { expect: { properties: { assert: { items: Record<string, unknown> } } } };
        };
      };
    };
  };
  const step = schema.properties.steps.items;
  step.oneOf = ['call', 'read', 'prompt', 'catalog'].map((k) => ({ required: [k] }));
  step.properties.expect.properties.assert.items.anyOf = ['equals', 'matches', 'exists', 'type', 'length'].map((k) => ({
    required: [k],
  }));
  return {
    title: 'MCP Console collection',
    description:
      'Saved MCP steps (calls, reads, prompts, catalog snapshots) with what each must answer; run with `mcp-console test`.',
    ...schema,
  };
}

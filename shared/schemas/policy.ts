import { z } from 'zod';
import { ResultScanMode } from './audit.js';

/**
 * An organisation's policy file (`--policy FILE`, `MCP_CONSOLE_POLICY`, or the platform's managed
 * location): rules of who may call which tool of which server with which arguments, without asking
 * (`allow`), never (`deny`) or only after a person decided (`ask`). Its keys are a stable interface
 * (AUTOMATION.md, "Policy files"); `policy.schema.json` beside this file is the published schema.
 */

/**
 * A condition on the call's arguments: the value at `path` (a JSON pointer into them) must satisfy the one test given.
 */
/**
 * The requesters a rule's `agent` can name with "@": the person (console and command line), a server's view, a
 * collection run.
 */
export const AT_NAMES = ['@person', '@view', '@collection'] as const;

export const PolicyCondition = z
  .object({
    path: z
      .string()
      .max(1000)
      .describe('JSON pointer into the arguments ("" is the whole object, "/to/0" the first of "to")'),
    equals: z.unknown().optional().describe('the value is exactly this JSON value'),
    glob: z
      .string()
      .max(1000)
      .optional()
      .describe('the value is a string matching this glob ("*" any run of characters, "?" one)'),
    matches: z
      .string()
      .max(1000)
      .optional()
      .describe('the value is a string in which this RE2 pattern finds a match (anchor it with ^…$ to match whole)'),
    oneOf: z.array(z.unknown()).max(1000).optional().describe('the value is exactly one of these JSON values'),
    range: z
      .object({ min: z.number().optional(), max: z.number().optional() })
      .strict()
      .optional()
      .describe('the value is a number within these bounds (each inclusive)'),
    absent: z.boolean().optional().describe('true: the arguments hold nothing at path; false: they hold something'),
  })
  .strict()
  .superRefine((c, ctx) => {
    const tests = (['equals', 'glob', 'matches', 'oneOf', 'range', 'absent'] as const).filter((k) => k in c);
    if (tests.length !== 1)
      ctx.addIssue({
        code: 'custom',
        message: `a condition has exactly one test of equals, glob, matches, oneOf, range, absent (found ${tests.length})`,
      });
    if (c.path !== '' && !c.path.startsWith('/'))
      ctx.addIssue({ code: 'custom', path: ['path'], message: 'a JSON pointer is "" or starts with "/"' });
  });
export type PolicyCondition = z.infer<typeof PolicyCondition>;

/** Annotation values a rule may require; an untrusted server's claims are read as the spec's cautious defaults. */
export const PolicyAnnotations = z
  .object({
    readOnlyHint: z.boolean(),
    destructiveHint: z.boolean(),
    idempotentHint: z.boolean(),
    openWorldHint: z.boolean(),
  })
  .partial()
  .strict();

export const PolicyEffect = z.enum(['allow', 'ask', 'deny']);
export type PolicyEffect = z.infer<typeof PolicyEffect>;

export const PolicyRule = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/, 'letters, digits, "_", ".", ":" and "-", at most 64')
      .optional()
      .describe(
        'how the rule is named in dialogs, answers and the audit log (default: "rule N", its place in the file)',
      ),
    effect: PolicyEffect,
    agent: z
      .string()
      .min(1)
      .max(200)
      // A name with "@" that is none of these would match nobody: a deny written that way would let calls through.
      .refine((a) => !a.startsWith('@') || (AT_NAMES as readonly string[]).includes(a), {
        message: `unknown name: the names with "@" are ${'@person, @view and @collection'} (a glob over agents' names has no "@")`,
      })
      .optional()
      .describe(
        'who asks: a glob over agent names, or "@person" (the console and the command line), "@view" (a server\'s own view), "@collection" (a collection run); absent: anyone',
      ),
    server: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("a glob over the server's name in the console's config; absent: any server"),
    serverIdentity: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("allow only: holds only while the server's identity is this one"),
    tool: z.string().min(1).max(500).optional().describe("a glob over the tool's name; absent: any tool"),
    fingerprint: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe('allow only: holds only for this tool definition (its fingerprint); a changed definition voids it'),
    annotations: PolicyAnnotations.optional().describe(
      "the tool's annotations must have these values; a server the person has not trusted is read at the spec's defaults",
    ),
    when: z.array(PolicyCondition).max(100).optional().describe('conditions on the arguments, all of which must hold'),
    reason: z.string().min(1).max(2000).describe('shown to the person and to the agent, and written to the audit log'),
    quorum: z
      .number()
      .int()
      .min(1)
      .max(5)
      .optional()
      .describe('ask only: how many different people must approve before the call is sent (a team service); default 1'),
    notRequester: z
      .boolean()
      .optional()
      .describe('ask only: the person who asked, or whose agent asked, may not decide the call'),
    deciders: z
      .array(
        z
          .string()
          .min(1)
          .max(262)
          .regex(
            /^(?!role:)|^role:(member|approver|admin|auditor)$/,
            'role:member, role:approver, role:admin or role:auditor',
          ),
      )
      .min(1)
      .max(50)
      .optional()
      .describe('ask only: who may decide — any of these groups ("sre", or "group:sre") or roles ("role:approver")'),
  })
  .strict()
  .superRefine((r, ctx) => {
    for (const k of ['quorum', 'notRequester', 'deciders'] as const)
      if (r[k] !== undefined && r.effect !== 'ask')
        ctx.addIssue({ code: 'custom', path: [k], message: `${k} is a term of an ask: a ${r.effect} asks nobody` });
    for (const k of ['serverIdentity', 'fingerprint'] as const)
      if (r[k] !== undefined && r.effect !== 'allow')
        ctx.addIssue({
          code: 'custom',
          path: [k],
          message: `${k} binds an allow only: a ${r.effect} holds whatever the definition or identity`,
        });
  });
export type PolicyRule = z.infer<typeof PolicyRule>;

export const PolicyFile = z
  .object({
    $schema: z.string().optional(),
    description: z.string().max(2000).optional(),
    rules: z.array(PolicyRule).max(100_000),
    resultScan: ResultScanMode.optional().describe(
      "what a tool's result that orders the model does: off, warn, ask or block; set here, it wins over the person's setting",
    ),
  })
  .strict()
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.rules.forEach((r, i) => {
      if (r.id === undefined) return;
      if (seen.has(r.id))
        ctx.addIssue({
          code: 'custom',
          path: ['rules', i, 'id'],
          message: `rule id ${JSON.stringify(r.id)} is used twice`,
        });
      seen.add(r.id);
    });
  });
export type PolicyFile = z.infer<typeof PolicyFile>;

/**
 * Which file a rule came from: the platform's managed location (read only, above everything) or the one named by
 * `--policy` or the environment.
 */
export const PolicySourceKind = z.enum(['managed', 'flag', 'env']);
export type PolicySourceKind = z.infer<typeof PolicySourceKind>;

/** The rule that decided a call, as the dialog, the agent's answer and the audit entry name it. */
/**
 * What an `ask` needs of its deciders on a team service, every matching ask rule's terms together: the most approvers
 * any asks for, separate duties if any asks for it, and each rule's deciders (someone of each list must decide).
 */
export const AskTerms = z.object({
  quorum: z.number().int().min(1).max(5),
  notRequester: z.boolean(),
  deciders: z.array(z.array(z.string())),
});
export type AskTerms = z.infer<typeof AskTerms>;

export const PolicyRuleRef = z.object({
  id: z.string(),
  effect: PolicyEffect,
  reason: z.string(),
  source: PolicySourceKind,
  path: z.string(),
  /** An ask's terms for its deciders, when any rule that matched set one. */
  terms: AskTerms.optional(),
});
export type PolicyRuleRef = z.infer<typeof PolicyRuleRef>;

/** One policy file as the console holds it now. */
export const PolicySourceView = z.object({
  kind: PolicySourceKind,
  path: z.string(),
  /** sha-256 of the file's bytes as applied. */
  hash: z.string().optional(),
  loadedAt: z.string().optional(),
  /**
   * Why the file (as it is now) is not applied; the rules before stay, or every call is refused when none were ever
   * read.
   */
  problem: z.string().optional(),
  rules: z.array(PolicyRule),
  /**
   * The last change applied while the console ran: when, and the rules removed and added (one rule a line, as JSON).
   */
  lastChange: z
    .object({
      at: z.string(),
      removed: z.array(z.string()),
      added: z.array(z.string()),
      cut: z.object({ removed: z.number().int(), added: z.number().int() }),
    })
    .optional(),
});
export type PolicySourceView = z.infer<typeof PolicySourceView>;

export const PolicyView = z.object({
  sources: z.array(PolicySourceView),
  /** The result check the policy sets (the managed file's, else the named one's): it wins over the person's setting. */
  resultScan: ResultScanMode.optional(),
  /** Set while calls are refused because a policy file named could not be read at all. */
  refusing: z.string().optional(),
});
export type PolicyView = z.infer<typeof PolicyView>;

/**
 * The published JSON Schema of a policy file (`policy.schema.json`), with the rules zod keeps as refinements written
 * out.
 */
export function policyJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(PolicyFile, { io: 'input', unrepresentable: 'any' }) as unknown as Record<
    string,
    unknown
  > & {
    properties: {
      rules: { items: Record<string, unknown> & { properties: { when: { items: Record<string, unknown> } } } };
    };
  };
  const rule = schema.properties.rules.items;
  rule.if = { properties: { effect: { const: 'allow' } } };
  rule.else = { not: { anyOf: [{ required: ['serverIdentity'] }, { required: ['fingerprint'] }] } };
  rule.properties.when.items.oneOf = ['equals', 'glob', 'matches', 'oneOf', 'range', 'absent'].map((k) => ({
    required: [k],
  }));
  return {
    title: 'MCP Console policy',
    description:
      "An organisation's rules for tool calls: allow, ask or deny by agent, server, tool and arguments; deny wins over ask, ask over allow.",
    ...schema,
  };
}

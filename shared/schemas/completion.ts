import { z } from 'zod';

/** What a completion is asked for: a prompt's argument, or a resource template's variable. */
export const CompletionRef = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ref/prompt'), name: z.string().min(1) }).strict(),
  z.object({ type: z.literal('ref/resource'), uri: z.string().min(1).max(8192) }).strict(),
]);
export type CompletionRef = z.infer<typeof CompletionRef>;

export const CompleteInput = z
  .object({
    serverId: z.string(),
    ref: CompletionRef,
    argument: z.object({ name: z.string().min(1), value: z.string().max(8192) }).strict(),
    /** The values of the other arguments already filled in. */
    context: z.record(z.string(), z.string()).optional(),
  })
  .strict();
export type CompleteInput = z.infer<typeof CompleteInput>;

/** The server's suggestions (at most 100 by spec; more are cut). */
export const Completion = z.object({
  values: z.array(z.string()),
  total: z.number().int().optional(),
  hasMore: z.boolean().optional(),
});
export type Completion = z.infer<typeof Completion>;

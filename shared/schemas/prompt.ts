import { z } from 'zod';
import { ContentBlock } from './content.js';
import { Icon } from './tool.js';

/** One prompt a server lists (`prompts/list`), as the console shows it. */
export const PromptView = z.object({
  serverId: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z
    .array(
      z.object({
        name: z.string(),
        title: z.string().optional(),
        description: z.string().optional(),
        required: z.boolean().optional(),
      }),
    )
    .optional(),
  icons: z.array(Icon).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type PromptView = z.infer<typeof PromptView>;

/** A `prompts/get` result as received: the messages, each one content block, rendered like results. */
export const GetPromptResult = z.looseObject({
  description: z.string().optional(),
  messages: z.array(z.looseObject({ role: z.enum(['user', 'assistant']), content: ContentBlock })),
});
export type GetPromptResult = z.infer<typeof GetPromptResult>;

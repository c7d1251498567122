import { z } from 'zod';

/**
 * A person signed in to a team service through the organisation's OpenID Connect provider: the `sub` claim (unique at
 * that provider) and a name to show. Carried on the calls they or their agents ask for, and on the decisions they make.
 */
export const Person = z
  .object({
    subject: z.string().min(1).max(255),
    name: z.string().min(1).max(200),
  })
  .strict();
export type Person = z.infer<typeof Person>;

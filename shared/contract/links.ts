import { z } from 'zod';

/** Links a front end asks the console to open (checked, then opened outside the app). */
export const requests = {
  'links.open': { input: z.object({ url: z.string().max(8192) }).strict(), output: z.object({ opened: z.boolean() }) },
} as const;

export const events = {} as const;

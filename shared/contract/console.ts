import { z } from 'zod';
import { none } from './common.js';

/** What the console found wrong when it started. */
export const requests = {
  /**
   * What the console found wrong when it started (its audit log, a config file): the desktop app shows it in a dialog,
   * the page in a banner.
   */
  'console.problems': { input: none, output: z.array(z.string().max(10_000)).max(100) },
} as const;

export const events = {} as const;

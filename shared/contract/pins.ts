import { z } from 'zod';
import { PinState } from '../schemas/review.js';

/** The pins each tool's definition is compared with, as they change (asked for with review.pins). */
export const requests = {} as const;

export const events = {
  /** Which tools of a server differ from their pins, by name and state (the diffs are asked for with review.pins). */
  'pins.changed': z.object({ serverId: z.string(), unsettled: z.array(PinState.pick({ tool: true, state: true })) }),
} as const;

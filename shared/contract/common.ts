import { z } from 'zod';
import { ServerId } from '../schemas/server.js';

/** A request that takes nothing. */
export const none = z.object({}).strict();
/** A request about one server. */
export const byServer = z.object({ serverId: ServerId }).strict();
/** The answer of a request that has nothing to say but that it worked. */
export const ok = z.object({ ok: z.literal(true) });

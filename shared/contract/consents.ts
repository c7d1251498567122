import { z } from 'zod';
import { none } from './common.js';
import { ConsentKind, ConsentRecord } from '../schemas/consent.js';
import { ServerId } from '../schemas/server.js';

/** The consents people gave (to start a server, to send to an address), and taking them back. */
export const requests = {
  'consents.list': { input: none, output: z.array(ConsentRecord) },
  'consents.revoke': {
    input: z.object({ serverId: ServerId, kind: ConsentKind.optional() }).strict(),
    output: z.object({ revoked: z.number().int() }),
  },
} as const;

export const events = {
  'consents.changed': z.object({ consents: z.array(ConsentRecord) }),
} as const;

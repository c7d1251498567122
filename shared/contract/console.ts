import { z } from 'zod';
import { none } from './common.js';
import { Settings, SettingsPatch } from '../schemas/audit.js';
import { ConsentKind, ConsentRecord } from '../schemas/consent.js';
import { ServerId } from '../schemas/server.js';

/** The console's own settings, the consents people gave, links and the problems found at start. */
export const requests = {
  'links.open': { input: z.object({ url: z.string().max(8192) }).strict(), output: z.object({ opened: z.boolean() }) },
  'consents.list': { input: none, output: z.array(ConsentRecord) },
  'consents.revoke': { input: z.object({ serverId: ServerId, kind: ConsentKind.optional() }).strict(), output: z.object({ revoked: z.number().int() }) },
  'settings.get': { input: none, output: Settings },
  'settings.update': { input: SettingsPatch, output: Settings },
  /** What the console found wrong when it started (its audit log, a config file): the desktop app shows it in a dialog, the page in a banner. */
  'console.problems': { input: none, output: z.array(z.string().max(10_000)).max(100) },
} as const;

export const events = {
  'consents.changed': z.object({ consents: z.array(ConsentRecord) }),
} as const;

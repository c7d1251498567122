import { z } from 'zod';
import { none } from './common.js';
import { Person } from '../schemas/person.js';
import { TeamRole } from '../schemas/team.js';

/** What the console found wrong when it started. */
export const requests = {
  /**
   * What the console found wrong when it started (its audit log, a config file): the desktop app shows it in a dialog,
   * the page in a banner.
   */
  'console.problems': { input: none, output: z.array(z.string().max(10_000)).max(100) },
  /**
   * Who this page belongs to: on a team service the signed-in person and their roles (the page shows their name, a
   * way to sign out, and no control their roles may not use); on a desktop or in browser mode, null (its one user).
   */
  'console.person': {
    input: none,
    output: z
      .object({ person: Person, roles: z.array(TeamRole).max(4) })
      .strict()
      .nullable(),
  },
} as const;

export const events = {} as const;

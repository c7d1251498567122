import { z } from 'zod';
import { none } from './common.js';
import { ElicitationAnswer, ElicitationView } from '../schemas/elicitation.js';

/** What servers ask the person (elicitation) and the answers people give. */
export const requests = {
  'elicitations.list': { input: none, output: z.array(ElicitationView) },
  'elicitations.answer': { input: ElicitationAnswer, output: ElicitationView },
} as const;

export const events = {
  'elicitation.requested': ElicitationView,
  'elicitation.resolved': ElicitationView,
} as const;

import { none } from './common.js';
import { PolicyView } from '../schemas/policy.js';

/** The organisation's policy files and their rules, as applied now (read only: they are changed in the file). */
export const requests = {
  'policy.get': { input: none, output: PolicyView },
} as const;

export const events = {
  'policy.changed': PolicyView,
} as const;

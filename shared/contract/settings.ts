import { none } from './common.js';
import { Settings, SettingsPatch } from '../schemas/audit.js';

/** The console's own settings. */
export const requests = {
  'settings.get': { input: none, output: Settings },
  'settings.update': { input: SettingsPatch, output: Settings },
} as const;

export const events = {} as const;

import { consentText, type ConsentProvider } from '../../core/index.js';
import type { Io } from './io.js';

/**
 * Consent on this terminal, when there is one: a saved server whose command line nobody confirmed yet is asked about
 * here.
 */
export function cliConsent(io: Io): ConsentProvider {
  return {
    where: 'this terminal',
    via: 'terminal',
    ask: async (q) => {
      if (!io.isTTY) return 'unavailable';
      io.err(consentText(q));
      return /^\s*(y|yes)\s*$/i.test(await io.ask('[y/N] '));
    },
  };
}

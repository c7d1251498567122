import { consentText, type ConsentProvider } from '../../../core/index.js';

/** The part of Electron's `dialog.showMessageBox` this needs (injected, so it is tested without Electron). */
export type ShowMessageBox = (opts: {
  type: 'warning';
  buttons: string[];
  defaultId: number;
  cancelId: number;
  noLink: boolean;
  title: string;
  message: string;
  detail: string;
}) => Promise<{ response: number }>;

/**
 * Consent in a native dialog owned by the main process: the page can neither draw nor click it.
 * Cancel is the default and the answer to Escape; the allowing button names what it allows.
 */
export function dialogConsent(show: ShowMessageBox): ConsentProvider {
  let queue = Promise.resolve();
  return {
    where: 'the MCP Console confirmation dialog',
    via: 'native-dialog',
    ask: (q) => {
      // One dialog at a time, in the order asked.
      const answer = queue.then(async () => {
        const allow = q.kind === 'launch' ? 'Launch' : q.kind === 'settings' ? 'Allow' : 'Trust';
        const r = await show({
          type: 'warning',
          buttons: ['Cancel', allow],
          defaultId: 0,
          cancelId: 0,
          noLink: true,
          title: 'MCP Console',
          message:
            q.kind === 'launch'
              ? 'Launch this command line?'
              : q.kind === 'settings'
                ? 'Raise these limits?'
                : 'Trust this server?',
          detail: consentText(q),
        });
        return r.response === 1;
      });
      queue = answer.then(
        () => undefined,
        () => undefined,
      );
      return answer;
    },
  };
}

import { execFile } from 'node:child_process';
import type { AuthPrompt } from '../../../shared/schemas/auth.js';
import type { CoreOptions } from '../../core/index.js';
import type { ParsedArgs } from './args.js';
import type { Io } from './io.js';
import { safe } from './format.js';

/** The line a script (or the conformance harness) finds the sign-in address on. */
export const SIGN_IN_LINE = 'sign-in URL: ';

/** Opens a URL in the system browser: the URL is one argument of a program, never a shell line. */
function openInBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  execFile(cmd, args, { windowsHide: true }, () => {});
}

/**
 * Sign-in on the terminal: the whole authorization URL and its host are printed first; on a
 * terminal (and without --no-browser) the person is asked before the browser opens it. Otherwise
 * the URL is for the person to open; the console waits for the browser to come back to its
 * loopback listener.
 */
export function cliAuth(io: Io, args: ParsedArgs): CoreOptions['auth'] {
  const noBrowser = args.flags.has('no-browser');
  return {
    prompter: (p: AuthPrompt, cancel: AbortController) => {
      io.err(
        `${safe(p.serverId)} asks you to sign in at ${safe(p.host)}${p.issuer ? ` (authorization server ${safe(p.issuer)})` : ''}${p.scope ? `, scope ${safe(p.scope)}` : ''}.`,
      );
      io.err(`${SIGN_IN_LINE}${safe(p.url)}`);
      if (noBrowser || !io.isTTY) {
        io.err('Open this address in a browser; the console waits for it to come back (Ctrl-C gives up).');
        return;
      }
      void io.ask('Open it in your browser now? [y/N] ').then((a) => {
        if (/^\s*(y|yes)\s*$/i.test(a)) openInBrowser(p.url);
        else if (/^\s*(n|no)\s*$/i.test(a)) cancel.abort(new Error('the person declined to open the sign-in page'));
        else io.err('Open the address above yourself; the console waits.');
      });
    },
  };
}

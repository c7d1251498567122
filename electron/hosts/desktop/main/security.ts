import type { Session, WebContents } from 'electron';
import { isAppUrl } from './window-options.js';

/** SECURITY: every permission request (camera, microphone, notifications, clipboard read, …) is denied. */
export function denyPermissions(
  session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
): void {
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** SECURITY: window.open opens nothing; navigation and redirects away from the app are prevented; no webviews. */
export function lockContents(contents: Pick<WebContents, 'setWindowOpenHandler' | 'on'>): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const stay = (e: { preventDefault(): void }, url: string) => {
    if (!isAppUrl(url)) e.preventDefault();
  };
  contents.on('will-navigate', stay);
  contents.on('will-redirect', stay);
  contents.on('will-attach-webview', (e) => e.preventDefault());
}

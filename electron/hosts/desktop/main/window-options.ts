import type { BrowserWindowConstructorOptions } from 'electron';

/** The one scheme the app's pages are served from (not file://). */
export const APP_ORIGIN = 'app://console';
export const APP_URL = `${APP_ORIGIN}/index.html`;

/** The main window's options: isolated, sandboxed, no Node, no webview, web security on. */
export function windowOptions(
  preload: string,
  bounds: { x?: number; y?: number; width: number; height: number },
  icon?: string,
): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'MCP Console',
    icon,
    backgroundColor: '#0f1318',
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      safeDialogs: true,
      // Middle-click must not open links in new windows.
      disableBlinkFeatures: 'Auxclick',
    },
  };
}

/** True for a URL inside the app (what the window may show); everything else is refused. */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'app:' && u.host === 'console';
  } catch {
    return false;
  }
}

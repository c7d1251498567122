import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, shell } from 'electron';
import { eventChannel } from '../../shared/bridge.js';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { makeHandlers, startCore } from '../core/index.js';
import { registerIpc } from './ipc.js';
import { openExternalLink } from './links.js';
import { menuTemplate } from './menu.js';
import { appResponse } from './protocol.js';
import { denyPermissions, lockContents } from './security.js';
import { dialogConsent } from './consent-dialog.js';
import { APP_URL, windowOptions } from './window-options.js';
import { loadWindowState, saveWindowState } from './window-state.js';

const here = dirname(fileURLToPath(import.meta.url));
const RENDERER = join(here, '..', 'renderer');
const PRELOAD = join(here, '..', 'preload', 'index.cjs');
const ICON = join(here, '..', '..', 'assets', 'icon.png');
const flag = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

let win: BrowserWindow | null = null;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('web-contents-created', (_e, contents) => lockContents(contents));
  app
    .whenReady()
    .then(start)
    .catch((e: Error) => {
      // The app must say what went wrong, not vanish.
      dialog.showErrorBox('MCP Console could not start', e?.message ?? String(e));
      app.exit(1);
    });
}

async function start(): Promise<void> {
  // SECURITY: command lines and trust the page asks for are confirmed in a native dialog the page cannot drive.
  const consent = dialogConsent((opts) => (win ? dialog.showMessageBox(win, opts) : dialog.showMessageBox(opts)));
  const config = flag('config');
  const started = startCore({ dataDir: flag('data-dir'), configFile: config, consent });
  const { core, dataDir } = started;
  const problems = [...started.problems, ...started.configWarnings.map((w) => `--config ${w}`)];
  if (started.configError) problems.push(started.configError);

  protocol.handle('app', (req) => appResponse(RENDERER, req.url));
  denyPermissions(session.defaultSession);

  const options = windowOptions(PRELOAD, loadWindowState(dataDir), ICON);
  // SECURITY: the flags that matter most are pinned here too, where a reader (or a scanner) sees them.
  win = new BrowserWindow({
    ...options,
    webPreferences: {
      ...options.webPreferences,
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  const w = win;
  const remember = () => !w.isDestroyed() && !w.isMaximized() && saveWindowState(dataDir, w.getBounds());
  w.on('resize', remember);
  w.on('move', remember);
  w.once('ready-to-show', () => w.show());

  const handlers = makeHandlers(core, {
    requester: CONSOLE_USER,
    overrides: {
      'links.open': ({ url }) =>
        openExternalLink(
          url,
          async (href) =>
            (
              await dialog.showMessageBox(w, {
                type: 'question',
                buttons: ['Cancel', 'Open'],
                defaultId: 0,
                cancelId: 0,
                message: 'Open this address in your browser?',
                detail: href,
              })
            ).response === 1,
          (href) => shell.openExternal(href),
        ),
    },
  });
  // SECURITY: only this window's own main frame may use the console.
  registerIpc(ipcMain, handlers, (frame) => !w.isDestroyed() && frame === w.webContents.mainFrame);
  const off = core.onEvent((name, payload) => {
    if (!w.isDestroyed()) w.webContents.send(eventChannel(name), payload);
  });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        isMac: process.platform === 'darwin',
        isDev: !app.isPackaged,
        appName: 'MCP Console',
        about: () =>
          void dialog.showMessageBox(w, {
            message: `MCP Console ${app.getVersion()}`,
            detail: 'A tool inspector and approval console for the Model Context Protocol.',
          }),
      }),
    ),
  );

  for (const p of problems) void dialog.showMessageBox(w, { type: 'warning', message: 'MCP Console started with a problem', detail: p });

  let closing = false;
  app.on('before-quit', (e) => {
    if (closing) return;
    // Shut every server down cleanly (no orphaned child processes), then quit.
    e.preventDefault();
    closing = true;
    off();
    void core.close().finally(() => app.quit());
  });
  app.on('window-all-closed', () => app.quit());
  await w.loadURL(APP_URL);
}

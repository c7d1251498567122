import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  Notification,
  protocol,
  safeStorage,
  session,
  shell,
} from 'electron';
import { eventChannel } from '../../../../shared/preload-api.js';
import { pageCsp } from '../../../../shared/csp.js';
import { CONSOLE_USER } from '../../../../shared/schemas/requester.js';
import { describeRequester } from '../../../../shared/requester-text.js';
import type { EventName, EventPayload } from '../../../../shared/contract/index.js';
import {
  eventWindow,
  FROZEN_EVENTS,
  keyFileBox,
  resolveDataDir,
  startCore,
  type ConsoleCore,
  type EventWindow,
  type Handlers,
} from '../../../core/index.js';
import { safeStorageWrapper } from './secret-storage.js';
import { desktopBridgeCommand } from './bridge-command.js';
import { registerIpc } from './ipc.js';
import { openExternalLink } from './links.js';
import { menuTemplate } from './menu.js';
import { appResponse } from './protocol.js';
import { denyPermissions, lockContents } from './security.js';
import { dialogConsent } from './consent-dialog.js';
import { APP_ORIGIN, APP_URL, windowOptions } from './window-options.js';
import { loadWindowState, saveWindowState } from './window-state.js';

const here = dirname(fileURLToPath(import.meta.url));
const RENDERER = join(here, '..', 'renderer');
/**
 * The review's worker, built by tsc beside the core (packed with it: electron-builder.yml takes
 * out/node/electron/core).
 */
const REVIEW_WORKER = join(here, '..', 'node', 'electron', 'core', 'review', 'review-worker.js');
const PRELOAD = join(here, '..', 'preload', 'index.cjs');
const ICON = join(here, '..', '..', 'assets', 'icon.png');
/** Audit shipping from the command line (`--ship-syslog`, `--ship-ca`, `--ship-otlp`): they win over the settings. */
const shipFlags = () => {
  const ca = flag('ship-ca');
  return { syslog: flag('ship-syslog'), ca: ca && resolve(ca), otlp: flag('ship-otlp') };
};
const flag = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

/** The approval gateway, handed in by the launcher (hosts do not import each other). */
export type StartAgents = (
  core: ConsoleCore,
  dataDir: string,
) => Promise<{ url: string; problem?: string; close(): Promise<void> }>;

let win: BrowserWindow | null = null;
let startAgents: StartAgents | undefined;

/** Runs the desktop app; `agents` starts the approval gateway beside it. */
export function runDesktop(agents?: StartAgents): void {
  startAgents = agents;
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
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
}

async function start(): Promise<void> {
  // SECURITY: command lines and trust the page asks for are confirmed in a native dialog the page cannot drive.
  const consent = dialogConsent((opts) => (win ? dialog.showMessageBox(win, opts) : dialog.showMessageBox(opts)));
  const config = flag('config');
  // OAuth tokens are sealed with a key the OS keychain protects (safeStorage), where there is one.
  const box = keyFileBox(join(resolveDataDir(flag('data-dir')), 'auth'), safeStorageWrapper(safeStorage));
  const policyFile = flag('policy');
  const policy = policyFile ? { named: { path: resolve(policyFile), from: 'flag' as const } } : undefined;
  const started = startCore({
    dataDir: flag('data-dir'),
    configFile: config,
    connectConfigured: !process.argv.includes('--no-connect'),
    consent,
    auth: { box },
    review: { worker: REVIEW_WORKER },
    policy,
    ship: shipFlags(),
  });
  const { core, dataDir } = started;
  const problems = [...started.problems, ...started.configWarnings.map((w) => `--config ${w}`)];
  if (started.configError) problems.push(started.configError);

  // MCP App views load from an origin of their own, which the page may frame (and no other).
  const csp = pageCsp(await core.serveViews([APP_ORIGIN]));
  protocol.handle('app', (req) => appResponse(RENDERER, req.url, csp));
  denyPermissions(session.defaultSession);

  const w = (win = openWindow(dataDir));
  let agents: Awaited<ReturnType<StartAgents>> | undefined;
  try {
    agents = await startAgents?.(core, dataDir);
    if (agents?.problem) problems.push(agents.problem);
  } catch (e) {
    problems.push(`the agent gateway could not start: ${(e as Error).message}`);
  }
  const handlers = shellHandlers(core, w, { problems, agentsUrl: () => agents?.url, dataDir });
  const { off, toWindow } = wireWindow(core, w, handlers);
  setMenu(w);

  for (const p of problems)
    void dialog.showMessageBox(w, { type: 'warning', message: 'MCP Console started with a problem', detail: p });

  let closing = false;
  app.on('before-quit', (e) => {
    if (closing) return;
    // Shut every server down cleanly (no orphaned child processes), then quit.
    e.preventDefault();
    closing = true;
    off();
    toWindow.close();
    void Promise.resolve(agents?.close())
      .catch(() => undefined)
      .then(() => core.close())
      .finally(() => app.quit());
  });
  app.on('window-all-closed', () => app.quit());
  await w.loadURL(APP_URL);
  core.frontEndOpened();
}

/** The window: its saved place and size, the security flags pinned, shown once ready. */
function openWindow(dataDir: string): BrowserWindow {
  const options = windowOptions(PRELOAD, loadWindowState(dataDir), ICON);
  // SECURITY: the flags that matter most are pinned here too, where a reader (or a scanner) sees them.
  const w = new BrowserWindow({
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
  const remember = () => !w.isDestroyed() && !w.isMaximized() && saveWindowState(dataDir, w.getBounds());
  w.on('resize', remember);
  w.on('move', remember);
  w.once('ready-to-show', () => w.show());

  return w;
}

/**
 * The contract's handlers for the window, with what the shell serves better itself: start-up problems, where agents
 * connect, links opened after a native confirmation.
 */
function shellHandlers(
  core: ConsoleCore,
  w: BrowserWindow,
  facts: { problems: string[]; agentsUrl: () => string | undefined; dataDir: string },
): Handlers {
  return core.handlers({
    requester: CONSOLE_USER,
    overrides: {
      'console.problems': () => facts.problems,
      'agents.gateway': () => ({
        httpUrl: facts.agentsUrl(),
        bridgeCommand: desktopBridgeCommand({
          packaged: app.isPackaged,
          execPath: process.execPath,
          appPath: app.getAppPath(),
          dataDir: facts.dataDir,
        }),
      }),
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
}

/**
 * The IPC of the window's main frame, and the core's events to it (an agent's waiting call as a native notification
 * while the window is behind).
 */
function wireWindow(
  core: ConsoleCore,
  w: BrowserWindow,
  handlers: Handlers,
): { off: () => void; toWindow: EventWindow<[EventName, unknown]> } {
  // The window's events are sent a frame at a time (see eventWindow): a call's events wake the
  // renderer once, after the call's answer has gone out. A payload that may still change is copied now.
  const toWindow = eventWindow<[EventName, unknown]>((batch) => {
    if (w.isDestroyed()) return;
    for (const [name, payload] of batch) w.webContents.send(eventChannel(name), payload);
  });
  // SECURITY: only this window's own main frame may use the console.
  registerIpc(
    ipcMain,
    handlers,
    (frame) => !w.isDestroyed() && frame === w.webContents.mainFrame,
    () => toWindow.flush(),
  );
  const off = core.onEvent((name, payload) => {
    toWindow.push([name, FROZEN_EVENTS.has(name) ? payload : structuredClone(payload)]);
    // An agent's call waits while the window is behind: a native notification; a click brings the dialog forward.
    if (name === 'approval.requested' && !w.isDestroyed() && !w.isFocused() && Notification.isSupported()) {
      const a = payload as EventPayload<'approval.requested'>;
      const n = new Notification({
        title: 'MCP Console: a call waits for you',
        body: `${describeRequester(a.requestedBy)} asks to call ${a.tool} on ${a.serverId}`,
      });
      n.on('click', () => {
        if (w.isMinimized()) w.restore();
        w.show();
        w.focus();
      });
      n.show();
    }
  });
  return { off, toWindow };
}

/** The application menu. */
function setMenu(w: BrowserWindow): void {
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
}

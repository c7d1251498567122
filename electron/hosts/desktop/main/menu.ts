import type { MenuItemConstructorOptions } from 'electron';

/** The native menu: the usual roles; reload and devtools only in development. */
export function menuTemplate(opts: {
  isMac: boolean;
  isDev: boolean;
  appName: string;
  about: () => void;
}): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    ...(opts.isDev
      ? ([
          { role: 'reload' },
          { role: 'forceReload' },
          { role: 'toggleDevTools' },
          { type: 'separator' },
        ] as MenuItemConstructorOptions[])
      : []),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(opts.isMac
      ? [
          {
            label: opts.appName,
            submenu: [
              { role: 'about' },
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              { role: 'quit' },
            ],
          } as MenuItemConstructorOptions,
        ]
      : []),
    { label: 'File', submenu: [opts.isMac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    { role: 'help', submenu: [{ label: `About ${opts.appName}`, click: opts.about }] },
  ];
}

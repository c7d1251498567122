import { contextBridge, ipcRenderer } from 'electron';
import { PRELOAD_GLOBAL, buildPreloadApi, NAMES_CHANNEL } from '../../../../shared/preload-api.js';

contextBridge.exposeInMainWorld(
  PRELOAD_GLOBAL,
  buildPreloadApi(
    // Asked once, before the page runs: the names are main's, from the contract it serves.
    ipcRenderer.sendSync(NAMES_CHANNEL) as unknown,
    (channel, input) => ipcRenderer.invoke(channel, input),
    (channel, listener) => {
      // SECURITY: the renderer gets the payload only, never the IpcRendererEvent (or its sender).
      const wrapped = (_e: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
      ipcRenderer.on(channel, wrapped);
      return () => ipcRenderer.removeListener(channel, wrapped);
    },
  ),
);

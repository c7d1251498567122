import type { IpcMain, IpcMainInvokeEvent, WebFrameMain } from 'electron';
import { requestChannel } from '../../shared/bridge.js';
import { requestNames, type Reply } from '../../shared/contract.js';
import { dispatch, type Handlers } from '../core/index.js';

/**
 * One ipcMain handler per contract request. Each checks that the sender is the app's own main
 * frame, parses the input with the contract schema, runs the core's handler, and answers
 * `{ ok, value }` or `{ ok: false, error: { code, message } }`. `beforeReply` runs just before each
 * answer leaves (the window's waiting events go first, so the renderer sees them in order).
 */
export function registerIpc(
  ipc: Pick<IpcMain, 'handle'>,
  handlers: Handlers,
  isMainFrame: (frame: WebFrameMain | null) => boolean,
  beforeReply: () => void = () => {},
): void {
  for (const name of requestNames) {
    ipc.handle(requestChannel(name), async (event: IpcMainInvokeEvent, input: unknown): Promise<Reply<unknown>> => {
      // SECURITY: only the app's own main frame may talk to the core.
      if (!isMainFrame(event.senderFrame)) return { ok: false, error: { code: 'forbidden', message: 'this frame may not use the console' } };
      const reply = await dispatch(handlers, name, input);
      beforeReply();
      return reply;
    });
  }
}

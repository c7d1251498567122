import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent, WebFrameMain } from 'electron';
import { NAMES_CHANNEL, requestChannel, type ContractNames } from '../../../../shared/preload-api.js';
import { eventNames, requestNames, type Reply } from '../../../../shared/contract/index.js';
import { dispatch, type Handlers } from '../../../core/index.js';

/**
 * The contract's names for the preload (asked synchronously once as it starts, only by the main
 * frame), then one ipcMain handler per contract request. Each checks that the sender is the app's own main
 * frame, parses the input with the contract schema, runs the core's handler, and answers
 * `{ ok, value }` or `{ ok: false, error: { code, message } }`. `beforeReply` runs just before each
 * answer leaves (the window's waiting events go first, so the renderer sees them in order).
 */
export function registerIpc(
  ipc: Pick<IpcMain, 'handle' | 'on'>,
  handlers: Handlers,
  isMainFrame: (frame: WebFrameMain | null) => boolean,
  beforeReply: () => void = () => {},
): void {
  const names: ContractNames = { requests: requestNames, events: eventNames };
  ipc.on(NAMES_CHANNEL, (event: IpcMainEvent) => {
    // SECURITY: the names are no secret, but only the app's own main frame gets the preload API.
    event.returnValue = isMainFrame(event.senderFrame) ? names : null;
  });
  for (const name of requestNames) {
    ipc.handle(requestChannel(name), async (event: IpcMainInvokeEvent, input: unknown): Promise<Reply<unknown>> => {
      // SECURITY: only the app's own main frame may talk to the core.
      if (!isMainFrame(event.senderFrame))
        return { ok: false, error: { code: 'forbidden', message: 'this frame may not use the console' } };
      const reply = await dispatch(handlers, name, input);
      beforeReply();
      return reply;
    });
  }
}

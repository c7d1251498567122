import { resolve } from 'node:path';
import { Recorder } from '../../core/index.js';
import type { ServerView } from '../../../shared/schemas/server.js';
import type { CommandCore } from './command-core.js';
import { safe } from './format.js';
import type { Io } from './io.js';

/**
 * `--record FILE` on a command: what its servers said and were sent, and what was decided on its calls, written to
 * FILE as it happens (shared/schemas/recording.ts). Through a running console the command records what the console
 * hands it of its own servers; with a core of its own, everything its core does. The recording ends, with the
 * servers as they were, when the command closes its core.
 */
export async function recorded(core: CommandCore, file: string, by: string, io: Io): Promise<CommandCore> {
  const path = resolve(file);
  const recorder = await Recorder.open({
    file: path,
    by,
    onEnded: (s) => io.err(`warning: the recording ${safe(path)} ended early: ${safe(s.reason)}`),
  });
  const offEvents = core.onEvent((name, payload) => recorder.event(name, payload));
  let offTrace: () => void;
  try {
    offTrace = await core.followTrace((e, whole) => recorder.message(e, whole), { whole: true });
  } catch (e) {
    offEvents();
    await recorder.end('the trace could not be followed');
    throw e;
  }
  return {
    ...core,
    close: async () => {
      let views: ServerView[] = [];
      try {
        views = await core.ask('servers.list', {});
      } catch {
        /* the console went: the recording ends without the servers' descriptions */
      }
      offTrace();
      offEvents();
      const s = await recorder.end('ended', views);
      io.err(
        `recorded ${s.messages} messages and ${s.calls} call states to ${safe(path)}` +
          (s.dropped ? ` (${s.dropped} lines could not be written in time)` : ''),
      );
      await core.close();
    },
  };
}

/**
 * The one way a process of ours ends itself: after what it wrote has left. A pipe another Node process
 * made is a socket, written asynchronously; `process.exit` right after a large `stdout.write` dropped
 * whatever the reader had not yet taken (a `tools --json` of 261 tools cut at 219 KB when the reader
 * was slow). A write of nothing is answered after every write before it, so its callback is the moment
 * the output is out of the process. `e2e/house/process-exit.test.ts` holds every other `process.exit`
 * out of shipped code.
 */
import type { Writable } from 'node:stream';

/** Resolves once everything written to `stream` so far has been handed to the system (at once when it was). */
export function written(stream: Writable): Promise<void> {
  if (stream.destroyed || !stream.writable || stream.writableLength === 0) return Promise.resolve();
  return new Promise((done) => {
    const end = () => done();
    stream.once('close', end);
    stream.once('error', end);
    stream.write('', () => {
      stream.off('close', end);
      stream.off('error', end);
      done();
    });
  });
}

/** Ends the process with `code` once stdout and stderr are written out. */
export async function exitWhenWritten(code: number): Promise<never> {
  await Promise.all([written(process.stdout), written(process.stderr)]);
  process.exit(code);
}

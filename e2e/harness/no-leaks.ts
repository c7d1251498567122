import { afterAll, beforeAll } from 'vitest';

/**
 * Every test file, both lanes: what a file leaves keeping the event loop alive after its own
 * teardown is a leak — a timer that fires into a torn-down world (a reconnect after the test put
 * its fake socket back: "WebSocket is not a constructor", and an exit code of 1 with every test
 * passed), a socket, a server or a child process left open. Timers the file made are followed one
 * by one (the global setTimeout and setInterval, wrapped for the file); sockets, servers and
 * processes are counted by kind (the runner's own channel is a pipe, not among them). What is
 * still there once the teardown had its turns fails the file, by name: a leak is found in the file
 * that made it, on every run, not on a loaded machine now and then.
 */
const WATCHED = new Set(['TCPSocketWrap', 'TCPServerWrap', 'ProcessWrap', 'UDPWrap', 'PipeServerWrap']);

function counts(): Map<string, number> {
  const m = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) if (WATCHED.has(kind)) m.set(kind, (m.get(kind) ?? 0) + 1);
  return m;
}

interface Followed {
  timer: NodeJS.Timeout;
  what: string;
}
const made: Followed[] = [];
const realTimeout = globalThis.setTimeout;
const realInterval = globalThis.setInterval;

function follow<F extends typeof setTimeout | typeof setInterval>(real: F, what: string): F {
  const wrapped = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = (real as (f: (...a: unknown[]) => void, m?: number, ...r: unknown[]) => NodeJS.Timeout)(
      fn,
      ms,
      ...args,
    );
    if (made.length < 100_000) made.push({ timer, what: `${what}(…, ${ms ?? 0} ms)` });
    return timer;
  }) as unknown as F;
  Object.assign(wrapped, real);
  return wrapped;
}

let before = new Map<string, number>();
beforeAll(() => {
  made.length = 0;
  before = counts();
  globalThis.setTimeout = follow(realTimeout, 'setTimeout');
  globalThis.setInterval = follow(realInterval, 'setInterval');
});

/** A timer still due to run and holding the loop open. */
const pending = (t: NodeJS.Timeout): boolean => t.hasRef() && !(t as unknown as { _destroyed?: boolean })._destroyed;

afterAll(async () => {
  globalThis.setTimeout = realTimeout;
  globalThis.setInterval = realInterval;
  let left: string[] = [];
  // What a teardown closed goes in the next turns: they are given half a second.
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => realTimeout(r, 25));
    const now = counts();
    const timers = made.filter((m) => pending(m.timer)).map((m) => m.what);
    const handles = [...now]
      .filter(([k, n]) => n > (before.get(k) ?? 0))
      .map(([k, n]) => `${n - (before.get(k) ?? 0)} × ${k}`);
    left = [...new Set(timers)].map((w) => `${timers.filter((x) => x === w).length} × ${w}`).concat(handles);
    if (!left.length) return;
  }
  made.length = 0;
  throw new Error(
    `this file left ${left.join(', ')} running after its teardown: close what it opened, clear what it scheduled`,
  );
});

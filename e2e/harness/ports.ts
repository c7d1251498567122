import { createServer } from 'node:net';

// Ports the tests choose for a process they start a moment later (an instance of the team service, PostgreSQL,
// rsyslog): one chooser for every harness.

/** Linux gives outgoing connections their ports from here up (`ip_local_port_range`: 32768–60999). */
export const EPHEMERAL_FROM = 32_768;
/** Where the chosen ports start: below the ephemeral range, above the well-known and registered ones most use. */
export const CHOSEN_FROM = 20_000;
const SPAN = EPHEMERAL_FROM - CHOSEN_FROM;
/** A step coprime with the span, so that one process walks every port once before any comes back. */
const STEP = 7_919;
let walked = 0;
const start = (process.pid * 104_729 + Date.now()) % SPAN;

const canListen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/**
 * A free loopback port for a process started a moment later, chosen below the kernel's ephemeral range. A port the
 * kernel hands out for `listen(0)` is in that range, where any outgoing connection (a database client, an HTTP request
 * of another test) may be given it before the process listens: a CI run lost a team instance to EADDRINUSE that way.
 * Below it, only another chooser can take it; each process walks its own order and never gives one port twice.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = CHOSEN_FROM + ((start + walked++ * STEP) % SPAN);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free loopback port between ${CHOSEN_FROM} and ${EPHEMERAL_FROM}`);
}

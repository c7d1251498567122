/**
 * The command line's channel to a running console: the local socket the bridge uses (a folder only this user may
 * enter), opened with a first line of `{"commandLine":1}`. After it, each line is one JSON object: a command's
 * request `{ id, op, ... }`, the console's answer `{ id, ok, value | error }`, an event about what the command asked
 * for `{ event, payload }`, or a protocol trace entry `{ trace }` once the command follows the trace.
 */
export const CHANNEL_OPS = [
  'ask',
  'connect',
  'loadServers',
  'decide',
  'answer',
  'review',
  'reviewed',
  'trace',
  'runRequest',
  'runDecide',
  'runCancel',
  'runWait',
  'runObserved',
] as const;
export type ChannelOp = (typeof CHANNEL_OPS)[number];

/** The first line a command sends on the socket. */
export const COMMAND_LINE_HELLO = { commandLine: 1 } as const;

/** A console running on a data directory: its process and the socket it listens on. */
export interface RunningConsole {
  pid: number;
  socket: string;
}

/** Finds the console running on a data directory (the launch hands this in: it reads the gateway's address file). */
export type FindConsole = (dataDir: string) => RunningConsole | null;

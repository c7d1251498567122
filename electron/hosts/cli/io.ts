import { createInterface } from 'node:readline/promises';

/** Where a command reads and writes: the process's own streams, or a test's. */
export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  isTTY: boolean;
  /** Asks on the terminal; `signal` withdraws the question (the answer came from elsewhere), rejecting. */
  ask: (question: string, signal?: AbortSignal) => Promise<string>;
}

export function processIo(): Io {
  return {
    out: (s) => process.stdout.write(s + '\n'),
    err: (s) => process.stderr.write(s + '\n'),
    isTTY: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    ask: async (q, signal) => {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      try {
        return await rl.question(q, signal ? { signal } : {});
      } finally {
        rl.close();
      }
    },
  };
}

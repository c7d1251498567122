import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A running `mcp-console serve`. */
export interface ServeProcess {
  url: string;
  child: ChildProcess;
  /**
   * Answers the next consent question serve asks on its terminal (y or n), as the person at that
   * terminal would; resolves with the question's text.
   */
  answerConsent(allow: boolean): Promise<string>;
  /** Ends it and waits for it to exit. */
  stop(): Promise<void>;
  /** What it said on stderr (its last 8,000 characters), and how it ended if it did: for a failed test's report. */
  said(): string;
}

/** How `node` is started for serve: options before the script, and variables added to the environment. */
export interface ServeLaunch {
  nodeArgs?: readonly string[];
  env?: Record<string, string>;
  /** Let serve connect the config's servers as it starts (as a person's `npm start` does). */
  connectAtStart?: boolean;
  /** Start on the port the data directory kept (no --port), as a restarted console does. */
  keepPort?: boolean;
}

/**
 * The lean launch README gives for a long-running `serve` (issue "Performance, round three"): no
 * thread of V8 compiling hot functions beside the loop, and glibc's malloc held to two arenas. Both
 * must be given as the process starts; a running one cannot take them.
 */
export const LEAN_LAUNCH: ServeLaunch = { nodeArgs: ['--no-concurrent-recompilation'], env: { MALLOC_ARENA_MAX: '2' } };

/**
 * Starts `mcp-console serve` with a host config written into `dataDir` (and its data under
 * `dataDir/data`); resolves with the ready URL. Used by the end-to-end tests, the UI bench and the screenshots.
 */
export function startServe(
  config: object,
  dataDir: string,
  extra: readonly string[] = [],
  launch: ServeLaunch = {},
): Promise<ServeProcess> {
  const cfg = join(dataDir, 'mcp.json');
  writeFileSync(cfg, JSON.stringify(config));
  // BENCH_PROFILE_DIR=D: a CPU profile of the serving process is written there when it stops (where its time goes).
  const prof = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];
  const child = spawn(
    process.execPath,
    [
      ...(launch.nodeArgs ?? []),
      ...prof,
      resolve('bin/mcp-console.js'),
      'serve',
      '--config',
      cfg,
      // The specs start from disconnected servers (they connect one and answer its consent); `connectAtStart` does not.
      ...(launch.connectAtStart ? [] : ['--no-connect']),
      '--data-dir',
      join(dataDir, 'data'),
      // A fresh port each start, unless the test follows the page's kept address across a restart.
      ...(launch.keepPort ? [] : ['--port', '0']),
      ...extra,
    ],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: launch.env ? { ...process.env, ...launch.env } : process.env,
    },
  );
  return new Promise((resolvePromise, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /MCP Console ready at (\S+)/.exec(out);
      if (!m) return;
      child.stdout!.off('data', onData);
      child.stderr!.off('data', onData);
      // serve asks for consent on stderr; its answers come on stdin, like a person's at a terminal.
      let err = '';
      let answered = 0;
      const waiters: (() => void)[] = [];
      child.stderr!.on('data', (d: Buffer) => {
        err += d.toString();
        for (const w of waiters.splice(0)) w();
      });
      const PROMPT = 'Type y and Enter to allow';
      const answerConsent = async (allow: boolean): Promise<string> => {
        const deadline = Date.now() + 15_000;
        for (;;) {
          const parts = err.split(PROMPT);
          if (parts.length - 1 > answered) {
            const text = parts[answered] ?? '';
            answered++;
            child.stdin!.write(allow ? 'y\n' : 'n\n');
            return text!.slice(text!.lastIndexOf('MCP Console: '));
          }
          if (Date.now() > deadline)
            throw new Error(`serve asked for no consent within 15 s; its stderr: ${err.slice(-2000)}`);
          await new Promise<void>((r) => {
            waiters.push(r);
            setTimeout(r, 200);
          });
        }
      };
      resolvePromise({
        url: m[1]!,
        child,
        answerConsent,
        said: () =>
          (child.exitCode !== null || child.signalCode !== null
            ? `serve ended (exit ${child.exitCode}, signal ${child.signalCode})\n`
            : 'serve still running\n') + err.slice(-8000),
        stop: () =>
          new Promise<void>((r) => {
            if (child.exitCode !== null) return r();
            child.once('exit', () => r());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`serve exited with ${code} before it was ready: ${out}`)));
  });
}

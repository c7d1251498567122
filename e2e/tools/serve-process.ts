import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A running `mcp-console serve`. */
export interface ServeProcess {
  url: string;
  child: ChildProcess;
  /** Ends it and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts `mcp-console serve` with a host config written into `dataDir` (and its data under
 * `dataDir/data`); resolves with the ready URL. Used by the end-to-end tests, the UI bench and the screenshots.
 */
export function startServe(config: object, dataDir: string): Promise<ServeProcess> {
  const cfg = join(dataDir, 'mcp.json');
  writeFileSync(cfg, JSON.stringify(config));
  const child = spawn(process.execPath, [resolve('bin/mcp-console.js'), 'serve', '--config', cfg, '--data-dir', join(dataDir, 'data'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolvePromise, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /MCP Console ready at (\S+)/.exec(out);
      if (!m) return;
      child.stdout!.off('data', onData);
      child.stderr!.off('data', onData);
      child.stderr!.resume();
      resolvePromise({
        url: m[1],
        child,
        stop: () => new Promise<void>((r) => {
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

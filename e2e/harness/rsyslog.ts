import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where Debian's rsyslog is (`apt-get install rsyslog rsyslog-gnutls`; `.ci/run` installs it). */
export const RSYSLOGD = '/usr/sbin/rsyslogd';

/** A free loopback port (taken by rsyslog a moment later): the harnesses' one chooser. */
export { freePort } from './ports.js';

/** A test CA and a server certificate for 127.0.0.1 signed by it (openssl). */
export function testCertificates(dir: string): { ca: string; cert: string; key: string } {
  const p = (f: string) => join(dir, f);
  const run = (...args: string[]) => {
    const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`openssl ${args[0]} failed: ${r.stderr}`);
  };
  run(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=MCP Console test CA',
    '-keyout',
    p('ca.key'),
    '-out',
    p('ca.pem'),
  );
  run(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    p('server.key'),
    '-out',
    p('server.csr'),
  );
  writeFileSync(p('san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  run(
    'x509',
    '-req',
    '-in',
    p('server.csr'),
    '-CA',
    p('ca.pem'),
    '-CAkey',
    p('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    p('san.ext'),
    '-out',
    p('server.pem'),
  );
  return { ca: p('ca.pem'), cert: p('server.pem'), key: p('server.key') };
}

/**
 * A real rsyslog on a loopback port, with a config of its own: every message received over TCP
 * (octet-counted or not; over TLS when `tls` is given) written raw, one a line, to `out`.
 */
export class Rsyslog {
  readonly out: string;
  private child: ChildProcess | null = null;
  private readonly conf: string;

  constructor(
    private readonly dir: string,
    readonly port: number,
    tls?: { ca: string; cert: string; key: string },
    /** `relp`: rsyslog's imrelp (Debian's rsyslog-relp) instead of plain TCP. */
    protocol: 'tcp' | 'relp' = 'tcp',
  ) {
    mkdirSync(join(dir, 'work'), { recursive: true });
    this.out = join(dir, 'received.log');
    this.conf = join(dir, 'rsyslog.conf');
    const driver =
      protocol === 'relp'
        ? `module(load="imrelp")\n`
        : tls
          ? `global(DefaultNetstreamDriver="gtls" DefaultNetstreamDriverCAFile="${tls.ca}" DefaultNetstreamDriverCertFile="${tls.cert}" DefaultNetstreamDriverKeyFile="${tls.key}")\n` +
            `module(load="imtcp" StreamDriver.Name="gtls" StreamDriver.Mode="1" StreamDriver.AuthMode="anon")\n`
          : `module(load="imtcp")\n`;
    writeFileSync(
      this.conf,
      `global(workDirectory="${join(dir, 'work')}" maxMessageSize="1m")\n` +
        driver +
        (protocol === 'relp'
          ? `input(type="imrelp" port="${port}" address="127.0.0.1")\n`
          : `input(type="imtcp" port="${port}" address="127.0.0.1")\n`) +
        `template(name="raw" type="string" string="%rawmsg%\\n")\n` +
        `*.* action(type="omfile" file="${this.out}" template="raw" flushOnTXEnd="on" asyncWriting="off")\n`,
    );
  }

  /** Starts rsyslogd in the foreground; resolves once it accepts connections. */
  async start(): Promise<void> {
    const child = spawn(RSYSLOGD, ['-n', '-f', this.conf, '-i', join(this.dir, 'rsyslogd.pid')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    this.child = child;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`rsyslogd exited (${child.exitCode}): ${err}`);
      if (await accepts(this.port)) return;
      if (Date.now() > deadline) throw new Error(`rsyslogd did not listen on ${this.port} within 10 s: ${err}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * Freezes it (SIGSTOP) or lets it go on (SIGCONT): frozen, the kernel still takes connections and bytes, and nothing
   * is read or answered.
   */
  freeze(frozen: boolean): void {
    this.child?.kill(frozen ? 'SIGSTOP' : 'SIGCONT');
  }

  /** Stops it (SIGTERM: it closes its connections and writes what it received). */
  async stop(): Promise<void> {
    const c = this.child;
    this.child = null;
    if (!c || c.exitCode !== null) return;
    c.kill('SIGCONT');
    await new Promise<void>((r) => {
      c.once('exit', () => r());
      c.kill('SIGTERM');
    });
  }

  /** What it received so far: each message's structured-data seq and its message (the entry's line). */
  received(): Array<{ seq: number; msgid: string; anchor: boolean; line: string }> {
    if (!existsSync(this.out)) return [];
    return readFileSync(this.out, 'utf8')
      .split('\n')
      .filter((l) => l.includes('mcpConsole@32473'))
      .map((l) => {
        const head =
          /^<\d+>1 \S+ \S+ mcp-console \d+ (\S+) \[mcpConsole@32473 seq="(\d+)"[^\]]*?( anchor="1")?\] \ufeff?(.*)$/.exec(
            l,
          );
        if (!head) throw new Error(`not a message of ours: ${l.slice(0, 200)}`);
        return { msgid: head[1]!, seq: Number(head[2]), anchor: head[3] !== undefined, line: head[4]! };
      });
  }
}

async function accepts(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((r) => {
    const s = connect({ host: '127.0.0.1', port }, () => {
      s.destroy();
      r(true);
    });
    s.on('error', () => r(false));
  });
}

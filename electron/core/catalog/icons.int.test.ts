import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureStdio, nextEvent, scriptedConsent, tempDir } from '../../../e2e/harness/harness.js';
import { TestCore } from '../testing.js';
import { PNG_BASE64, SVG_BASE64 } from '../../../e2e/fixtures/media.js';
import { checkDataIcon, IconFetcher, MAX_ICON_BYTES } from './icons.js';
import { isPublicAddress } from '../support/index.js';

/** The test's own HTTPS server stands in for a public host: the one address these tests allow. */
const testServer = (ip: string) => ip === '127.0.0.1';

describe('data: icons', () => {
  it('keeps an image whose bytes match its type, drops the rest', () => {
    expect(checkDataIcon(`data:image/png;base64,${PNG_BASE64}`)).toBe(`data:image/png;base64,${PNG_BASE64}`);
    expect(checkDataIcon(`data:image/svg+xml;base64,${SVG_BASE64}`)).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(checkDataIcon(`data:image/svg+xml,${encodeURIComponent('<svg xmlns="x"/>')}`)).toMatch(
      /^data:image\/svg\+xml;base64,/,
    );
    expect(checkDataIcon(`data:image/png;base64,${SVG_BASE64}`)).toBeNull();
    expect(checkDataIcon(`data:text/html;base64,${PNG_BASE64}`)).toBeNull();
    expect(checkDataIcon('data:image/png;base64,!!!')).toBeNull();
  });
});

describe('https icons', () => {
  let dir: string;
  let server: Server;
  let base: string;
  let ca: string;
  let hits = 0;
  beforeAll(async () => {
    dir = tempDir();
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    ca = readFileSync(join(dir, 'cert.pem'), 'utf8');
    server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: ca }, (req, res) => {
      hits++;
      if (req.url === '/icon.png')
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(PNG_BASE64, 'base64'));
      if (req.url === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
      if (req.url === '/huge.png')
        return void res
          .writeHead(200, { 'content-type': 'image/png' })
          .end(Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(MAX_ICON_BYTES)]));
      if (req.url === '/lie.png')
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(SVG_BASE64, 'base64'));
      if (req.url === '/to-http') return void res.writeHead(302, { location: 'http://127.0.0.1/icon.png' }).end();
      if (req.url === '/redirect') return void res.writeHead(302, { location: '/icon.png' }).end();
      if (req.url === '/to-private') return void res.writeHead(302, { location: 'https://10.0.0.1/icon.png' }).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const a = server.address();
    base = `https://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fetches an image into a data URI, once per URL', async () => {
    const f = new IconFetcher({ ca, allowAddress: testServer });
    const before = hits;
    expect(await f.resolve([{ src: `${base}/icon.png` }])).toBe(`data:image/png;base64,${PNG_BASE64}`);
    expect(await f.resolve([{ src: `${base}/icon.png` }])).toBe(`data:image/png;base64,${PNG_BASE64}`);
    expect(hits - before).toBe(1);
    expect(await f.resolve([{ src: `${base}/redirect` }])).toBe(`data:image/png;base64,${PNG_BASE64}`);
  });

  it('refuses other types, oversize bodies, lying bytes, redirects off https and untrusted certificates', async () => {
    const f = new IconFetcher({ ca, allowAddress: testServer });
    expect(await f.resolve([{ src: `${base}/page.html` }])).toBeNull();
    expect(await f.resolve([{ src: `${base}/huge.png` }])).toBeNull();
    expect(await f.resolve([{ src: `${base}/lie.png` }])).toBeNull();
    expect(await f.resolve([{ src: `${base}/to-http` }])).toBeNull();
    expect(await new IconFetcher({ allowAddress: testServer }).resolve([{ src: `${base}/icon.png` }])).toBeNull();
  });

  it('never reaches this machine or a private network unless told: by address, by name, after a redirect', async () => {
    const before = hits;
    const f = new IconFetcher({ ca });
    const port = new URL(base).port;
    expect(await f.resolve([{ src: `${base}/icon.png` }])).toBeNull();
    expect(await f.resolve([{ src: `https://localhost:${port}/icon.png` }])).toBeNull();
    expect(await f.resolve([{ src: `https://[::1]:${port}/icon.png` }])).toBeNull();
    expect(await f.resolve([{ src: `https://[::ffff:127.0.0.1]:${port}/icon.png` }])).toBeNull();
    expect(hits - before).toBe(0);
    // The test server is allowed, but a redirect from it to a private address is not followed.
    expect(await new IconFetcher({ ca, allowAddress: testServer }).resolve([{ src: `${base}/to-private` }])).toBeNull();
    expect(hits - before).toBe(1);
  });

  it('tells public addresses from the rest', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('lets the core fetch an https tool icon and push it to front ends as a data URI', async () => {
    const core = new TestCore({
      dataDir: join(dir, 'core'),
      auditFsync: false,
      icons: new IconFetcher({ ca, allowAddress: testServer }),
      consent: scriptedConsent(),
    });
    core.start();
    try {
      core.addServer('fx', fixtureStdio({ FIXTURE_ICON_URL: `${base}/icon.png` }));
      const pushed = nextEvent(core, 'catalog.changed', (e) => e.change.reason === 'icons');
      await core.connect('fx');
      const e = await pushed;
      expect(e.tools.find((t) => t.name === 'icon_https')!.iconData).toBe(`data:image/png;base64,${PNG_BASE64}`);
      expect(e.tools.find((t) => t.name === 'icon_https')!.icons![0]!.src).toBe(`${base}/icon.png`);
    } finally {
      await core.close();
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { callApproved, fixtureStdio, scriptedConsent, tempDir } from '../harness/harness.js';
import { hostile, type Hostile } from './attack-kit.js';
import { partsOf, TestCore } from '../../electron/core/testing.js';

/**
 * A hostile authorization server: the console signs in to a server whose OAuth metadata is the
 * attack (100,000 levels deep, or 50 MB). Signing in fails in words, at its step in the auth
 * debugger; the console and its other servers go on.
 */
describe('a hostile authorization server', () => {
  let core: TestCore | undefined;
  let bad: Hostile | undefined;
  afterEach(async () => {
    await core?.close();
    bad?.stop();
    core = bad = undefined;
  });

  for (const [attack, said] of [
    ['auth-deep', /the answer nests deeper than 1,000 levels: refused/],
    ['auth-huge', /over 1 MiB: refused/],
  ] as const)
    it(`${attack}: signing in fails with the reason, and the console goes on`, async () => {
      bad = await hostile(attack, 'http', 'legacy');
      const prompted: string[] = [];
      core = new TestCore({
        dataDir: tempDir(),
        auditFsync: false,
        consent: scriptedConsent(),
        auth: { prompter: (p) => void prompted.push(p.url), timeoutMs: 5000 },
      });
      core.start();
      core.addServer('honest', fixtureStdio());
      core.addServer('bad', bad.config);
      await core.connect('honest');
      const error = await core.connect('bad').then(
        (v) => `resolved: ${v.status} ${v.error ?? ''}`,
        (e: Error) => e.message,
      );
      expect(error).not.toMatch(/^resolved: connected/);
      const steps = JSON.stringify(partsOf(core).auth.view('bad'));
      expect(error).toMatch(said);
      expect(steps).toMatch(said);
      expect(prompted).toEqual([]); // nobody is sent to a browser on such metadata
      const h = { core } as Parameters<typeof callApproved>[0];
      expect((await callApproved(h, 'honest', 'echo', { message: 'still here' })).outcome).toBe('ok');
      expect(core.verifyAudit().ok).toBe(true);
    });
});

import { afterEach, describe, expect, it } from 'vitest';
import { callApproved, fixtureStdio, makeCore, type Harness } from '../harness/harness.js';

describe('the call timeout of a server, and whether progress starts it again', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.dispose();
    h = undefined;
  });

  it('a long call that reports progress runs past its timeout only while progress resets it', async () => {
    h = makeCore();
    h.core.addServer('fx', fixtureStdio(), { callTimeoutMs: 1000 });
    await h.core.connect('fx');
    // 4 steps of 400 ms: 1.6 s in all, never 1 s without a word.
    const long = { steps: 4, delayMs: 400 };
    expect(await callApproved(h, 'fx', 'slow_progress', long)).toMatchObject({ outcome: 'ok' });
    const view = await h.core.updateServer('fx', undefined, { resetTimeoutOnProgress: false });
    expect(view.settings).toMatchObject({ callTimeoutMs: 1000, resetTimeoutOnProgress: false });
    expect(await callApproved(h, 'fx', 'slow_progress', long)).toMatchObject({ outcome: 'timeout' });
    // A longer timeout lets it finish without the reset.
    await h.core.updateServer('fx', undefined, { callTimeoutMs: 5000 });
    expect(await callApproved(h, 'fx', 'slow_progress', long)).toMatchObject({ outcome: 'ok' });
  });
});

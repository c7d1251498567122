import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_USER } from '../../../shared/schemas/requester.js';
import { makeCore, scriptedConsent, type Harness } from '../../../e2e/harness/harness.js';
import { makeHandlers } from '../console-core.js';
import { dispatch } from '../handlers.js';
import { consentText } from './consent-text.js';

/** What a page asks through the contract (browser mode and the desktop window answer through dispatch). */
async function fromPage(h: Harness, patch: object) {
  return dispatch(makeHandlers(h.core, { requester: CONSOLE_USER }), 'settings.update', patch);
}

describe('settings a page raises', () => {
  let h: Harness | undefined;
  afterEach(async () => h?.dispose());

  it('a 24-hour approval timeout from the page waits for a confirmation outside it; refused, nothing changes', async () => {
    const person = scriptedConsent(() => false);
    h = makeCore({ consent: person });
    const r = await fromPage(h, { approvalTimeoutMs: 86_400_000 });
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'not-confirmed',
        message: expect.stringMatching(/raising approvalTimeoutMs needs a confirmation outside the page: refused at the test terminal/),
      },
    });
    expect(h.core.settings().approvalTimeoutMs).toBe(600_000);
    expect(person.asked).toEqual([expect.objectContaining({ kind: 'settings', settings: [{ name: 'approvalTimeoutMs', from: 600_000, to: 86_400_000 }] })]);
    expect(consentText(person.asked[0]!)).toMatch(/asks to raise limits past their defaults:\n {2}approvalTimeoutMs: 600,000 -> 86,400,000/);
  });

  it('confirmed, it applies and the audit log says what changed; lowering or staying within the defaults never asks', async () => {
    const person = scriptedConsent(() => true);
    h = makeCore({ consent: person });
    expect(await fromPage(h, { approvalTimeoutMs: 86_400_000, maxPendingApprovalsPerServer: 500 })).toMatchObject({ ok: true });
    expect(person.asked).toHaveLength(1);
    expect(h.core.queryAudit({ kind: 'config', limit: 5 }).at(-1)?.reason).toBe(
      'settings changed: approvalTimeoutMs 600000 -> 86400000, maxPendingApprovalsPerServer 50 -> 500',
    );
    expect(await fromPage(h, { approvalTimeoutMs: 60_000, maxPendingApprovalsPerServer: 10, maxInlineArgsBytes: 1024 })).toMatchObject({ ok: true });
    expect(person.asked).toHaveLength(1);
  });

  it('with no surface to ask on, a raise is refused and says so', async () => {
    h = makeCore({ consent: null });
    const r = await fromPage(h, { maxMessageBytes: 512 * 1_048_576 });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).toMatch(/no surface to confirm it here/);
  });
});

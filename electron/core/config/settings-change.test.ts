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

  it('a new place to ship the audit log to is confirmed outside the page; turning shipping off is not', async () => {
    const person = scriptedConsent(() => false);
    h = makeCore({ consent: person });
    const r = await fromPage(h, { shipSyslog: 'tcp://attacker.example:514' });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'not-confirmed', message: expect.stringContaining('changing shipSyslog needs a confirmation outside the page') },
    });
    expect(h.core.settings().shipSyslog).toBeNull();
    expect(consentText(person.asked[0]!)).toContain(
      'asks to change where the audit log is sent:\n  shipSyslog: (none) -> tcp://attacker.example:514\nEvery audit entry, with the arguments of every call, would be sent there.',
    );
    // A bad address is refused before anyone is asked.
    expect(await fromPage(h, { shipOtlp: 'ftp://x' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(person.asked).toHaveLength(1);
    // Confirmed, it is applied; taking it away asks nobody.
    const yes = scriptedConsent(() => true);
    await h.dispose();
    h = makeCore({ consent: yes });
    expect(await fromPage(h, { shipSyslog: 'tcp://127.0.0.1:9' })).toMatchObject({ ok: true, value: { shipSyslog: 'tcp://127.0.0.1:9' } });
    expect(await fromPage(h, { shipSyslog: null })).toMatchObject({ ok: true, value: { shipSyslog: null } });
    expect(yes.asked).toHaveLength(1);
  });

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

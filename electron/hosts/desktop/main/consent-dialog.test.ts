import { describe, expect, it } from 'vitest';
import { dialogConsent, type ShowMessageBox } from './consent-dialog.js';

describe('the native consent dialog', () => {
  it('shows the exact command line, defaults to Cancel, allows only on the named button, one dialog at a time', async () => {
    const shown: Parameters<ShowMessageBox>[0][] = [];
    const answers = [1, 0];
    let open = 0;
    let maxOpen = 0;
    const show: ShowMessageBox = async (o) => {
      shown.push(o);
      maxOpen = Math.max(maxOpen, ++open);
      await new Promise((r) => setTimeout(r, 5));
      open--;
      return { response: answers.shift()! };
    };
    const p = dialogConsent(show);
    const launch = {
      kind: 'launch' as const,
      serverId: 'files',
      identity: 'a'.repeat(64),
      launch: { command: '/usr/bin/npx', args: ['-y', 'srv'], env: { K: 'v' }, cwd: '/tmp' },
    };
    const [first, second] = await Promise.all([
      p.ask(launch),
      p.ask({
        kind: 'trust',
        serverId: 'files',
        identity: 'a'.repeat(64),
        trust: { trusted: true, autoApproveReadOnly: true },
      }),
    ]);
    expect([first, second]).toEqual([true, false]);
    expect(maxOpen).toBe(1);
    expect(shown[0]).toMatchObject({
      buttons: ['Cancel', 'Launch'],
      defaultId: 0,
      cancelId: 0,
      message: 'Launch this command line?',
    });
    expect(shown[0]!.detail).toContain('command: /usr/bin/npx');
    expect(shown[0]!.detail).toContain('"-y" "srv"');
    expect(shown[1]).toMatchObject({ buttons: ['Cancel', 'Trust'], message: 'Trust this server?' });
    expect(shown[1]!.detail).toContain('WITHOUT ASKING');
    expect(p.via).toBe('native-dialog');
  });
});

import { describe, expect, it } from 'vitest';
import { Settings } from '../../../shared/schemas/audit.js';
import { raisesOf } from './settings-change.js';

describe('settings a page must have confirmed outside it', () => {
  const current = Settings.parse({ resultScan: 'ask' });

  it('asks about a weaker result check for agents, and not about a stricter one', () => {
    expect(raisesOf(current, { resultScan: 'warn' })).toEqual([{ name: 'resultScan', from: 'ask', to: 'warn' }]);
    expect(raisesOf(current, { resultScan: 'block' })).toEqual([]);
    expect(raisesOf(current, { resultScan: 'ask' })).toEqual([]);
  });

  it('still asks about a raised approval timeout and a new shipping destination', () => {
    expect(raisesOf(current, { approvalTimeoutMs: 3_600_000 }).map((r) => r.name)).toEqual(['approvalTimeoutMs']);
    expect(raisesOf(current, { shipSyslog: 'tcp://127.0.0.1:514' }).map((r) => r.name)).toEqual(['shipSyslog']);
  });
});

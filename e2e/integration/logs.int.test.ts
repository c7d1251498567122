import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothEras, callApproved, type Harness } from '../harness/harness.js';
import { partsOf } from '../../electron/core/testing.js';

describe('server logs, both eras', () => {
  let h: Harness;
  let close: () => Promise<void>;
  beforeAll(async () => ({ h, close } = await bothEras()));
  afterAll(() => close());

  const call = (serverId: string, tool: string) => callApproved(h, serverId, tool);

  it('2026-07-28: no level chosen, no log messages; a chosen level rides on each request and the messages arrive, filterable', async () => {
    await call('modern', 'chatty');
    expect(
      partsOf(h.core)
        .logs.list('modern')
        .entries.filter((e) => e.source === 'server'),
    ).toEqual([]);
    expect(await partsOf(h.core).connections.setLogLevel('modern', 'debug')).toMatchObject({
      level: 'debug',
      how: expect.stringMatching(/on each request/),
    });
    await call('modern', 'chatty');
    const logs = partsOf(h.core)
      .logs.list('modern')
      .entries.filter((e) => e.source === 'server');
    expect(logs.map((e) => [e.level, e.logger, e.text])).toEqual([
      ['debug', 'fixture', 'chatty: starting'],
      ['warning', 'fixture', 'chatty: almost out of coffee'],
    ]);
    expect(
      partsOf(h.core)
        .logs.list('modern', { minLevel: 'warning' })
        .entries.filter((e) => e.source === 'server'),
    ).toHaveLength(1);
    expect(partsOf(h.core).logs.list('modern', { text: 'coffee' }).entries).toHaveLength(1);
    const sent = partsOf(h.core)
      .trace.list('modern', { method: 'tools/call' })
      .entries.filter((e) => e.dir === 'out' && e.kind === 'request')
      .at(-1);
    expect(sent?.message).toMatchObject({ params: { _meta: { 'io.modelcontextprotocol/logLevel': 'debug' } } });
  });

  it('2025 era (server-everything): logging/setLevel is sent, and its log messages and stderr reach the view', async () => {
    expect(await partsOf(h.core).connections.setLogLevel('everything', 'debug')).toMatchObject({
      how: 'logging/setLevel',
    });
    expect(
      partsOf(h.core)
        .trace.list('everything', { method: 'logging/setLevel' })
        .entries.map((e) => e.dir),
    ).toEqual(['out', 'in']);
    await call('everything', 'toggle-simulated-logging');
    await expect
      .poll(
        () =>
          partsOf(h.core)
            .logs.list('everything')
            .entries.filter((e) => e.source === 'server').length,
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await call('everything', 'toggle-simulated-logging');
  });
});

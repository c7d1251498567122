import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { requestNames } from '../../shared/contract/index.js';
import { tempDir } from '../../e2e/harness/harness.js';
import { CONSOLE_USER } from '../../shared/schemas/requester.js';
import { dispatch } from './handlers.js';
import { partsOf, TestCore } from './testing.js';

describe('contract handlers', () => {
  const dir = tempDir();
  const core = new TestCore({ dataDir: dir, auditFsync: false });
  core.start();
  afterAll(async () => {
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const handlers = core.handlers({ requester: CONSOLE_USER });

  it('has exactly one handler for every request and none besides', () => {
    expect(Object.keys(handlers).sort()).toEqual([...requestNames].sort());
    for (const name of requestNames) expect(typeof handlers[name], name).toBe('function');
  });

  it('refuses an unknown request and malformed input before any core method runs', async () => {
    const spy = vi.spyOn(partsOf(core).admin, 'add');
    expect(await dispatch(handlers, 'servers.spawn', { command: 'rm -rf /' })).toEqual({
      ok: false,
      error: { code: 'unknown-request', message: expect.any(String) },
    });
    const bad = await dispatch(handlers, 'servers.add', { id: 'x', config: { type: 'stdio' } });
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringMatching(/config\.command/) },
    });
    expect(
      await dispatch(handlers, 'servers.add', { id: 'x', config: { type: 'stdio', command: 'c' }, extra: 1 }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(await dispatch(handlers, '__proto__', {})).toMatchObject({ ok: false, error: { code: 'unknown-request' } });
    expect(spy).not.toHaveBeenCalled();
  });

  it('answers errors as code and message, never a stack', async () => {
    const r = await dispatch(handlers, 'servers.connect', { serverId: 'nope' });
    expect(r).toEqual({ ok: false, error: { code: 'unknown-server', message: 'no server "nope"' } });
  });

  it('runs a valid request', async () => {
    const r = await dispatch(handlers, 'servers.add', { id: 'a', config: { type: 'stdio', command: 'c' } });
    expect(r).toMatchObject({ ok: true, value: { id: 'a', status: 'disconnected', saved: true } });
    expect(await dispatch(handlers, 'servers.list', {})).toMatchObject({ ok: true, value: [{ id: 'a' }] });
  });

  it('asks one request the way a front end does: parsed, answered by its concern, a refusal thrown', async () => {
    const spy = vi.spyOn(partsOf(core).admin, 'add');
    spy.mockClear();
    expect(await core.ask('servers.add', { id: 'b', config: { type: 'stdio', command: 'c' } })).toMatchObject({
      id: 'b',
      saved: true,
    });
    expect(spy).toHaveBeenCalledTimes(1);
    await expect(core.ask('servers.add', { id: 'c', config: { type: 'stdio' } } as never)).rejects.toMatchObject({
      code: 'invalid-input',
    });
    await expect(core.ask('servers.status', { serverId: 'nope' })).rejects.toMatchObject({
      code: 'unknown-server',
      message: 'no server "nope"',
    });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('lets a host replace a handler it serves better itself', async () => {
    const own = core.handlers({ requester: CONSOLE_USER, overrides: { 'links.open': () => ({ opened: true }) } });
    expect(await dispatch(own, 'links.open', { url: 'https://example.com' })).toEqual({
      ok: true,
      value: { opened: true },
    });
    expect(await dispatch(handlers, 'links.open', { url: 'https://example.com' })).toMatchObject({
      ok: false,
      error: { code: 'open-in-page' },
    });
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '../../api/client';
import { ApiContext } from '../../api/context';
import type { ShownTool } from '../../../shared/schemas/tool';
import { Fingerprint } from './Fingerprint';

const tool = (name: string, fingerprint?: string): ShownTool =>
  ({ serverId: 'fx', name, inputSchema: {}, annotations: {}, risk: { level: 'unknown', trusted: false }, hiddenText: [], fingerprint }) as unknown as ShownTool;

function shown(t: ShownTool, request: (name: string, input: unknown) => Promise<unknown>) {
  return render(
    <ApiContext.Provider value={{ request } as unknown as ConsoleApi}>
      <Fingerprint tool={t} />
    </ApiContext.Provider>,
  );
}

describe('a tool’s fingerprint in its detail', () => {
  afterEach(cleanup);

  it('is shown as the tool came when it came with one, without asking', () => {
    const request = vi.fn();
    shown(tool('a', 'ab'.repeat(32)), request);
    expect(screen.getByTestId('fingerprint').textContent).toBe(`fingerprint ${'ab'.repeat(32)}`);
    expect(request).not.toHaveBeenCalled();
  });

  it('is asked of the core for a tool of a listing, and shown for that tool only', async () => {
    const answers = new Map<string, (v: { fingerprint: string }) => void>();
    const request = vi.fn((_: string, input: unknown) => new Promise((ok) => answers.set((input as { name: string }).name, ok)));
    const first = tool('a');
    const view = shown(first, request);
    expect(request).toHaveBeenCalledWith('tools.get', { serverId: 'fx', name: 'a' });
    expect(screen.getByTestId('fingerprint').textContent).toBe('fingerprint …');
    // Another tool is picked before the answer for the first comes: the first's is never shown for it.
    const second = tool('b');
    view.rerender(
      <ApiContext.Provider value={{ request } as unknown as ConsoleApi}>
        <Fingerprint tool={second} />
      </ApiContext.Provider>,
    );
    await act(async () => answers.get('a')!({ fingerprint: '1'.repeat(64) }));
    expect(screen.getByTestId('fingerprint').textContent).toBe('fingerprint …');
    await act(async () => answers.get('b')!({ fingerprint: '2'.repeat(64) }));
    expect(screen.getByTestId('fingerprint').textContent).toBe(`fingerprint ${'2'.repeat(64)}`);
  });

  it('says why when the core has none for it', async () => {
    const request = vi.fn(() => Promise.reject(new Error('server "fx" offers no tool "gone"')));
    shown(tool('gone'), request);
    await act(async () => undefined);
    expect(screen.getByTestId('fingerprint').textContent).toBe('fingerprint not known: server "fx" offers no tool "gone"');
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '../../api/client';
import { ApiContext } from '../../api/context';
import { TimeoutsPanel } from './TimeoutsPanel';

describe('the approval timeout in Settings', () => {
  afterEach(cleanup);

  it('cannot be typed before the console says what it is, so its answer never overwrites what the person typed', async () => {
    let answer: (s: { approvalTimeoutMs: number }) => void = () => {};
    const request = vi.fn((name: string, input: { approvalTimeoutMs?: number }) =>
      name === 'settings.get'
        ? new Promise((ok) => (answer = ok))
        : Promise.resolve({ approvalTimeoutMs: input.approvalTimeoutMs }),
    );
    render(
      <ApiContext.Provider value={{ request } as unknown as ConsoleApi}>
        <TimeoutsPanel />
      </ApiContext.Provider>,
    );
    const input = screen.getByTestId('settings-approval-timeout') as HTMLInputElement;
    const save = screen.getByTestId('settings-approval-save') as HTMLButtonElement;
    expect(input.disabled).toBe(true);
    expect(save.disabled).toBe(true);
    await act(async () => answer({ approvalTimeoutMs: 600_000 }));
    expect(input.value).toBe('600');
    expect(input.disabled).toBe(false);
    fireEvent.change(input, { target: { value: '3' } });
    await act(async () => void fireEvent.click(save));
    expect(request).toHaveBeenLastCalledWith('settings.update', { approvalTimeoutMs: 3000 });
    expect(screen.getByTestId('settings-timeouts-note').textContent).toBe('calls now wait 3 s for a decision');
  });
});

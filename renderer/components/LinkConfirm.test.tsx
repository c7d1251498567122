// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '../api/client';
import { confirmAddress, openLink, useLinkAsk } from '../api/open-link';
import { LinkConfirm } from './LinkConfirm';
import { ARM_DELAY_MS } from './use-armed';

const URL_ = 'https://auth.example/sign-in?session=1';
/** Browser mode: the core opens nothing and says so. */
const api = {
  request: vi.fn(async () =>
    Promise.reject(Object.assign(new Error('open the link from the page'), { code: 'open-in-page' })),
  ),
} as unknown as ConsoleApi;

describe('the page asks before it opens an address (browser mode)', () => {
  let opened: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    opened = vi.fn(() => null);
    vi.stubGlobal('open', opened);
    render(<LinkConfirm />);
  });
  afterEach(() => {
    cleanup();
    useLinkAsk.setState({ ask: null });
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows the whole address and its host, opens nothing before the controls arm, then opens it without an opener', async () => {
    const result = openLink(api, URL_, confirmAddress(URL_));
    await act(async () => {});
    expect(screen.getByTestId('link-confirm-url').textContent).toBe(URL_);
    expect(screen.getByTestId('link-confirm-host').textContent).toBe('auth.example');
    fireEvent.click(screen.getByTestId('link-confirm-open'));
    expect(screen.getByTestId('link-confirm')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(ARM_DELAY_MS));
    fireEvent.click(screen.getByTestId('link-confirm-open'));
    expect(await result).toBe(true);
    expect(opened).toHaveBeenCalledWith(URL_, '_blank', 'noopener,noreferrer');
    expect(screen.queryByTestId('link-confirm')).toBeNull();
  });

  it('opens nothing on Cancel or Escape', async () => {
    const cancelled = openLink(api, URL_, confirmAddress(URL_));
    await act(async () => {});
    fireEvent.click(screen.getByTestId('link-confirm-cancel'));
    expect(await cancelled).toBe(false);
    const escaped = openLink(api, URL_, confirmAddress(URL_));
    await act(async () => {});
    fireEvent.keyDown(screen.getByTestId('link-confirm'), { key: 'Escape' });
    expect(await escaped).toBe(false);
    expect(opened).not.toHaveBeenCalled();
  });

  it('answers an older question no when a newer one comes', async () => {
    const first = confirmAddress('https://one.example/')();
    const second = confirmAddress('https://two.example/')();
    expect(await first).toBe(false);
    await act(async () => {});
    expect(screen.getByTestId('link-confirm-host').textContent).toBe('two.example');
    fireEvent.click(screen.getByTestId('link-confirm-cancel'));
    expect(await second).toBe(false);
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseTheme, THEME_KEY, useDarkScheme } from './use-color-scheme';

/** A system whose colour scheme a test changes: matchMedia as the browser gives it, with its change events. */
function systemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-color-scheme: dark)' && dark;
    },
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
  }));
  return {
    listeners,
    set(next: boolean) {
      dark = next;
      for (const f of [...listeners]) f();
    },
  };
}

function Shows() {
  return <span data-testid="scheme">{useDarkScheme() ? 'dark' : 'light'}</span>;
}

describe('useDarkScheme', () => {
  afterEach(() => {
    cleanup();
    chooseTheme('system');
    vi.unstubAllGlobals();
  });

  it('follows the system as it changes, both ways, and stops listening when unmounted', () => {
    const system = systemScheme(false);
    const { unmount } = render(<Shows />);
    expect(screen.getByTestId('scheme').textContent).toBe('light');
    act(() => system.set(true));
    expect(screen.getByTestId('scheme').textContent).toBe('dark');
    act(() => system.set(false));
    expect(screen.getByTestId('scheme').textContent).toBe('light');
    unmount();
    expect(system.listeners.size).toBe(0);
  });

  it("holds the person's choice whatever the system says, keeps it, and goes back to following the system", () => {
    const system = systemScheme(false);
    render(<Shows />);
    act(() => chooseTheme('dark'));
    expect(screen.getByTestId('scheme').textContent).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    act(() => system.set(true));
    act(() => chooseTheme('light'));
    expect(screen.getByTestId('scheme').textContent).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    act(() => chooseTheme('system'));
    expect(screen.getByTestId('scheme').textContent).toBe('dark');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
  });

  it('takes a choice another tab of the page made', () => {
    systemScheme(false);
    render(<Shows />);
    localStorage.setItem(THEME_KEY, 'dark');
    act(() => void dispatchEvent(new StorageEvent('storage', { key: THEME_KEY })));
    expect(screen.getByTestId('scheme').textContent).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});

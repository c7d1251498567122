// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDarkScheme } from './use-color-scheme';

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
});

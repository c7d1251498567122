import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

/** The person's choice of colours: the system's (the default), or light or dark whatever the system says. */
export type ThemeChoice = 'system' | 'light' | 'dark';

/** Where the choice is kept: in this browser (or the desktop app's own storage), not in the data directory. */
export const THEME_KEY = 'mcp-console.theme';

const listeners = new Set<() => void>();

function stored(): ThemeChoice {
  try {
    const v = localStorage.getItem(THEME_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

let choice: ThemeChoice | undefined;

/** The choice in force. */
export function themeChoice(): ThemeChoice {
  return (choice ??= stored());
}

/** Whether the page draws dark now: the choice, or the system's scheme when the choice is the system's. */
export function isDark(): boolean {
  const c = themeChoice();
  return c === 'dark' || (c === 'system' && matchMedia(QUERY).matches);
}

/**
 * Puts the choice on the root element (`data-theme`, none for the system's): the style sheet's colours are
 * `light-dark()` pairs under the root's `color-scheme`, so they follow the system by themselves until a choice is made.
 */
export function applyTheme(): void {
  const c = themeChoice();
  if (c === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = c;
}

function changed(): void {
  applyTheme();
  for (const l of [...listeners]) l();
}

/** Sets and keeps the person's choice; every view drawing with a theme of its own is told. */
export function chooseTheme(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, next);
  } catch {
    /* storage refused: the choice holds for this page only */
  }
  changed();
}

function onStorage(e: StorageEvent): void {
  if (e.key !== THEME_KEY) return;
  choice = stored();
  changed();
}

/** Follows the theme as the person chooses it, as the system's changes, and as another tab of the page sets it. */
export function onThemeChange(listener: () => void): () => void {
  const q = matchMedia(QUERY);
  if (listeners.size === 0) addEventListener('storage', onStorage);
  listeners.add(listener);
  q.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    q.removeEventListener('change', listener);
    if (listeners.size === 0) removeEventListener('storage', onStorage);
  };
}

/**
 * Whether the page draws dark, now and as it changes: the page's own colours follow by themselves, but what draws with
 * a theme of its own (Monaco, an MCP App view) has to be told.
 */
export function useDarkScheme(): boolean {
  return useSyncExternalStore(onThemeChange, isDark);
}

/** The person's choice, as it changes. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(onThemeChange, themeChoice);
}

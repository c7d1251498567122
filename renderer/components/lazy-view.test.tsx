// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyView, preloadViews, PRELOAD_RETRY_MS, PRELOAD_WAIT_MAX_MS } from './lazy-view';

function Field({ label }: { label: string }) {
  const [text, setText] = useState('');
  return <input aria-label={label} value={text} onChange={(e) => setText(e.target.value)} />;
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 80)));
/** A lazy view where a page shows one: under a Suspense boundary with a fallback. */
const shown = (View: ReturnType<typeof lazyView<typeof Field>>, label: string) => (
  <Suspense fallback={<p>loading</p>}>
    <View label={label} />
  </Suspense>
);

describe('lazyView', () => {
  afterEach(cleanup);

  it('renders a view whose script is in at once (no suspending), and loads every view when idle', async () => {
    let loads = 0;
    const View = lazyView(async () => (loads++, Field));
    preloadViews();
    await settle();
    expect(loads).toBe(1);
    render(shown(View, 'now'));
    // Rendered in the same pass: no fallback, no waiting.
    expect(screen.getByLabelText('now')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('a view shown before its script is in keeps what was typed when the script arrives and after', async () => {
    let release!: () => void;
    const View = lazyView(() => new Promise<typeof Field>((r) => (release = () => r(Field))));
    const { rerender } = render(shown(View, 'form'));
    expect(screen.getByText('loading')).toBeTruthy();
    release();
    await settle();
    const input = screen.getByLabelText('form') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'half a form' } });
    // A later render of the same mount must not swap the lazy wrapper for the view (a remount loses the text).
    rerender(shown(View, 'form'));
    expect((screen.getByLabelText('form') as HTMLInputElement).value).toBe('half a form');
  });

  it('a script the preload could not load is loaded again when its view is shown', async () => {
    let tries = 0;
    const View = lazyView(async () => {
      if (++tries === 1) throw new Error('offline for a moment');
      return Field;
    });
    preloadViews();
    await settle();
    expect(tries).toBeGreaterThanOrEqual(1);
    render(shown(View, 'later'));
    await settle();
    expect(screen.getByLabelText('later')).toBeTruthy();
    expect(tries).toBe(2);
  });

  it('waits while the machine is busy (a server connecting, a listing), and loads once it is not', async () => {
    vi.useFakeTimers();
    try {
      let loads = 0;
      lazyView(async () => (loads++, Field));
      let busy = true;
      preloadViews(() => busy);
      await vi.advanceTimersByTimeAsync(5 * PRELOAD_RETRY_MS);
      expect(loads).toBe(0);
      busy = false;
      await vi.advanceTimersByTimeAsync(2 * PRELOAD_RETRY_MS);
      expect(loads).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes on after PRELOAD_WAIT_MAX_MS when busy never ends (a server that hangs while connecting)', async () => {
    vi.useFakeTimers();
    try {
      let loads = 0;
      lazyView(async () => (loads++, Field));
      preloadViews(() => true);
      await vi.advanceTimersByTimeAsync(PRELOAD_WAIT_MAX_MS - PRELOAD_RETRY_MS);
      expect(loads).toBe(0);
      // Each look waits for the browser's idle time too, so the whole wait is a little longer.
      await vi.advanceTimersByTimeAsync(PRELOAD_WAIT_MAX_MS / 2);
      expect(loads).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

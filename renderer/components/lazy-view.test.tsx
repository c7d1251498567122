// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyView, preloadViews } from './lazy-view';

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
});

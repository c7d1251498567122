// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useConsole } from '../../store/store';
import { FilterBox } from './FilterBox';

describe('the catalog filter', () => {
  afterEach(() => {
    cleanup();
    useConsole.getState().filterChanged('');
  });

  it('puts what is typed in the store, and asks for the tools tab when focused and at each keystroke', () => {
    const toTools = vi.fn();
    render(<FilterBox inputRef={null} toTools={toTools} />);
    const box = screen.getByTestId('tool-search') as HTMLInputElement;
    fireEvent.focus(box);
    expect(toTools).toHaveBeenCalledTimes(1);
    fireEvent.change(box, { target: { value: 'is:read-only' } });
    expect(useConsole.getState().filter).toBe('is:read-only');
    expect(toTools).toHaveBeenCalledTimes(2);
  });

  it('shows the store’s filter as it changes elsewhere (a chip, a link from the review)', () => {
    render(<FilterBox inputRef={null} toTools={() => {}} />);
    act(() => useConsole.getState().filterChanged('server:fx'));
    expect((screen.getByTestId('tool-search') as HTMLInputElement).value).toBe('server:fx');
  });
});

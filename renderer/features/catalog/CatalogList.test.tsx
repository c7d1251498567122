// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useConsole } from '../../store/store';
import type { ToolView } from '../../../shared/schemas/tool';
import { CatalogList } from './CatalogList';

const tool = (name: string): ToolView =>
  ({
    serverId: 'fx',
    name,
    inputSchema: { type: 'object' },
    annotations: {},
    declaredAnnotations: {},
    risk: { level: 'read', trusted: true },
    hiddenText: [],
  }) as unknown as ToolView;

// jsdom has no ResizeObserver; the list only needs to be told nothing was resized.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

describe('the tool list', () => {
  afterEach(cleanup);

  it('counts its tools with thousands separated, and what a filter leaves of them', () => {
    const tools = Array.from({ length: 12_345 }, (_, i) => tool(i < 1_234 ? `get_${i}` : `put_${i}`));
    act(() => useConsole.setState({ serverOrder: ['fx'], tools: { fx: tools }, filter: '' }));
    render(<CatalogList />);
    const counted = screen.getByTestId('tool-count');
    expect(counted.textContent).toBe('12,345');
    // What scripts read: the numbers as they are.
    expect(counted.dataset.count).toBe('12345');
    expect(counted.dataset.shown).toBe('12345');
    act(() => useConsole.setState({ filter: 'name:get_' }));
    expect(counted.textContent).toBe('1,234 of 12,345');
    expect(counted.dataset.shown).toBe('1234');
  });
});

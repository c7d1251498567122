// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonTree } from './JsonTree';

describe('JsonTree', () => {
  afterEach(cleanup);
  it('counts in English and reveals hidden characters in keys', () => {
    const { container } = render(
      <JsonTree value={{ one: [1], 'k\u202Eey': { a: 1, b: 2 }, single: { only: true } }} />,
    );
    expect(container.textContent).toContain('3 keys');
    expect(container.textContent).toMatch(/\{ 1 key(?!s)/);
    expect(container.textContent).toContain('1 item');
    expect(container.textContent).toContain('2 keys');
    expect(container.textContent).toContain('⟦U+202E⟧');
  });
  it('stops at a bounded depth instead of recursing through whatever a server sent', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 500; i++) deep = { x: deep };
    const { container } = render(<JsonTree value={deep} />);
    expect(container.textContent).toContain('nested deeper than 64 levels');
    expect(container.textContent).not.toContain('bottom');
  });
});

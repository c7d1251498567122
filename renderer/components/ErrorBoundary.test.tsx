// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';

function Broken(): never {
  throw new Error('a shape nobody expected');
}

describe('ErrorBoundary', () => {
  afterEach(cleanup);
  it('shows what could not be shown, and keeps its siblings', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <ErrorBoundary what="result">
          <Broken />
        </ErrorBoundary>
        <p data-testid="sibling">still here</p>
      </div>,
    );
    spy.mockRestore();
    expect(screen.getByTestId('view-error').textContent).toBe('This result could not be shown: a shape nobody expected');
    expect(screen.getByTestId('sibling').textContent).toBe('still here');
  });
});

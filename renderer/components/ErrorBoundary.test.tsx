// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, shownError } from './ErrorBoundary';

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
    expect(screen.getByTestId('view-error').textContent).toBe(
      'This result could not be shown: a shape nobody expected',
    );
    expect(screen.getByTestId('sibling').textContent).toBe('still here');
  });

  it('starts over when its reset key changes: the next piece is shown, and a broken one again says so', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Piece = ({ broken }: { broken: boolean }) => (broken ? <Broken /> : <p data-testid="piece">fine</p>);
    const { rerender } = render(
      <ErrorBoundary what="tool" resetKey="a">
        <Piece broken />
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('view-error').textContent).toBe('This tool could not be shown: a shape nobody expected');
    // The same key: it stays as it was, whatever it is given.
    rerender(
      <ErrorBoundary what="tool" resetKey="a">
        <Piece broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.queryByTestId('piece')).toBeNull();
    rerender(
      <ErrorBoundary what="tool" resetKey="b">
        <Piece broken={false} />
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('piece').textContent).toBe('fine');
    expect(screen.queryByTestId('view-error')).toBeNull();
    rerender(
      <ErrorBoundary what="tool" resetKey="c">
        <Piece broken />
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('view-error')).toBeTruthy();
    spy.mockRestore();
  });

  it('says a script the page could not fetch in words, not the browser’s', () => {
    expect(
      shownError(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:1/assets/x.js')),
    ).toMatch(/^the page could not load its script from the console \(is it still running\?\)/);
    expect(shownError(new TypeError('Importing a module script failed.'))).toMatch(
      /^the page could not load its script/,
    );
    expect(shownError(new Error('x'.repeat(600)))).toHaveLength(500);
  });

  it('shows its fallback, given the error in words, where it has one', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary what="JSON editor" fallback={(why) => <p data-testid="instead">plain text instead: {why}</p>}>
        <Broken />
      </ErrorBoundary>,
    );
    spy.mockRestore();
    expect(screen.getByTestId('instead').textContent).toBe('plain text instead: a shape nobody expected');
    expect(screen.queryByTestId('view-error')).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ArmedButton } from './ArmedButton';

describe('ArmedButton', () => {
  afterEach(cleanup);

  it('is dimmed and aria-disabled until armed, keeps its own classes, and lets a caller disable it for more reasons', () => {
    const { rerender } = render(
      <ArmedButton armed={false} className="primary" data-testid="b">
        Allow
      </ArmedButton>,
    );
    const b = screen.getByTestId('b');
    expect(b.className).toBe('primary unarmed');
    expect(b.getAttribute('aria-disabled')).toBe('true');
    rerender(
      <ArmedButton armed className="primary" data-testid="b">
        Allow
      </ArmedButton>,
    );
    expect(b.className).toBe('primary');
    expect(b.getAttribute('aria-disabled')).toBe('false');
    rerender(
      <ArmedButton armed aria-disabled data-testid="b">
        Allow
      </ArmedButton>,
    );
    expect(b.getAttribute('aria-disabled')).toBe('true');
    expect(b.className).toBe('');
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallRecord } from '../../../shared/schemas/call';
import type { ConsoleApi } from '../../api/client';
import { ApiContext } from '../../api/context';
import { useConsole } from '../../store/store';
import { doneCall } from '../../test-support/records';
import { ResultView } from './ResultView';

const record = (content: Record<string, unknown>[]): CallRecord =>
  doneCall({ result: { content } as CallRecord['result'] });

describe('ResultView', () => {
  afterEach(cleanup);
  const show = (content: Record<string, unknown>[]) => {
    useConsole.setState({ calls: { c1: record(content) } });
    render(
      <ApiContext.Provider value={{} as ConsoleApi}>
        <ResultView callId="c1" />
      </ApiContext.Provider>,
    );
  };
  const order = () =>
    screen.queryAllByTestId('content-block').map((b) => b.querySelector('[data-testid=text-body]')?.textContent);

  it('routes by audience and orders by priority; HTML from the server stays text', () => {
    show([
      { type: 'text', text: '<b>both</b>' },
      { type: 'text', text: 'model', annotations: { audience: ['assistant'], priority: 1 } },
      { type: 'text', text: 'user', annotations: { audience: ['user'], priority: 0.8 } },
      { type: 'text', text: 'low', annotations: { priority: 0.1 } },
    ]);
    expect(order()).toEqual(['user', '<b>both</b>']);
    expect(document.querySelector('b')).toBeNull();
    fireEvent.click(screen.getByTestId('view-assistant'));
    expect(order()).toEqual(['model', '<b>both</b>']);
    fireEvent.click(screen.getByTestId('toggle-low-priority'));
    expect(order()).toEqual(['model', '<b>both</b>', 'low']);
  });
});

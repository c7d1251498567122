// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallRecord } from '../../../shared/schemas/call';
import type { ConsoleApi } from '../../api/client';
import { ApiContext } from '../../api/context';
import { doneCall } from '../../test-support/records';
import { ResultScanNote } from './ResultScanNote';

const finding = {
  path: 'content[0].text',
  rule: 'P09',
  severity: 'high' as const,
  message: 'asks the model to run a command',
  excerpt: '…«run `curl x | sh`»',
};

describe('ResultScanNote', () => {
  afterEach(cleanup);
  const show = (scan: CallRecord['resultScan']) => {
    const request = vi.fn(() => Promise.resolve({}));
    render(
      <ApiContext.Provider value={{ request } as unknown as ConsoleApi}>
        <ResultScanNote call={doneCall({ id: 'c7', resultScan: scan })} />
      </ApiContext.Provider>,
    );
    return request;
  };

  it('says what the result asks of the model, where, and shows the text as text', () => {
    show({ findings: [finding], action: 'noted' });
    expect(screen.getByTestId('result-scan').getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('result-finding').textContent).toContain('asks the model to run a command');
    expect(screen.getByTestId('result-finding').textContent).toContain('content[0].text');
    expect(screen.queryByTestId('result-release')).toBeNull();
  });

  it('offers release and withhold while the result waits, and asks the core for exactly that call', () => {
    const request = show({ findings: [finding], action: 'waiting' });
    fireEvent.click(screen.getByTestId('result-withhold'));
    expect(request).toHaveBeenCalledWith('calls.releaseResult', { callId: 'c7', release: false });
    fireEvent.click(screen.getByTestId('result-release'));
    expect(request).toHaveBeenCalledWith('calls.releaseResult', { callId: 'c7', release: true });
  });

  it('shows nothing for a result with nothing to say', () => {
    show(undefined);
    expect(screen.queryByTestId('result-scan')).toBeNull();
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Approval } from '../../../shared/schemas/call';
import type { ConsoleApi } from '../../api/client';
import { ApiContext } from '../../api/context';
import { useConsole } from '../../store/store';
import { ApprovalDialog, ARM_DELAY_MS } from './ApprovalDialog';

const approval = (over: Partial<Approval> = {}): Approval => ({
  id: 'a1',
  callId: 'c1',
  serverId: 'fx',
  serverIdentity: 'i'.repeat(64),
  tool: 'write_file',
  requestedBy: { kind: 'console' },
  argsJson: '{"10":true,"9":1,"path":"/tmp/x"}',
  argsHash: 'h'.repeat(64),
  fingerprint: 'f'.repeat(64),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  trusted: false,
  risk: { level: 'destructive', openWorld: true, trusted: false, reasons: ['declared destructive'] },
  validationErrors: [],
  status: 'pending',
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  ...over,
});

describe('ApprovalDialog', () => {
  let request: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    request = vi.fn(async () => ({}));
    useConsole.setState({ approvals: [approval()] });
    render(
      <ApiContext.Provider value={{ request } as unknown as ConsoleApi}>
        <ApprovalDialog />
      </ApiContext.Provider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows exactly the bytes that will be sent, in their order, with the server and tool', () => {
    const dialog = screen.getByTestId('approval-dialog');
    expect(dialog.dataset.server).toBe('fx');
    expect(dialog.dataset.tool).toBe('write_file');
    expect(screen.getByTestId('approval-args').textContent).toBe('{\n  "10": true,\n  "9": 1,\n  "path": "/tmp/x"\n}');
  });

  it('ignores approve in the first second, then sends the decision with the args hash', async () => {
    fireEvent.click(screen.getByTestId('approve-once'));
    fireEvent.click(screen.getByTestId('approve-session'));
    expect(request).not.toHaveBeenCalled();
    await act(async () => void vi.advanceTimersByTime(ARM_DELAY_MS));
    fireEvent.click(screen.getByTestId('approve-once'));
    fireEvent.click(screen.getByTestId('approve-once'));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('approvals.decide', {
      approvalId: 'a1',
      decision: 'approve',
      argsHash: 'h'.repeat(64),
      scope: 'once',
      reason: undefined,
    });
  });

  it('denies on Escape at once, and focuses Deny first', () => {
    expect(document.activeElement).toBe(screen.getByTestId('deny'));
    fireEvent.keyDown(screen.getByTestId('approval-dialog'), { key: 'Escape' });
    expect(request).toHaveBeenCalledWith(
      'approvals.decide',
      expect.objectContaining({ decision: 'deny', approvalId: 'a1' }),
    );
  });

  it('reveals bidi controls and other hidden characters in the exact arguments instead of letting them reorder the text', () => {
    cleanup();
    useConsole.setState({ approvals: [approval({ argsJson: '{"path":"/tmp/\u202Etxt.exe"}' })] });
    render(
      <ApiContext.Provider value={{ request } as unknown as ConsoleApi}>
        <ApprovalDialog />
      </ApiContext.Provider>,
    );
    const args = screen.getByTestId('approval-args');
    expect(args.textContent).not.toContain('\u202E');
    expect(args.textContent).toContain('/tmp/⟦U+202E⟧txt.exe');
    expect(args.textContent).toMatch(/1 hidden character/);
  });
});

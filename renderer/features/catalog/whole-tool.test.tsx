// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleApi } from '../../api/client';
import { ApiContext } from '../../api/context';
import type { ShownTool, ToolView } from '../../../shared/schemas/tool';
import { readAhead, useWholeTool } from './whole-tool';

/** A tool as a listing gives it (no schemas, no fingerprint), or whole. */
const listed = (name: string): ShownTool =>
  ({
    serverId: 'fx',
    name,
    annotations: {},
    risk: { level: 'unknown', trusted: false },
    hiddenText: [],
  }) as unknown as ShownTool;
const whole = (name: string, fingerprint: string): ToolView =>
  ({ ...listed(name), inputSchema: { type: 'object' }, fingerprint }) as ToolView;

function Probe({ tool }: { tool: ShownTool }) {
  const w = useWholeTool(tool);
  return <div data-testid="probe">{w.tool ? `${w.tool.name} ${w.tool.fingerprint}` : (w.error ?? 'waiting')}</div>;
}

function shown(t: ShownTool, request: (name: string, input: unknown) => Promise<unknown>, extra?: ShownTool) {
  const api = { request } as unknown as ConsoleApi;
  const tree = (tool: ShownTool) => (
    <ApiContext.Provider value={api}>
      <Probe tool={tool} />
      {extra && <Probe tool={extra} />}
    </ApiContext.Provider>
  );
  const view = render(tree(t));
  return { rerender: (tool: ShownTool) => view.rerender(tree(tool)) };
}

const text = () => screen.getAllByTestId('probe').map((p) => p.textContent);

describe('a tool opened whole', () => {
  afterEach(cleanup);

  it('is the tool itself when it came whole, without asking', () => {
    const request = vi.fn();
    shown(whole('a', 'f1'), request);
    expect(text()).toEqual(['a f1']);
    expect(request).not.toHaveBeenCalled();
  });

  it('is asked of the core once per tool, and never shown for another tool picked meanwhile', async () => {
    const answers = new Map<string, (v: ToolView) => void>();
    const request = vi.fn(
      (_: string, input: unknown) => new Promise((ok) => answers.set((input as { name: string }).name, ok)),
    );
    const a = listed('a');
    // Two parts of the page open the same tool: one question.
    const view = shown(a, request, a);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('tools.get', { serverId: 'fx', name: 'a' });
    expect(text()).toEqual(['waiting', 'waiting']);
    const b = listed('b');
    view.rerender(b);
    await act(async () => answers.get('a')!(whole('a', 'fa')));
    expect(text()).toEqual(['waiting', 'a fa']);
    await act(async () => answers.get('b')!(whole('b', 'fb')));
    expect(text()).toEqual(['b fb', 'a fa']);
    // Opened again: drawn whole at once, not asked again.
    view.rerender(a);
    expect(text()).toEqual(['a fa', 'a fa']);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('says why when the core cannot give it, and asks again when it is opened again', async () => {
    const request = vi.fn(() => Promise.reject(new Error('server "fx" offers no tool "gone"')));
    const gone = listed('gone');
    shown(gone, request);
    await act(async () => undefined);
    expect(text()).toEqual(['server "fx" offers no tool "gone"']);
    cleanup();
    shown(gone, request);
    await act(async () => undefined);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('is drawn whole at once when it was read ahead (the pointer on its row) and answered', async () => {
    const request = vi.fn(() => Promise.resolve(whole('c', 'fc')));
    const c = listed('c');
    readAhead({ request } as unknown as ConsoleApi, c);
    readAhead({ request } as unknown as ConsoleApi, whole('d', 'fd'));
    await act(async () => undefined);
    shown(c, request);
    expect(text()).toEqual(['c fc']);
    expect(request).toHaveBeenCalledTimes(1);
  });
});

// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConsoleApi } from '../../api/client';
import { ApiContext } from '../../api/context';
import { useConsole } from '../../store/store';
import type { ServerView } from '../../../shared/schemas/server';
import type { ToolView } from '../../../shared/schemas/tool';
import { ServerCard } from './ServerCard';

const server = (toolCount: number) =>
  ({
    id: 'fx',
    status: 'connected',
    transport: 'stdio',
    toolCount,
    config: { type: 'stdio', command: 'node', args: ['fx.js'] },
  }) as unknown as ServerView;
const tools = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ serverId: 'fx', name: `t${i}` }) as unknown as ToolView);

describe('the server card', () => {
  afterEach(cleanup);

  it('counts the tools a first listing has streamed so far, then the catalog the core listed', () => {
    act(() => useConsole.setState({ servers: { fx: server(0) }, tools: { fx: tools(2500) } }));
    render(
      <ApiContext.Provider value={{ request: () => Promise.resolve() } as unknown as ConsoleApi}>
        <ServerCard id="fx" />
      </ApiContext.Provider>,
    );
    const card = () => screen.getByTestId('server-item').textContent;
    expect(screen.getByTestId('server-count').textContent).toBe('2,500 tools so far · ');
    expect(card()).toContain('2,500 tools so far · stdio · node fx.js');
    // The listing ends: the core's catalog has them, and the server's view says so.
    act(() => useConsole.setState({ servers: { fx: server(4000) }, tools: { fx: tools(4000) } }));
    expect(card()).toContain('4,000 tools · stdio · node fx.js');
    expect(card()).not.toContain('so far');
    // A list_changed removed one: the server's count and the page's tools agree again.
    act(() => useConsole.setState({ servers: { fx: server(1) }, tools: { fx: tools(1) } }));
    expect(card()).toContain('1 tool · stdio');
    // Not connected: no count, the status says where it stands.
    act(() => useConsole.setState({ servers: { fx: { ...server(1), status: 'connecting' } } }));
    expect(screen.queryByTestId('server-count')).toBeNull();
    expect(card()).toContain('connecting');
  });
});

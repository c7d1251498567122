import { describe, expect, it } from 'vitest';
import { agentSnippets } from './agent-snippets.js';

describe('agentSnippets', () => {
  const base = {
    name: 'claude',
    token: 'mcpc_agent_abc',
    bridge: ['mcp-console', 'bridge', '--data-dir', '/home/me/My Data', '--agent'],
  };

  it('gives each host the exact config: the bridge for Claude Desktop, HTTP with the token for the others', () => {
    const s = agentSnippets({ ...base, url: 'http://127.0.0.1:4100/mcp' });
    expect(s.map((x) => x.host)).toEqual(['Claude Desktop', 'Cursor', 'VS Code', 'Claude Code']);
    expect(JSON.parse(s[0]!.text)).toEqual({
      mcpServers: {
        'mcp-console-claude': {
          command: 'mcp-console',
          args: ['bridge', '--data-dir', '/home/me/My Data', '--agent', 'claude'],
        },
      },
    });
    expect(JSON.parse(s[1]!.text).mcpServers['mcp-console-claude']).toEqual({
      url: 'http://127.0.0.1:4100/mcp',
      headers: { Authorization: 'Bearer mcpc_agent_abc' },
    });
    expect(JSON.parse(s[2]!.text).servers['mcp-console-claude']).toMatchObject({
      type: 'http',
      url: 'http://127.0.0.1:4100/mcp',
    });
    expect(s[3]!.text).toBe(
      "claude mcp add --transport http mcp-console-claude http://127.0.0.1:4100/mcp --header 'Authorization: Bearer mcpc_agent_abc'",
    );
  });

  it('without an HTTP endpoint every host uses the bridge, quoted for the shell', () => {
    const s = agentSnippets(base);
    expect(s[3]!.text).toBe(
      "claude mcp add mcp-console-claude -- mcp-console bridge --data-dir '/home/me/My Data' --agent claude",
    );
    expect(s.some((x) => x.text.includes('mcpc_agent_abc'))).toBe(false);
  });
});

/** Where an agent host should point, for the snippets. */
export interface SnippetInput {
  name: string;
  token: string;
  /** The HTTP endpoint, when the console serves one. */
  url?: string;
  /** The bridge command line before the agent's name (`mcp-console bridge [--data-dir D] --agent`). */
  bridge: string[];
}

export interface Snippet {
  host: string;
  /** What to do with the text. */
  where: string;
  text: string;
}

/** A word for a POSIX shell, quoted only when it must be. */
function sh(word: string): string {
  return /^[A-Za-z0-9_./:=@-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The exact configuration each agent host needs to reach the console as this agent: Claude Desktop
 * (stdio through the bridge; it takes no token), Cursor (`mcpServers`, HTTP), VS Code (`servers`,
 * HTTP) and Claude Code (`claude mcp add`). The key in each is `mcp-console-<name>`.
 */
export function agentSnippets(i: SnippetInput): Snippet[] {
  const key = `mcp-console-${i.name}`;
  const [command = 'mcp-console', ...args] = [...i.bridge, i.name];
  const stdio = { command, args };
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  const out: Snippet[] = [
    {
      host: 'Claude Desktop',
      where: 'claude_desktop_config.json, under "mcpServers"',
      text: json({ mcpServers: { [key]: stdio } }),
    },
  ];
  if (i.url) {
    const auth = { Authorization: `Bearer ${i.token}` };
    out.push(
      {
        host: 'Cursor',
        where: '.cursor/mcp.json (or ~/.cursor/mcp.json), under "mcpServers"',
        text: json({ mcpServers: { [key]: { url: i.url, headers: auth } } }),
      },
      {
        host: 'VS Code',
        where: '.vscode/mcp.json, under "servers"',
        text: json({ servers: { [key]: { type: 'http', url: i.url, headers: auth } } }),
      },
      {
        host: 'Claude Code',
        where: 'a terminal',
        text: `claude mcp add --transport http ${sh(key)} ${sh(i.url)} --header ${sh(`Authorization: Bearer ${i.token}`)}`,
      },
    );
  } else {
    out.push(
      { host: 'Cursor', where: '.cursor/mcp.json, under "mcpServers"', text: json({ mcpServers: { [key]: stdio } }) },
      {
        host: 'VS Code',
        where: '.vscode/mcp.json, under "servers"',
        text: json({ servers: { [key]: { type: 'stdio', ...stdio } } }),
      },
      {
        host: 'Claude Code',
        where: 'a terminal',
        text: `claude mcp add ${sh(key)} -- ${[command, ...args].map(sh).join(' ')}`,
      },
    );
  }
  return out;
}

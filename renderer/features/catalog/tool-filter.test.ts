import { describe, expect, it } from 'vitest';
import type { ToolView } from '../../../shared/schemas/tool';
import { filterTools, parseFilter, toggleTerm } from './tool-filter';

const tool = (serverId: string, name: string, annotations: Partial<ToolView['annotations']>, over: Partial<ToolView> = {}): ToolView => ({
  serverId,
  name,
  inputSchema: {},
  fingerprint: 'f',
  serverIdentity: 'i',
  hiddenText: [],
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true, ...annotations },
  risk: {
    level: annotations.readOnlyHint ? 'read-only-claimed' : annotations.destructiveHint === false ? 'writes' : 'destructive',
    openWorld: true,
    trusted: false,
  },
  ...over,
});

const tools = [
  tool('files', 'read_file', { readOnlyHint: true }),
  tool('files', 'delete_file', { destructiveHint: true }),
  tool(
    'web',
    'fetch',
    { destructiveHint: false, idempotentHint: true },
    { description: 'Fetches a URL', risk: { level: 'writes', openWorld: true, trusted: true } },
  ),
  tool('web', 'hidden', { readOnlyHint: true }, { hiddenText: ['description'] }),
];
const names = (q: string) => filterTools(tools, q).map((t) => t.name);

describe('the catalog filter', () => {
  it('finds tools by risk and annotation words, and by server name, not only by text', () => {
    expect(names('destructive')).toEqual(['delete_file']);
    expect(names('read-only')).toEqual(['read_file', 'hidden']);
    expect(names('files')).toEqual(['read_file', 'delete_file']);
    expect(names('url')).toEqual(['fetch']);
  });
  it('takes key:value terms, negation, and needs every term', () => {
    expect(names('server:files')).toEqual(['read_file', 'delete_file']);
    expect(names('server:web is:read-only')).toEqual(['hidden']);
    expect(names('is:idempotent')).toEqual(['fetch']);
    expect(names('is:untrusted')).toEqual(['read_file', 'delete_file', 'hidden']);
    expect(names('is:hidden')).toEqual(['hidden']);
    expect(names('risk:writes')).toEqual(['fetch']);
    expect(names('-server:web')).toEqual(['read_file', 'delete_file']);
    expect(names('name:file -is:read-only')).toEqual(['delete_file']);
  });
  it('does not call a read-only tool destructive (the hint means nothing there)', () => {
    expect(names('is:destructive')).toEqual(['delete_file']);
  });
  it('parses and toggles terms as chips do', () => {
    expect(parseFilter('  Server:Files  -is:x foo ')).toEqual([
      { key: 'server', value: 'files', negate: false },
      { key: 'is', value: 'x', negate: true },
      { key: 'text', value: 'foo', negate: false },
    ]);
    expect(parseFilter('http://x')).toEqual([{ key: 'text', value: 'http://x', negate: false }]);
    expect(toggleTerm('foo', 'is:read-only')).toBe('foo is:read-only');
    expect(toggleTerm('foo is:read-only', 'is:read-only')).toBe('foo');
  });
});

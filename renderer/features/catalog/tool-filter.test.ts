import { describe, expect, it } from 'vitest';
import { RiskLevel, type ShownTool } from '../../../shared/schemas/tool';
import { filterTools, narrowingFilter, narrows, parseFilter, termsOf, toggleTerm, type Filtered } from './tool-filter';
import { hasTag, RISK_LEVELS, TAG_WORDS } from './search-index';

/** Every tag a tool carries, in the order of TAG_WORDS. */
const tagsOf = (t: ShownTool) => [...TAG_WORDS].filter((w) => hasTag(t, w));

const tool = (
  serverId: string,
  name: string,
  annotations: Partial<ShownTool['annotations']>,
  over: Partial<ShownTool> = {},
): ShownTool => ({
  serverId,
  name,
  inputSchema: {},
  fingerprint: 'f',
  serverIdentity: 'i',
  hiddenText: [],
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
    ...annotations,
  },
  risk: {
    level: annotations.readOnlyHint
      ? 'read-only-claimed'
      : annotations.destructiveHint === false
        ? 'writes'
        : 'destructive',
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

describe('a keystroke that narrows the filter', () => {
  it('is told apart from one that does not', () => {
    expect(narrows(termsOf('bul'), termsOf('bulk'))).toBe(true);
    expect(narrows(termsOf('bulk'), termsOf('bulk server:web'))).toBe(true);
    expect(narrows(termsOf('name:del'), termsOf('name:delete'))).toBe(true);
    expect(narrows(termsOf('bulk'), termsOf('bul'))).toBe(false);
    // A longer excluded word excludes less.
    expect(narrows(termsOf('-del'), termsOf('-delete'))).toBe(false);
    // `read-only` matches a read-only tool whose text has no "read".
    expect(narrows(termsOf('read'), termsOf('read-only'))).toBe(false);
    expect(narrows(termsOf('is:read'), termsOf('is:read-only'))).toBe(false);
    expect(narrows(termsOf('write'), termsOf('writes'))).toBe(false);
  });

  it('looks only through the last answer, and answers as a full pass does', () => {
    const many = [
      ...tools,
      tool('files', 'reader', { readOnlyHint: true }, { description: 'Reads only what it may' }),
      tool('docs', 'bulk_write', { destructiveHint: false }, { title: 'Write in bulk' }),
      tool('docs', 'bulk_read', { readOnlyHint: true }),
    ];
    const last: Filtered = { tools: many, q: 'bul', shown: many.filter((t) => t.name === 'bulk_read') };
    // The last answer (here, made short on purpose) is what a narrower filter looks through.
    expect(filterTools(many, 'bulk', last).map((t) => t.name)).toEqual(['bulk_read']);
    expect(filterTools(many, 'bulk', { ...last, tools: [...many] }).map((t) => t.name)).toEqual([
      'bulk_write',
      'bulk_read',
    ]);
    // Typed and erased letter by letter, every answer is the full pass's.
    const typed = [
      'r',
      're',
      'rea',
      'read',
      'read-',
      'read-o',
      'read-only',
      'read-onl',
      'read',
      'read -',
      'read -w',
      'read -wr',
      'read -writes',
      'w',
      'wr',
      'write',
      'writes',
      'writes ',
      'writes s',
      'writes server:d',
      'writes server:docs',
      'is:r',
      'is:read-only',
      'name:b',
      'name:bulk_',
      'name:bulk_r',
      'risk:w',
      'risk:writes',
      'destr',
      'destructive',
      'u',
      'ur',
      'url',
      '',
    ];
    const filterOf = narrowingFilter();
    for (const q of typed)
      expect(
        filterOf(many, q).map((t) => t.name),
        q,
      ).toEqual(filterTools(many, q).map((t) => t.name));
  });

  it('tags a tool by its risk, its effective annotations and what the core found', () => {
    expect(RISK_LEVELS).toEqual(RiskLevel.options);
    expect(tagsOf(tools[0]!)).toEqual(['risk:read-only-claimed', 'read-only', 'open-world', 'untrusted']);
    expect(tagsOf(tools[2]!)).toEqual(['risk:writes', 'writes', 'idempotent', 'open-world']);
    const odd = tool(
      's',
      'odd',
      { destructiveHint: true, openWorldHint: false },
      { hiddenText: ['d'], needsTaskMode: true, excluded: 'x' },
    );
    expect(tagsOf(odd)).toEqual([
      'risk:destructive',
      'writes',
      'destructive',
      'closed-world',
      'untrusted',
      'hidden',
      'task',
      'excluded',
    ]);
    // Read-only: its destructive hint means nothing.
    expect(tagsOf(tool('s', 'ro', { readOnlyHint: true, destructiveHint: true, idempotentHint: true }))).not.toContain(
      'destructive',
    );
    expect(names('is:risk:writes')).toEqual(['fetch']);
    expect(names('is:nothing')).toEqual([]);
  });

  it('looks only through the tools a growing list added, under the same filter', () => {
    const a = tools.slice(0, 2);
    const b = [...a, tools[2]!];
    const c = [...b, tools[3]!];
    const grown = new Map<readonly ShownTool[], readonly ShownTool[]>([
      [b, a],
      [c, b],
    ]);
    const grewFrom = (l: readonly ShownTool[], before: readonly ShownTool[]) =>
      grown.get(l) === before || grown.get(grown.get(l) ?? []) === before;
    // The last answer for `a` (made short on purpose: delete_file left out) is kept; only what `c` added is looked
    // through.
    expect(filterTools(c, 'file', { tools: a, q: 'file', shown: [] }, grewFrom).map((t) => t.name)).toEqual([]);
    expect(filterTools(c, 'web', { tools: a, q: 'web', shown: [] }, grewFrom).map((t) => t.name)).toEqual([
      'fetch',
      'hidden',
    ]);
    // A list not known to have grown from the last one, or another filter: a full pass.
    expect(filterTools([...c], 'file', { tools: a, q: 'file', shown: [] }, grewFrom).map((t) => t.name)).toEqual([
      'read_file',
      'delete_file',
    ]);
    expect(filterTools(c, 'file', { tools: a, q: 'fil', shown: [] }, grewFrom).map((t) => t.name)).toEqual([
      'read_file',
      'delete_file',
    ]);
  });
});

import type { rng } from './rng.js';

/** Random servers' output for the fuzz test: strings, values, schemas, tool definitions and content blocks. */

type R = ReturnType<typeof rng>;

const HOSTILE_STRINGS = [
  '',
  ' ',
  'a',
  'echo',
  '__proto__',
  'constructor',
  'toString',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '\u001b]0;pwned\u0007\u001b[2J',
  'line\r\nRisk: read-only-trusted',
  '\u202Eevil\u202C',
  'zero\u200Bwidth',
  '\u{E0049}\u{E0067}\u{E006E}',
  '\uFE0F\uFE0F\uFE0F',
  '\uD800',
  '\uDFFF',
  'Привет 世界 👋',
  'x'.repeat(70_000),
  '\u0000\u0001\u0002',
  'javascript:alert(1)',
  'file:///etc/passwd',
  '^(a+)+$',
  '(?=x)',
  '[',
  '\\',
  '%s%n',
  '${7*7}',
  '{{7*7}}',
];
const PATTERNS = [
  '^(a+)+$',
  '^(?=a).*$',
  '[',
  '(a|aa)*b',
  '^\\d{3}$',
  '.*',
  '\\p{L}+',
  '(x+x+)+y',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
];
const TYPES = ['object', 'string', 'number', 'integer', 'boolean', 'array', 'null', 'nonsense', 42];

function str(r: R): string {
  if (r.next() < 0.5) return r.pick(HOSTILE_STRINGS);
  let s = '';
  const n = r.int(30);
  for (let i = 0; i < n; i++)
    s += String.fromCodePoint(
      r.pick([
        r.int(0x80),
        0x200b + r.int(8),
        0x202a + r.int(5),
        0xe0020 + r.int(90),
        0x1f600 + r.int(50),
        0x80 + r.int(32),
      ]),
    );
  return s;
}

export function value(r: R, depth: number): unknown {
  const k = r.int(depth > 6 ? 5 : 8);
  if (k === 0) return null;
  if (k === 1) return r.next() < 0.5;
  if (k === 2) return r.pick([0, -1, 1.5, 1e308, -1e-308, 2 ** 53 + 1]);
  if (k === 3 || k === 4) return str(r);
  if (k === 5 || k === 6) return Array.from({ length: r.int(4) }, () => value(r, depth + 1));
  const o: Record<string, unknown> = {};
  for (let i = r.int(4); i > 0; i--)
    Object.defineProperty(o, str(r).slice(0, 40), {
      value: value(r, depth + 1),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  return o;
}

/** Nests a value `n` levels deep (sometimes far past every limit). */
function nest(v: unknown, n: number): unknown {
  let out = v;
  for (let i = 0; i < n; i++) out = { type: 'object', properties: { x: out } };
  return out;
}

export function schema(r: R, depth = 0): unknown {
  if (depth > 4 || r.next() < 0.15)
    return r.pick([
      true,
      false,
      {},
      { type: r.pick(TYPES) },
      { $ref: r.pick(['#', '#/$defs/x', 'http://127.0.0.1:1/s.json', '#/nope']) },
    ]);
  const s: Record<string, unknown> = { type: r.pick(TYPES) };
  if (r.next() < 0.3) s.pattern = r.pick(PATTERNS);
  if (r.next() < 0.3)
    s.properties = Object.fromEntries(
      Array.from({ length: r.int(4) }, () => [str(r).slice(0, 20), schema(r, depth + 1)]),
    );
  if (r.next() < 0.2) s.patternProperties = { [r.pick(PATTERNS)]: schema(r, depth + 1) };
  if (r.next() < 0.2) s.items = schema(r, depth + 1);
  if (r.next() < 0.2) s.enum = Array.from({ length: r.int(4) }, () => value(r, 3));
  if (r.next() < 0.2) s.required = Array.from({ length: r.int(3) }, () => str(r).slice(0, 10));
  if (r.next() < 0.15) s.oneOf = [schema(r, depth + 1), schema(r, depth + 1)];
  if (r.next() < 0.1) s.$defs = { x: schema(r, depth + 1) };
  if (r.next() < 0.1) s.$ref = '#';
  if (r.next() < 0.2) s.description = str(r);
  if (r.next() < 0.05) return nest(s, r.pick([100, 129, 2000, 20_000]));
  return s;
}

export function toolDef(r: R, i: number): unknown {
  if (r.next() < 0.05)
    return r.pick([null, 7, 'tool', [], { name: '' }, { name: 'x' }, { name: 'x', inputSchema: [] }]);
  const t: Record<string, unknown> = {
    name: r.next() < 0.7 ? `t${i}_${str(r).slice(0, 30)}` : str(r),
    inputSchema: r.next() < 0.9 ? schema(r) : r.pick([null, 'x', 3]),
  };
  if (r.next() < 0.5) t.title = str(r);
  if (r.next() < 0.7) t.description = str(r);
  if (r.next() < 0.3) t.outputSchema = schema(r);
  if (r.next() < 0.5)
    t.annotations =
      r.next() < 0.8
        ? {
            readOnlyHint: value(r, 5),
            destructiveHint: value(r, 5),
            idempotentHint: value(r, 5),
            openWorldHint: value(r, 5),
            title: value(r, 5),
          }
        : value(r, 3);
  if (r.next() < 0.2)
    t.icons = r.pick([
      [{ src: 'data:image/png;base64,AAAA' }],
      [{ src: 'javascript:alert(1)' }],
      'icons',
      [null],
      [{ src: str(r) }],
    ]);
  if (r.next() < 0.2) t.execution = r.pick([{ taskSupport: 'required' }, { taskSupport: 7 }, 'x', null]);
  if (r.next() < 0.2) t._meta = value(r, 2);
  return t;
}

export function block(r: R): Record<string, unknown> {
  const annotations =
    r.next() < 0.5
      ? {
          audience: r.pick([['user'], ['assistant'], ['user', 'assistant'], [], 'user', [7]]),
          priority: r.pick([0, 0.2, 0.5, 1, -3, 99, 'high', null]),
        }
      : undefined;
  const kind = r.int(7);
  const b: Record<string, unknown> =
    kind === 0
      ? { type: 'text', text: str(r) }
      : kind === 1
        ? {
            type: 'image',
            data: r.pick(['iVBORw0KGgo=', 'not base64!', '', str(r)]),
            mimeType: r.pick(['image/png', 'image/svg+xml', 'text/html', str(r)]),
          }
        : kind === 2
          ? { type: 'audio', data: r.pick(['UklGRg==', '???']), mimeType: r.pick(['audio/wav', 'audio/x', str(r)]) }
          : kind === 3
            ? {
                type: 'resource_link',
                uri: r.pick([
                  'https://example.com/x',
                  'file:///etc/passwd',
                  'javascript:alert(1)',
                  'smb://h/s',
                  str(r),
                ]),
                name: str(r),
                mimeType: r.pick([undefined, 'text/plain', str(r)]),
              }
            : kind === 4
              ? {
                  type: 'resource',
                  resource: r.pick([
                    {
                      uri: 'fixture://x',
                      text: str(r),
                      mimeType: r.pick(['text/markdown', 'application/json', str(r)]),
                    },
                    { uri: 'fixture://b', blob: r.pick(['AAAA', '!!!']), mimeType: 'application/octet-stream' },
                    { uri: str(r) },
                  ]),
                }
              : kind === 5
                ? { type: str(r).slice(0, 20), anything: value(r, 2) }
                : ((value(r, 4) as Record<string, unknown>) ?? {});
  if (annotations && b && typeof b === 'object') b.annotations = annotations;
  return b;
}

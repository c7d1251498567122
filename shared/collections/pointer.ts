// JSON pointers (RFC 6901) into results: read one value, and match a pattern with `*` for any key.

/** The tokens of a pointer: '' is the whole value; every other pointer starts with '/'. */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: ${JSON.stringify(pointer)} (it starts with /)`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A pointer from tokens. */
export function pointerOf(tokens: ReadonlyArray<string | number>): string {
  return tokens.map((t) => '/' + String(t).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** The value at a pointer, or `found: false`. */
export function pointerGet(value: unknown, pointer: string): { found: boolean; value?: unknown } {
  return tokensGet(value, pointerTokens(pointer));
}

/** The value at a pointer already split into tokens (a pointer read many times is split once), or `found: false`. */
export function tokensGet(value: unknown, tokens: readonly string[]): { found: boolean; value?: unknown } {
  let v = value;
  for (const t of tokens) {
    if (Array.isArray(v)) {
      if (!/^(0|[1-9]\d*)$/.test(t) || Number(t) >= v.length) return { found: false };
      v = v[Number(t)];
    } else if (v !== null && typeof v === 'object' && own(v, t)) v = (v as Record<string, unknown>)[t];
    else return { found: false };
  }
  return { found: true, value: v };
}

/** True when `tokens` lies at or under a pattern, where a `*` token matches any one key or index. */
export function underPattern(tokens: readonly string[], pattern: readonly string[]): boolean {
  if (pattern.length > tokens.length) return false;
  return pattern.every((p, i) => p === '*' || p === tokens[i]);
}

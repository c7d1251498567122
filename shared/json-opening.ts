/**
 * The opening of a value's JSON text, at most `max` characters, written without the rest: the walk
 * stops once `max` characters are out, so a message of millions of values costs what its preview
 * shows. Strings longer than `clip` are cut (with an ellipsis) before they are written. The text is
 * what `JSON.stringify` writes for plain parsed JSON (no `toJSON`, no functions), cut at `max`.
 */
export function jsonOpening(value: unknown, max: number, clip: number = max): string {
  type Frame =
    { a: readonly unknown[]; i: number } | { o: Record<string, unknown>; keys: string[]; i: number; wrote: boolean };
  const frames: Frame[] = [];
  let out = '';
  const write = (v: unknown): void => {
    if (typeof v === 'string') out += JSON.stringify(v.length > clip ? `${v.slice(0, clip)}…` : v);
    else if (typeof v === 'number' || typeof v === 'boolean') out += JSON.stringify(v);
    else if (Array.isArray(v)) {
      out += '[';
      frames.push({ a: v, i: 0 });
    } else if (v !== null && typeof v === 'object') {
      out += '{';
      frames.push({ o: v as Record<string, unknown>, keys: Object.keys(v), i: 0, wrote: false });
    } else out += 'null';
  };
  write(value);
  while (frames.length && out.length < max) {
    const f = frames[frames.length - 1]!;
    if ('a' in f) {
      if (f.i >= f.a.length) {
        out += ']';
        frames.pop();
        continue;
      }
      if (f.i) out += ',';
      write(f.a[f.i++]);
      continue;
    }
    // As JSON.stringify does: a key whose value is undefined (or a function) is left out.
    while (f.i < f.keys.length && (f.o[f.keys[f.i]!] === undefined || typeof f.o[f.keys[f.i]!] === 'function')) f.i++;
    if (f.i >= f.keys.length) {
      out += '}';
      frames.pop();
      continue;
    }
    const key = f.keys[f.i++]!;
    out += `${f.wrote ? ',' : ''}${JSON.stringify(key)}:`;
    f.wrote = true;
    write(f.o[key]);
  }
  return out.length > max ? out.slice(0, max) : out;
}

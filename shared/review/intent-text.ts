import * as W from './intent-words.js';

// How the intent reader sees a text: sentences, and tokens within each (words, code spans, addresses,
// marks that end a clause), with the few kinds of token it weighs — a path of the person's, a secret,
// a start-up file, a tool's name. Each is one pass or one lookup: linear in the text's length.

/** One token of a sentence: lower case in `w`, as written in `raw`, and where it stands in the text. */
export interface Token {
  w: string;
  raw: string;
  start: number;
  end: number;
  kind: 'word' | 'code' | 'url' | 'email' | 'mark';
}

const MAX_SENTENCE = 600;
const MAX_TOKENS = 120;
const TOKEN = /`[^`\n]{0,300}`|https?:\/\/[^\s"'<>)\]`]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|[A-Za-z0-9_~./'’+$-]+|[,:;()<>[\]{}|\u2013\u2014]|\S/gu;
const MARKS = new Set([',', ':', ';', '(', ')', '<', '>', '[', ']', '{', '}', '\u2013', '\u2014', '|']);

/** Sentence ends: a stop before a space or the end, a new line, or MAX_SENTENCE characters. Linear. */
export function sentenceSpans(text: string): [number, number][] {
  const out: [number, number][] = [];
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    const stop = i === text.length || c === '\n' || ((c === '.' || c === '!' || c === '?') && (i + 1 === text.length || /\s/.test(text[i + 1]!)));
    if (stop || i - from >= MAX_SENTENCE) {
      const end = stop && i < text.length && c !== '\n' ? i + 1 : i;
      if (/\S/.test(text.slice(from, end))) out.push([from, end]);
      from = stop ? i + 1 : i;
    }
  }
  return out;
}

export function tokens(text: string, from: number, to: number): Token[] {
  const out: Token[] = [];
  const s = text.slice(from, to);
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(s); m && out.length < MAX_TOKENS; m = TOKEN.exec(s)) {
    const raw = m[0];
    const kind: Token['kind'] = raw.startsWith('`')
      ? 'code'
      : /^https?:/i.test(raw)
        ? 'url'
        : raw.includes('@') && /\.\w/.test(raw)
          ? 'email'
          : MARKS.has(raw)
            ? 'mark'
            : 'word';
    const trimmed = kind === 'word' ? raw.replace(/[.'’]+$/, '').replace(/^['’]+/, '') : raw;
    out.push({ w: trimmed.toLowerCase().replace('’', "'").replace(/^(tool|function|server|assistant|model)'s$/, '$1'), raw: trimmed, start: from + m.index, end: from + m.index + raw.length, kind });
  }
  return out;
}

/** A word's dictionary form, for the verbs and nouns the lists hold: "telling" → "tell", "calls" → "call". */
export function lemma(w: string): string[] {
  const out = [w];
  if (w.endsWith('ing') && w.length > 5) {
    const b = w.slice(0, -3);
    out.push(b, `${b}e`);
    if (b.length > 2 && b[b.length - 1] === b[b.length - 2]) out.push(b.slice(0, -1));
  }
  if (w.endsWith('ies')) out.push(`${w.slice(0, -3)}y`);
  else if (w.endsWith('es')) out.push(w.slice(0, -2), w.slice(0, -1));
  else if (w.endsWith('s') && !w.endsWith('ss')) out.push(w.slice(0, -1));
  return out;
}
export const inSet = (s: ReadonlySet<string>, w: string): boolean => lemma(w).some((x) => s.has(x));

/** A token that names a file of the person's: a home or system path, a hidden folder, a dotfile the lists know. */
export function isPath(t: Token): boolean {
  const w = t.kind === 'code' ? t.w.slice(1, -1) : t.w;
  return (
    (t.kind === 'word' || t.kind === 'code') &&
    (/^~\/|^\/(?:etc|home|root|users|var|usr)\/|^%\w+%|^\$home|\w\/\.\w/i.test(w) ||
      W.STARTUP.has(w) ||
      /^\.(?:env|npmrc|netrc|pypirc|git-credentials|pgpass|ssh|aws|gnupg|kube|docker|config)\b/.test(w))
  );
}
export const isSecret = (t: Token, next?: Token): boolean => {
  const w = t.kind === 'code' ? t.w.slice(1, -1) : t.w;
  if ((w === 'environment' || w === 'env') && next && /^var/.test(next.w)) return true;
  if (/^[a-z0-9]+(?:[_-][a-z0-9]+)+$/.test(w))
    return /api[_-]?key|access[_-]?token|auth[_-]?token|secret|password|passwd|credential|private[_-]?key|id_rsa|id_ed25519|session[_-]?cookie/.test(w);
  if (inSet(W.SECRET, w)) return true;
  return /(?:^|[/_.-])(?:\.ssh|id_rsa|id_ed25519|\.env|credentials?|secrets?|passwords?|\.aws|\.npmrc|\.netrc|\.pypirc|mcp\.json|keychain|wallet|\.gnupg)(?:$|[/_.-])/.test(
    w,
  );
};
export const anySecret = (ts: Token[]): boolean => ts.some((t, i) => isSecret(t, ts[i + 1]));
export const isStartup = (t: Token): boolean => {
  const w = (t.kind === 'code' ? t.w.slice(1, -1) : t.w).replace(/^~\//, '');
  return W.STARTUP.has(w) || W.STARTUP.has(w.split('/').pop() ?? '') || /crontab|launchagents|\/startup\/|autostart/.test(w);
};
/** A token that names a tool: an identifier with `_`, `-` or `.` inside, camelCase, or in backticks. */
export const isToolName = (t: Token): boolean =>
  (t.kind === 'code' && /^`[A-Za-z][\w.-]{1,60}`$/.test(t.raw)) ||
  (t.kind === 'word' && /^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+$|^[a-z]+[A-Z][A-Za-z0-9]*$/.test(t.raw));
export const EXAMPLE = /(?:^|[@./])(?:example\.(?:com|org|net)|localhost|127\.0\.0\.1)(?:$|[/:?#])/i;

import { SECRET_NOUN } from '../review/poisoning-patterns.js';
import { pointerOf } from './pointer.js';

// Which arguments of a recorded call hold secrets: by their name (the review's words for secrets,
// and the usual key names) or by their value's shape (well-known token formats). Those become
// `{{env.NAME}}` variables and are never written into a collection.

const NAME = new RegExp(
  String.raw`^(?:${SECRET_NOUN}|token|secret|password|passwd|pwd|pin|otp|authorization|auth|bearer|cookie|session[\s_-]?id|client[\s_-]?secret|api[\s_-]?token|access[\s_-]?key(?:[\s_-]?id)?|signing[\s_-]?key|refresh[\s_-]?token|id[\s_-]?token|private[\s_-]?key|x[\s_-]?api[\s_-]?key)$`,
  'i',
);
const VALUE = [
  /^sk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}$/, // OpenAI, Anthropic
  /^gh[pousr]_[A-Za-z0-9]{30,}$/, // GitHub
  /^github_pat_[A-Za-z0-9_]{40,}$/,
  /^xox[abposr]-[A-Za-z0-9-]{10,}$/, // Slack
  /^(?:AKIA|ASIA)[A-Z0-9]{16}$/, // AWS access key id
  /^AIza[0-9A-Za-z_-]{35}$/, // Google API key
  /^glpat-[A-Za-z0-9_-]{20,}$/, // GitLab
  /^npm_[A-Za-z0-9]{36}$/,
  /^(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}$/, // Stripe
  /^eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}$/, // a JWT
  /^Bearer\s+\S{12,}$/i,
  /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/,
];

/** A key's words: `apiKey`, `api_key` and `API-KEY` all read `api key`. */
const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();

export function secretName(key: string): boolean {
  return NAME.test(words(key)) || NAME.test(key);
}

export function secretValue(value: string): boolean {
  return VALUE.some((re) => re.test(value.trim()));
}

/** The pointers of every string argument that looks like a secret, by name or by value. */
export function secretPointers(args: unknown): string[] {
  const out: string[] = [];
  const stack: Array<[Array<string | number>, unknown, boolean]> = [[[], args, false]];
  while (stack.length) {
    const [path, v, named] = stack.pop()!;
    if (typeof v === 'string') {
      if (named || secretValue(v)) out.push(pointerOf(path));
    } else if (Array.isArray(v)) v.forEach((x, i) => stack.push([[...path, i], x, named]));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) stack.push([[...path, k], x, named || secretName(k)]);
  }
  return out.sort();
}

/** An environment variable's name for a secret at a pointer: `/auth/apiKey` of step `login` → `LOGIN_AUTH_API_KEY`. */
export function secretVariable(stepId: string, pointer: string, taken: ReadonlySet<string>): string {
  const base = [stepId, ...pointer.split('/').filter(Boolean)]
    .map((p) => words(p).replace(/[^a-z0-9]+/g, '_'))
    .join('_')
    .toUpperCase()
    .replace(/^([^A-Z_])/, '_$1')
    .slice(0, 60);
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
  return name;
}

/**
 * A document with every occurrence of a secret's value written as its variable (`{{env.NAME}}`):
 * a result that echoes a secret keeps it out of the snapshot, and compares the same on every run.
 * A value shorter than 4 characters is replaced only where it stands as a word of its own (it
 * would match inside every other word).
 */
export function redactSecrets(doc: unknown, secrets: ReadonlyMap<string, string>): unknown {
  const pairs = [...secrets].filter(([value]) => value.length > 0).sort((a, b) => b[0].length - a[0].length);
  if (pairs.length === 0) return doc;
  const fix = (s: string) =>
    pairs.reduce((t, [value, name]) => {
      if (value.length >= 4) return t.split(value).join(`{{env.${name}}}`);
      const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return t.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'gu'), `{{env.${name}}}`);
    }, s);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return fix(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [fix(k), walk(x)]));
    return v;
  };
  return walk(doc);
}

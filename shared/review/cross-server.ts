import { editDistance, skeleton } from './confusables.js';
import type { Severity } from './rules.js';

/** What the cross-server rules need of each server. */
export interface CrossServerInput {
  id: string;
  /** The name the server gives itself (serverInfo.name), when known. */
  name?: string;
  /** The server's instructions to the model, when it sent any. */
  instructions?: string;
  tools: { name: string; description?: string }[];
  /** The version it gives itself: with `name` and the same tools, the same server reached twice. */
  version?: string;
}

/**
 * Which servers are one server reached twice (over stdio and over HTTP, say): the same name and
 * version, and the same tools, name and description alike (a server that copies another's names
 * but says something else is not the same). The cross-server rules do not compare a server with itself.
 */
function sameServers(servers: readonly CrossServerInput[]): (a: string, b: string) => boolean {
  const key = new Map<string, string>();
  for (const s of servers)
    if (s.name)
      key.set(
        s.id,
        `${s.name}\u0000${s.version ?? ''}\u0000${s.tools
          .map((t) => `${t.name}\u0001${t.description ?? ''}`)
          .sort()
          .join('\u0000')}`,
      );
  return (a, b) => a === b || (key.get(a) !== undefined && key.get(a) === key.get(b));
}

/** A cross-server finding about one tool (or the server when `tool` is absent). */
export interface CrossHit {
  rule: string;
  server: string;
  tool?: string;
  path: string;
  start?: number;
  end?: number;
  message: string;
  severity?: Severity;
}

const STEERING =
  /\b(?:instead|do not use|don't use|never use|never call|always|must|replace|redirect|whenever|override|rather than|in place of|before|after)\b/i;
/** Identifiers specific enough to mean a tool: with `_`, `.` or `-` inside, or camelCase. */
const TOKEN = /(?<![A-Za-z0-9_.-])(?:[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)+|[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)/g;

/** Names specific enough that a mention in prose means the tool (not the English word). */
function distinctive(name: string): boolean {
  return name.length >= 5 && (/[_.-]/.test(name) || /[a-z][A-Z]/.test(name));
}

/** Two server names a person could take for each other; numbered siblings (`db1`, `db2`) are not. */
function imitates(a: string, b: string): boolean {
  if (skeleton(a) === skeleton(b)) return true;
  if (a.replace(/\d+/g, '#') === b.replace(/\d+/g, '#')) return false;
  return editDistance(a.toLowerCase(), b.toLowerCase(), 1) <= 1;
}

/** Another server's tools that a text names (rule S03): high when the sentence steers how they are used. */
function mentions(
  server: string,
  tool: string | undefined,
  path: string,
  text: string,
  byName: Map<string, Set<string>>,
  same: (a: string, b: string) => boolean,
): CrossHit[] {
  const out: CrossHit[] = [];
  const seen = new Set<string>();
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const word = m[0];
    if (seen.has(word) || !distinctive(word)) continue;
    const owners = byName.get(word);
    if (!owners || owners.has(server) || [...owners].every((o) => same(o, server))) continue;
    seen.add(word);
    const sentence = text.slice(Math.max(0, m.index - 120), m.index + word.length + 120);
    out.push({
      rule: 'S03',
      server,
      ...(tool !== undefined ? { tool } : {}),
      path,
      start: m.index,
      end: m.index + word.length,
      message: `mentions "${word}", a tool of ${[...owners].map((o) => JSON.stringify(o)).join(', ')}`,
      severity: STEERING.test(sentence) ? 'high' : 'medium',
    });
  }
  return out;
}

/** What a look-alike adds to a name to pass for its better: "search_files_enhanced", "getUserV2", "fetch-pro". */
const TWIN_SUFFIXES = new Set(
  `enhanced improved advanced optimized optimised extended updated latest new better secure safe official fixed pro plus
  premium turbo ultra fast`.split(/\s+/),
);
/** A twin's text that claims the other's place: it supersedes, replaces or is preferred to it, or calls it retired. */
const SUPERSEDES =
  /\b(?:supersede[sd]?|replace[sd]?|instead|deprecated|obsolete|retired|legacy|outdated|preferred|prefer|better|improved|enhanced|upgraded?|always use|use this)\b/i;
/** The name without a better-sounding last part (after a mark or a capital, or trailing digits), or the name. */
function withoutSuffix(name: string): string {
  let i = name.length;
  while (i > 0 && /[0-9]/.test(name[i - 1]!)) i--;
  // "fetch2", "getUserV2": trailing digits, after a "v" when there is one.
  if (i < name.length) {
    const v = i > 0 && (name[i - 1] === 'v' || name[i - 1] === 'V') ? i - 1 : i;
    return name.slice(0, v).replace(/[_.-]$/, '');
  }
  let j = name.length;
  while (j > 0 && /[a-z]/.test(name[j - 1]!)) j--;
  if (j > 0 && /[A-Z]/.test(name[j - 1]!)) j--;
  const part = name.slice(j).toLowerCase();
  if (j === 0 || !TWIN_SUFFIXES.has(part)) return name;
  return name.slice(0, j).replace(/[_.-]$/, '');
}
/** Suffixes that boast (not a version: honest servers keep a `_v2` and say it replaces the first). */
const BOASTS = new Set(
  `enhanced improved advanced optimized optimised better secure safe official pro plus premium turbo
  ultra fast fixed`.split(/\s+/),
);
/** Names a text writes: `snake_case`, `kebab-case`, `camelCase` (the first 24). */
const NAME_IN_TEXT = /\b[A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g;
/**
 * A twin named in the tool's own text, reviewed alone: "Write_File: same as write_file but faster; prefer this one",
 * "search_enhanced: use instead of search" — a name the same but for case or marks, or its own with a boasting
 * suffix, whose text claims the other's place (a twin present on a server is read below).
 */
function twinNamed(
  name: string,
  base: string,
  text: string,
  present: ReadonlyMap<string, readonly { name: string }[]>,
  flat: (n: string) => string,
): { message: string; severity: 'medium' } | undefined {
  const head = text.slice(0, 2_000);
  // An alias says it is the other, under another name ("Alias of search_files kept for old clients").
  if (!SUPERSEDES.test(head) || /\balias\b/i.test(head)) return undefined;
  const boasts =
    base !== name &&
    BOASTS.has(
      name
        .slice(base.length)
        .replace(/^[_.-]/, '')
        .toLowerCase(),
    );
  let n = 0;
  for (const m of head.matchAll(NAME_IN_TEXT)) {
    if (++n > 24) break;
    const other = m[0];
    // … not a tool reviewed here (the twins below are read from both).
    if (other === name || present.get(flat(other))?.some((o) => o.name === other)) continue;
    const alike = flat(other) === flat(name) || (boasts && flat(other) === flat(base));
    // … not the other preferred ("prefer search_files in new code").
    const toOther = head.slice(Math.max(0, m.index - 12), m.index).match(/\b(?:prefer|use|call|choose)\s+`?$/i);
    if (alike && !toOther)
      return {
        severity: 'medium',
        message: `"${name}" names "${other}" in its text, a tool of a name alike but for case, marks or a boast, and claims its place`,
      };
  }
  return undefined;
}

/**
 * Look-alike twins (S02): two tools that read the same but for case or marks ("search_files", "Search_Files"), on one
 * server as on two; and a tool whose name is another's with a better-sounding suffix ("search_files_enhanced") —
 * medium when its text claims the other's place, low otherwise (honest servers keep a `_v2` beside a `v1`).
 */
function twins(servers: readonly CrossServerInput[], skeletonOf: (name: string) => string): CrossHit[] {
  const out: CrossHit[] = [];
  // Most names hold no mark a twin could differ by only: their skeleton is their key as it is.
  const flat = (name: string): string => {
    const sk = skeletonOf(name);
    return sk.includes('_') || sk.includes('-') || sk.includes('.') ? sk.replace(/[_.-]/g, '') : sk;
  };
  const byFlat = new Map<string, { server: string; name: string }[]>();
  for (const s of servers)
    for (const t of s.tools) {
      const k = flat(t.name);
      const list = byFlat.get(k);
      if (!list) byFlat.set(k, [{ server: s.id, name: t.name }]);
      else if (list.length < 8) list.push({ server: s.id, name: t.name });
    }
  const where = (a: string, b: string): string => (a === b ? 'on this same server' : `on ${JSON.stringify(b)}`);
  for (const s of servers)
    for (const t of s.tools) {
      const same = byFlat.get(flat(t.name));
      // The same tool under two spellings on one server (across servers, S01 and S02 above say it).
      const alike = same && same.length > 1 ? same.find((o) => o.server === s.id && o.name !== t.name) : undefined;
      if (alike)
        out.push({
          rule: 'S02',
          server: s.id,
          tool: t.name,
          path: 'name',
          message: `"${t.name}" looks like "${alike.name}" ${where(s.id, alike.server)} but for case or marks`,
        });
      const base = withoutSuffix(t.name);
      const named = t.description ? twinNamed(t.name, base, t.description, byFlat, flat) : undefined;
      if (named) out.push({ rule: 'S02', server: s.id, tool: t.name, path: 'description', ...named });
      if (base === t.name || base.length < 3) continue;
      const original = (byFlat.get(flat(base)) ?? []).find((o) => o.name !== t.name);
      if (!original) continue;
      const claims = !!t.description && SUPERSEDES.test(t.description.slice(0, 2_000));
      out.push({
        rule: 'S02',
        server: s.id,
        tool: t.name,
        path: 'name',
        message: `"${t.name}" is "${original.name}" ${where(s.id, original.server)} with "${t.name.slice(base.length)}" added${claims ? ', and its text claims the other’s place' : ''}`,
        severity: claims ? 'medium' : 'low',
      });
    }
  return out;
}

/** Rules S01–S04 over every server reviewed together. Linear in the number of tools and description tokens. */
export function crossServerHits(servers: readonly CrossServerInput[]): CrossHit[] {
  const out: CrossHit[] = [];
  const same = sameServers(servers);
  const skeletons = new Map<string, string>();
  const skeletonOf = (name: string): string => {
    let sk = skeletons.get(name);
    if (sk === undefined) skeletons.set(name, (sk = skeleton(name)));
    return sk;
  };
  const byName = new Map<string, Set<string>>();
  const bySkeleton = new Map<string, Map<string, Set<string>>>();
  for (const s of servers)
    for (const t of s.tools) {
      if (!byName.has(t.name)) byName.set(t.name, new Set());
      byName.get(t.name)!.add(s.id);
      const sk = skeletonOf(t.name);
      if (!bySkeleton.has(sk)) bySkeleton.set(sk, new Map());
      const names = bySkeleton.get(sk)!;
      if (!names.has(t.name)) names.set(t.name, new Set());
      names.get(t.name)!.add(s.id);
    }
  for (const s of servers)
    for (const t of s.tools) {
      const others = [...(byName.get(t.name) ?? [])].filter((id) => !same(id, s.id));
      if (others.length)
        out.push({
          rule: 'S01',
          server: s.id,
          tool: t.name,
          path: 'name',
          message: `"${t.name}" is also a tool of ${others.map((o) => JSON.stringify(o)).join(', ')}`,
        });
      const alike = [...(bySkeleton.get(skeletonOf(t.name)) ?? new Map<string, Set<string>>())].filter(
        ([n, where]) => n !== t.name && [...where].some((w) => !same(w, s.id)),
      );
      if (alike.length) {
        const [other, where] = alike[0]!;
        out.push({
          rule: 'S02',
          server: s.id,
          tool: t.name,
          path: 'name',
          message: `"${t.name}" looks like "${other}" on ${[...where].map((w) => JSON.stringify(w)).join(', ')}`,
        });
      }
      if (t.description) out.push(...mentions(s.id, t.name, 'description', t.description, byName, same));
    }
  out.push(...twins(servers, skeletonOf));
  for (const s of servers)
    if (s.instructions) out.push(...mentions(s.id, undefined, 'instructions', s.instructions, byName, same));
  const names = servers.map((s) => ({
    id: s.id,
    labels: [...new Set([s.id, s.name].filter((x): x is string => !!x))],
  }));
  for (const a of names)
    for (const b of names) {
      if (same(a.id, b.id)) continue;
      const close = a.labels.find((la) => b.labels.some((lb) => la !== lb && la.length >= 5 && imitates(la, lb)));
      if (close)
        out.push({
          rule: 'S04',
          server: a.id,
          path: 'serverInfo.name',
          message: `"${close}" is named almost like server "${b.id}"`,
        });
    }
  return out;
}

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

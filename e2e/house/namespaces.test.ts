import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractParts, requestNames } from '../../shared/contract/index.js';

/*
 * "Where is `x.y` answered?" is a path, not a search: each namespace of the contract is declared in
 * shared/contract/<namespace>.ts and answered by one concern's handlers.ts, the one ARCHITECTURE.md's
 * map names. A namespace added tomorrow fails here until it has its file, one concern, and its row.
 */
const CONTRACT = 'shared/contract';
const CORE = 'electron/core';

/** Which concern's handlers.ts holds each request: read from the tables' keys. */
function answeredBy(): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const concern of readdirSync(CORE, { withFileTypes: true })) {
    if (!concern.isDirectory()) continue;
    let text: string;
    try {
      text = readFileSync(join(CORE, concern.name, 'handlers.ts'), 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/^\s+'([a-z]+\.[A-Za-z]+)':/gm))
      where.set(m[1]!, [...(where.get(m[1]!) ?? []), concern.name]);
  }
  return where;
}

/** ARCHITECTURE.md's map: namespace -> [contract file, core folder]. */
function documentedMap(): Map<string, [string, string]> {
  const text = readFileSync('ARCHITECTURE.md', 'utf8');
  const rows = [
    ...text.matchAll(/^\| `([a-z]+)\.\*` \| `shared\/contract\/([a-z-]+)\.ts` \| `electron\/core\/([a-z-]+)\/` \|/gm),
  ];
  return new Map(rows.map((m) => [m[1]!, [m[2]!, m[3]!]]));
}

describe('one namespace, one file, one concern', () => {
  it('keeps each namespace in the contract file named after it, and nothing else there', () => {
    const files = readdirSync(CONTRACT)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts' && f !== 'common.ts')
      .map((f) => f.slice(0, -3));
    expect(files.sort()).toEqual(Object.keys(contractParts).sort());
    for (const [ns, part] of Object.entries(contractParts)) {
      // An event names the one thing that happened: `approval.requested` lives in approvals.ts.
      const single = ns.replace(/s$/, '');
      for (const n of Object.keys(part.requests)) expect(n.split('.')[0], `${n} in ${ns}.ts`).toBe(ns);
      for (const n of Object.keys(part.events)) expect([ns, single], `${n} in ${ns}.ts`).toContain(n.split('.')[0]);
    }
  });

  it('answers every request in exactly one concern, the same for its whole namespace', () => {
    const where = answeredBy();
    for (const n of requestNames) expect(where.get(n), n).toHaveLength(1);
    expect([...where.keys()].sort()).toEqual([...requestNames].sort());
    const byNamespace = new Map<string, Set<string>>();
    for (const [n, [concern]] of where)
      byNamespace.set(n.split('.')[0]!, (byNamespace.get(n.split('.')[0]!) ?? new Set()).add(concern!));
    for (const [ns, concerns] of byNamespace) expect([...concerns], `${ns}.* answered in`).toHaveLength(1);
  });

  it("matches ARCHITECTURE.md's map, a row for every namespace that has requests", () => {
    const where = answeredBy();
    const documented = documentedMap();
    const withRequests = Object.entries(contractParts).filter(([, p]) => Object.keys(p.requests).length > 0);
    expect([...documented.keys()].sort()).toEqual(withRequests.map(([ns]) => ns).sort());
    for (const [ns, part] of withRequests) {
      const [file, concern] = documented.get(ns)!;
      expect(file, ns).toBe(ns);
      expect(where.get(Object.keys(part.requests)[0]!)?.[0], `${ns}.* is answered in electron/core/${concern}/`).toBe(
        concern,
      );
    }
  });
});

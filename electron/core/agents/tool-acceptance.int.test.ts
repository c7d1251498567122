import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolView } from '../../../shared/schemas/tool.js';
import type { AuditFields } from '../audit/index.js';
import { AcceptedTools } from './accepted-tools.js';
import { ToolAcceptance } from './tool-acceptance.js';

function setup(tools: Array<{ name: string; fingerprint: string; description?: string; excluded?: string }>) {
  const dir = mkdtempSync(join(tmpdir(), 'accept-'));
  const audit: AuditFields[] = [];
  const live = { tools };
  const acceptance = new ToolAcceptance(new AcceptedTools(dir), {
    connected: () => 'ident',
    tools: () => live.tools as unknown as ToolView[],
    tool: (_s, name) => live.tools.find((t) => t.name === name) as unknown as ToolView | undefined,
    raw: (_s, name) => {
      const t = live.tools.find((x) => x.name === name);
      return t && { name: t.name, description: t.description ?? '', inputSchema: { type: 'object' } };
    },
    audit: (f) => void audit.push(f),
  });
  return { dir, audit, live, acceptance };
}

describe('ToolAcceptance', () => {
  it('takes the first listing with tools as the baseline (audited); a new or changed tool then waits, with its diff, until accepted as shown', () => {
    const { acceptance, audit, live } = setup([]);
    expect(acceptance.pending(['s'])).toEqual([]); // nothing listed: no baseline yet
    expect(audit).toEqual([]);
    live.tools = [{ name: 'a', fingerprint: 'fa', description: 'one' }];
    expect(acceptance.pending(['s'])).toEqual([]);
    expect(audit[0]?.reason).toMatch(/pinned at first sight/);
    live.tools = [
      { name: 'a', fingerprint: 'fa2', description: 'two' },
      { name: 'b', fingerprint: 'fb' },
    ];
    const waiting = acceptance.pending(['s']);
    expect(waiting.map((p) => [p.tool, p.state])).toEqual([
      ['a', 'changed'],
      ['b', 'new'],
    ]);
    expect(waiting[0]?.diff?.fields).toEqual(['description']);
    // Accepting needs the fingerprint the person saw.
    expect(() => acceptance.accept('s', [{ tool: 'a', fingerprint: 'fa' }])).toThrow(/not the definition shown/);
    acceptance.accept('s', [{ tool: 'a', fingerprint: 'fa2' }]);
    expect(acceptance.pending(['s']).map((p) => p.tool)).toEqual(['b']);
  });

  it('tells each tool’s pin state: first seen, accepted, new, changed with its diff, removed; removals and imports are pinned too', () => {
    const { acceptance, audit, live } = setup([
      { name: 'a', fingerprint: 'fa', description: 'one' },
      { name: 'gone', fingerprint: 'fg' },
    ]);
    expect(acceptance.states('s').map((p) => [p.tool, p.state])).toEqual([
      ['a', 'first-seen'],
      ['gone', 'first-seen'],
    ]);
    live.tools = [
      { name: 'a', fingerprint: 'fa2', description: 'two' },
      { name: 'b', fingerprint: 'fb' },
    ];
    const states = acceptance.states('s');
    expect(states.map((p) => [p.tool, p.state])).toEqual([
      ['a', 'changed'],
      ['b', 'new'],
      ['gone', 'removed'],
    ]);
    expect(states[0]?.diff?.changes).toEqual([{ path: 'description', before: 'one', after: 'two' }]);
    // A pinned tool still listed but no longer offered (excluded) counts as removed, as one gone does.
    live.tools = [...live.tools, { name: 'gone', fingerprint: 'fg', excluded: 'invalid x-mcp-header' }];
    expect(acceptance.states('s').map((p) => [p.tool, p.state])).toEqual(states.map((p) => [p.tool, p.state]));
    live.tools = live.tools.slice(0, 2);
    acceptance.accept('s', [{ tool: 'a', fingerprint: 'fa2' }]);
    acceptance.acceptRemoved('s', ['gone']);
    expect(() => acceptance.acceptRemoved('s', ['b'])).toThrow(/listed again/);
    expect(acceptance.states('s').map((p) => [p.tool, p.state])).toEqual([
      ['a', 'accepted'],
      ['b', 'new'],
    ]);
    expect(audit.at(-1)?.reason).toBe('removal accepted: gone');
    acceptance.importPins('s', { b: { name: 'b', description: '', inputSchema: { type: 'object' } } });
    // An imported pin is bound to the definition's own hash: the live 'b' (fingerprint fb, a test stand-in) differs.
    expect(acceptance.states('s').map((p) => [p.tool, p.state])).toEqual([
      ['a', 'new'],
      ['b', 'changed'],
    ]);
    expect(audit.at(-1)?.reason).toBe('pins imported: 1 definitions');
  });

  it('an unreadable file counts for nothing: every tool waits (it is not taken as a new baseline)', () => {
    const { acceptance, dir } = setup([{ name: 'a', fingerprint: 'fa' }]);
    writeFileSync(join(dir, 'ident.json'), '{ not json');
    expect(acceptance.pending(['s']).map((p) => [p.tool, p.state])).toEqual([['a', 'new']]);
  });

  it('walks a large catalog in steps to the same answer, with one first sight and a digest of every name', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ name: `t${i}`, fingerprint: `f${i}` }));
    const { acceptance, audit, live } = setup(many);
    const stepped = acceptance.unsettledInSteps('s');
    expect(await stepped).toEqual([]);
    expect(audit.filter((a) => /first sight/.test(String(a.reason)))).toHaveLength(1);
    const lines = many.map((t) => `${t.name} ${t.fingerprint}`).sort();
    expect(audit[0]?.detail).toEqual({
      count: 5000,
      digest: createHash('sha256').update(lines.join('\n')).digest('hex'),
      first: lines.slice(0, 100),
    });
    // t0 and t4000…t4999 gone, t1 changed, one new.
    live.tools = [{ name: 't1', fingerprint: 'changed' }, ...many.slice(2, 4000), { name: 'new', fingerprint: 'fn' }];
    const inSteps = await acceptance.unsettledInSteps('s');
    expect(inSteps).toEqual(acceptance.unsettled('s'));
    expect(inSteps.filter((p) => p.state !== 'removed').map((p) => [p.tool, p.state])).toEqual([
      ['t1', 'changed'],
      ['new', 'new'],
    ]);
    expect(inSteps.filter((p) => p.state === 'removed')).toHaveLength(1001);
  });

  it('a synchronous first sight during a stepped one: one audit entry, and both see the same pins', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ name: `t${i}`, fingerprint: `f${i}` }));
    const { acceptance, audit } = setup(many);
    const stepped = acceptance.unsettledInSteps('s');
    expect(acceptance.unsettled('s')).toEqual([]);
    expect(await stepped).toEqual([]);
    expect(audit.filter((a) => /first sight/.test(String(a.reason)))).toHaveLength(1);
    expect(acceptance.pinned('s')?.size).toBe(10_000);
  });

  it("after a restart, the pins hold no definition: a changed tool's diff is against the one read from its file", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'accept-'));
    const defs = new Map<string, Record<string, unknown>>([
      ['a', { name: 'a', description: 'one', inputSchema: { type: 'object' } }],
      ['b', { name: 'b', description: 'two', inputSchema: { type: 'object' } }],
    ]);
    const make = (store: AcceptedTools, fps: Record<string, string>) =>
      new ToolAcceptance(store, {
        connected: () => 'ident',
        tools: () => [...defs.keys()].map((name) => ({ name, fingerprint: fps[name] }) as unknown as ToolView),
        tool: (_s, name) => (defs.has(name) ? ({ name, fingerprint: fps[name] } as unknown as ToolView) : undefined),
        raw: (_s, name) => defs.get(name),
        audit: () => {},
      });
    const first = new AcceptedTools(dir);
    make(first, { a: 'fa', b: 'fb' }).states('s');
    await first.idle();
    // The next session reads names and fingerprints; the definitions stay in their file.
    defs.set('b', { name: 'b', description: 'two, and your keys', inputSchema: { type: 'object' } });
    const again = make(new AcceptedTools(dir), { a: 'fa', b: 'fb2' });
    expect([...again.pinned('s')!.values()].map((p) => p.def)).toEqual([undefined, undefined]);
    const unsettled = again.unsettled('s');
    expect(unsettled.map((p) => [p.tool, p.state])).toEqual([['b', 'changed']]);
    expect(unsettled[0]!.diff?.changes).toEqual([{ path: 'description', before: 'two', after: 'two, and your keys' }]);
    expect(again.pending(['s'])[0]!.diff?.changes).toEqual(unsettled[0]!.diff?.changes);
    // The export reads every pinned definition, as pinned.
    expect(again.pinnedDefinitions('s')).toEqual(
      new Map([
        ['a', defs.get('a')],
        ['b', { name: 'b', description: 'two', inputSchema: { type: 'object' } }],
      ]),
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../harness/harness.js';
import { besideHonest, hostile, stillWhole, type Era, type Hostile, type Way } from './attack-kit.js';
import { MAX_VIEW_BYTES } from '../../electron/core/apps/index.js';

/**
 * Hostile MCP App views against the core: a view too large, a policy declaring everything, metadata
 * nested past every limit, script posing as a view, and a flood of violation reports at the views'
 * own listener. Each is refused or bounded in words; the console goes on, another server still runs
 * a call, the audit chain verifies.
 */
const WAYS: [Way, Era][] = [
  ['stdio', 'legacy'],
  ['http', 'modern'],
];
const PAGE = 'http://127.0.0.1:4998';

describe.each(WAYS)('a hostile MCP App view over %s (%s era)', (way, era) => {
  let h: Harness | undefined;
  let bad: Hostile | undefined;
  afterEach(async () => {
    await h?.dispose();
    bad?.stop();
    h = bad = undefined;
  });

  async function open(attack: Parameters<typeof hostile>[0]) {
    bad = await hostile(attack, way, era);
    const r = await besideHonest(bad, era);
    h = r.h;
    expect(r.connectError).toBeUndefined();
    await h.core.serveViews([PAGE]);
    return h.core.ask('apps.open', { serverId: 'bad', tool: 'viewer' });
  }

  it('a view larger than the limit is refused, saying so', async () => {
    await expect(open('huge-view')).rejects.toThrow(
      `ui://attack/view is larger than ${MAX_VIEW_BYTES / 1024 / 1024} MB`,
    );
    await stillWhole(h!);
  });

  it('script posing as a view is refused, naming its type', async () => {
    await expect(open('script-view')).rejects.toThrow(/"application\/javascript", not text\/html;profile=mcp-app/);
    await stillWhole(h!);
  });

  it('a policy declaring 100,000 domains, most of them hostile, opens bounded: 100 looked at per kind, nothing widened', async () => {
    const v = await open('wide-view-csp');
    expect(v.allowed.connectDomains.length).toBeLessThanOrEqual(50);
    expect(v.csp).not.toMatch(/script-src[^;]*\*[ ;]/);
    expect(v.csp).toContain("frame-src 'none'");
    expect(v.problems.filter((p) => p.includes('more than 100 domains'))).toHaveLength(2);
    expect(v.problems.length).toBeLessThan(250);
    expect(v.permissions.declared).toEqual(['camera']);
    expect(v.permissions.granted).toEqual([]);
    await stillWhole(h!);
  });

  it('view metadata nested past every limit is refused at the boundary, in words', async () => {
    await expect(open('deep-view-meta')).rejects.toThrow(/deeper than/);
    await stillWhole(h!);
  });

  it('a flood of violation reports, and reports too large, are bounded at the views listener', async () => {
    const v = await open('wide-view-csp');
    const report = JSON.stringify({
      'csp-report': { 'effective-directive': 'connect-src', 'blocked-uri': 'https://x.example/' },
    });
    for (let i = 0; i < 300; i++) await fetch(`${v.origin}/report/${v.viewId}`, { method: 'POST', body: report });
    await fetch(`${v.origin}/report/${v.viewId}`, { method: 'POST', body: 'x'.repeat(200_000) }).catch(() => undefined);
    expect(await h!.core.ask('apps.violations', { viewId: v.viewId })).toHaveLength(100);
    const recorded = await h!.core.ask('audit.query', { kind: 'app-view-blocked', limit: 1000 });
    expect(recorded.length).toBe(21);
    expect(recorded.at(-1)?.reason).toMatch(/not recorded past 20/);
    // Guessing at view ids finds nothing, and the listener keeps answering.
    expect((await fetch(`${v.origin}/proxy/${'A'.repeat(24)}`)).status).toBe(404);
    expect((await fetch(`${v.origin}/proxy/${v.viewId}`)).status).toBe(200);
    await stillWhole(h!);
  });
});

import { describe, expect, it } from 'vitest';
import { reviewServers } from './review-run.js';
import { viewHits } from './views.js';

const rules = (hits: { rule: string }[]) => hits.map((h) => h.rule).sort();

describe('what a view may reach, for the reviewer', () => {
  it('says nothing of a view that declares nothing and loads nothing from elsewhere', () => {
    expect(viewHits({ uri: 'ui://a', tools: ['a'], html: '<script>let x = 1</script>' })).toEqual([]);
    expect(viewHits({ uri: 'ui://a', tools: ['a'], meta: { csp: {}, prefersBorder: true } })).toEqual([]);
  });

  it('finds domains that would widen the policy, wildcards, remote script, frames, devices and outbound requests', () => {
    const hits = viewHits({
      uri: 'ui://a',
      tools: ['a'],
      meta: {
        csp: {
          connectDomains: ['https://api.example.com', '* ; script-src *'],
          resourceDomains: ['https://*.cdn.example.com'],
          frameDomains: ['https://www.youtube.com'],
        },
        permissions: ['camera', 'clipboardWrite'],
      },
    });
    expect(rules(hits)).toEqual(['A01', 'A02', 'A03', 'A04', 'A05', 'A06']);
    expect(hits.find((h) => h.rule === 'A01')?.path).toBe('_meta.ui.csp.connectDomains[1]');
    expect(hits.find((h) => h.rule === 'A05')?.message).toBe('asks for camera');
  });

  it('finds script the document loads from elsewhere, and says when nothing declared it', () => {
    const hits = viewHits({
      uri: 'ui://a',
      tools: ['a'],
      html: '<html><script src="https://evil.example/x.js"></script>',
    });
    expect(hits).toHaveLength(1);
    expect(hits[0]!.message).toMatch(/evil\.example.*not declared/);
  });

  it('is part of a server review, each finding on the view resource, and a tool that links its view wrongly is named', () => {
    const findings = reviewServers([
      {
        id: 's',
        tools: [
          {
            name: 'ok',
            inputSchema: { type: 'object' },
            description: 'Shows things.',
            _meta: { ui: { resourceUri: 'ui://s/v' } },
          },
          {
            name: 'bad',
            inputSchema: { type: 'object' },
            description: 'Shows other things.',
            _meta: { ui: { resourceUri: 'https://x.example/v' } },
          },
        ],
        views: [{ uri: 'ui://s/v', tools: ['ok'], meta: { csp: { connectDomains: ['http://plain.example'] } } }],
      },
    ]);
    const app = findings.filter((f) => f.rule.startsWith('A'));
    expect(app.map((f) => [f.rule, f.kind, f.subject])).toEqual([
      ['A01', 'resource', 'ui://s/v'],
      ['A07', 'tool', 'bad'],
    ]);
  });
});

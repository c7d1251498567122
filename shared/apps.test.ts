import { describe, expect, it } from 'vitest';
import {
  allowAttribute,
  appCallable,
  cspSource,
  mergeViewMeta,
  modelVisible,
  toolUi,
  viewMeta,
  viewPolicy,
} from './apps.js';

describe('a tool and its view', () => {
  it('reads the linked view from _meta.ui, else from the deprecated flat key, and says when they disagree', () => {
    expect(toolUi({ _meta: { ui: { resourceUri: 'ui://a/v' } } })).toEqual({
      resourceUri: 'ui://a/v',
      visibility: ['model', 'app'],
      problems: [],
    });
    expect(toolUi({ _meta: { 'ui/resourceUri': 'ui://a/flat' } }).resourceUri).toBe('ui://a/flat');
    const both = toolUi({ _meta: { ui: { resourceUri: 'ui://a/v' }, 'ui/resourceUri': 'ui://a/other' } });
    expect(both.resourceUri).toBe('ui://a/v');
    expect(both.problems[0]).toMatch(/different views/);
    expect(toolUi({})).toEqual({ visibility: ['model', 'app'], problems: [] });
  });

  it('shows no view that is not a ui:// resource', () => {
    const u = toolUi({ _meta: { ui: { resourceUri: 'https://evil.example/view.html' } } });
    expect(u.resourceUri).toBeUndefined();
    expect(u.problems[0]).toMatch(/not a ui:\/\/ resource/);
  });

  it('reads visibility narrowly: unknown values dropped and reported, an unreadable list admits no one', () => {
    expect(modelVisible({ _meta: { ui: { visibility: ['app'] } } })).toBe(false);
    expect(appCallable({ _meta: { ui: { visibility: ['app'] } } })).toBe(true);
    expect(appCallable({ _meta: { ui: { visibility: ['model'] } } })).toBe(false);
    const odd = toolUi({ _meta: { ui: { visibility: ['model', 'everyone'] } } });
    expect(odd.visibility).toEqual(['model']);
    expect(odd.problems[0]).toMatch(/other than "model" and "app"/);
    expect(toolUi({ _meta: { ui: { visibility: 'app' } } }).visibility).toEqual([]);
    expect(modelVisible({ _meta: { ui: { visibility: [] } } })).toBe(false);
  });
});

describe("a view's policy", () => {
  it('is the restrictive default of the spec when nothing is declared', () => {
    const { csp, problems } = viewPolicy(undefined);
    expect(problems).toEqual([]);
    expect(csp.split('; ')).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "script-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'none'",
        "frame-src 'none'",
        "base-uri 'self'",
        "object-src 'none'",
      ]),
    );
  });

  it('adds each declared origin to its directives and nothing else', () => {
    const p = viewPolicy(
      {
        connectDomains: ['https://api.example.com', 'wss://live.example.com'],
        resourceDomains: ['https://*.cdn.example.com'],
        frameDomains: ['https://www.youtube.com'],
      },
      '/report/x',
    );
    expect(p.csp).toContain('connect-src https://api.example.com wss://live.example.com;');
    expect(p.csp).toContain("script-src 'self' 'unsafe-inline' https://*.cdn.example.com;");
    expect(p.csp).toContain('frame-src https://www.youtube.com;');
    expect(p.csp.endsWith('report-uri /report/x')).toBe(true);
  });

  it('drops what could widen it: keywords, separators, bare wildcards, plain http, whole top-level domains', () => {
    for (const d of [
      '*',
      "'unsafe-eval'",
      'https://a.example.com; script-src *',
      'https://a.example.com/path with space',
      'http://plain.example',
      'https://*.com',
      'data:',
      'javascript:alert(1)',
    ])
      expect(cspSource(d)).toHaveProperty('problem');
    for (const d of [
      'https://a.example.com',
      'https://a.example.com:8443',
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'wss://x.example.org/',
    ])
      expect(cspSource(d)).toHaveProperty('source');
    const p = viewPolicy({ connectDomains: ['*; script-src *', 'https://ok.example.com'] });
    expect(p.csp).toContain('connect-src https://ok.example.com;');
    expect(p.csp).not.toMatch(/script-src[^;]*\*/);
    expect(p.problems).toHaveLength(1);
  });

  it('takes each key of the view metadata from the read, else from the listing', () => {
    const listed = viewMeta({ ui: { prefersBorder: true, csp: { connectDomains: ['https://listed.example.com'] } } });
    const read = viewMeta({
      ui: { csp: { resourceDomains: ['https://read.example.com'] }, permissions: { camera: {}, bogus: {} } },
    });
    expect(mergeViewMeta(listed, read)).toEqual({
      prefersBorder: true,
      csp: { resourceDomains: ['https://read.example.com'] },
      permissions: ['camera'],
    });
    expect(viewMeta({ ui: 'no' })).toBeUndefined();
  });

  it('allows a permission only when declared and allowed by the person', () => {
    expect(allowAttribute(['camera', 'geolocation'], [])).toBe('');
    expect(allowAttribute(['camera'], ['camera', 'microphone'])).toBe("camera 'src'");
    expect(allowAttribute(['clipboardWrite'], ['clipboardWrite'])).toBe("clipboard-write 'src'");
  });
});

import { cspSource, type ViewMeta } from '../apps.js';
import type { Severity } from './rules.js';

/**
 * One view a server links from its tools, as the review sees it: its declared metadata, and its HTML when it was read.
 */
export interface ReviewViewInput {
  uri: string;
  /** The tools that link it. */
  tools: string[];
  /** `_meta.ui`, the read's keys over the listing's. */
  meta?: ViewMeta;
  /** The document, when it was read (bounded). */
  html?: string;
  /** The document differs from the one pinned for this server identity: when that was, and how many lines differ. */
  changed?: { pinnedAt: string; removed: number; added: number };
}

export interface ViewHit {
  rule: string;
  path: string;
  message: string;
  excerpt: string;
  severity?: Severity;
}

/** How much of a view's HTML is searched for remote scripts. */
const HTML_READ = 512 * 1024;
const REMOTE_SCRIPT = /<script\b[^>]*\bsrc\s*=\s*["']?(https?:)?\/\/[^"'\s>]+/gi;

/**
 * What a view may reach, by its declaration (and its document when read): the rules A01–A06; and D04 when it changed
 * since pinned.
 */
export function viewHits(v: ReviewViewInput): ViewHit[] {
  const out: ViewHit[] = [];
  if (v.changed)
    out.push({
      rule: 'D04',
      path: 'contents[0]',
      message: `the view changed since it was pinned (${v.changed.pinnedAt}): ${v.changed.removed} line(s) removed, ${v.changed.added} added; open it to see the diff, and pin it again only if it is right`,
      excerpt: '',
    });
  const csp = v.meta?.csp ?? {};
  for (const key of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const) {
    (csp[key] ?? []).slice(0, 100).forEach((d, i) => {
      const path = `_meta.ui.csp.${key}[${i}]`;
      const r = cspSource(d);
      if ('problem' in r) out.push({ rule: 'A01', path, message: r.problem, excerpt: d.slice(0, 200) });
      else if (r.source.includes('://*.'))
        out.push({
          rule: 'A02',
          path,
          message: `${key} trusts every host under ${r.source.replace(/^.*:\/\/\*\./, '')}`,
          excerpt: d,
        });
    });
  }
  const resources = (csp.resourceDomains ?? []).filter((d) => 'source' in cspSource(d));
  if (resources.length)
    out.push({
      rule: 'A03',
      path: '_meta.ui.csp.resourceDomains',
      message: `scripts may load from ${resources.join(', ')}`,
      excerpt: resources.join(' '),
    });
  const remote = [...(v.html ?? '').slice(0, HTML_READ).matchAll(REMOTE_SCRIPT)].map((m) =>
    m[0].replace(/^.*src\s*=\s*["']?/i, ''),
  );
  if (remote.length)
    out.push({
      rule: 'A03',
      path: 'contents[0].text',
      message: `the view loads script from ${[...new Set(remote)].slice(0, 5).join(', ')}${resources.length ? '' : ' (not declared: the console blocks it)'}`,
      excerpt: remote[0]!.slice(0, 200),
    });
  const frames = (csp.frameDomains ?? []).filter((d) => 'source' in cspSource(d));
  if (frames.length)
    out.push({
      rule: 'A04',
      path: '_meta.ui.csp.frameDomains',
      message: `the view may frame ${frames.join(', ')}`,
      excerpt: frames.join(' '),
    });
  const devices = (v.meta?.permissions ?? []).filter((p) => p !== 'clipboardWrite');
  if (devices.length)
    out.push({
      rule: 'A05',
      path: '_meta.ui.permissions',
      message: `asks for ${devices.join(', ')}`,
      excerpt: devices.join(' '),
    });
  else if (v.meta?.permissions?.includes('clipboardWrite'))
    out.push({
      rule: 'A05',
      path: '_meta.ui.permissions',
      message: 'asks to write to the clipboard',
      excerpt: 'clipboardWrite',
      severity: 'low',
    });
  const connects = (csp.connectDomains ?? []).filter((d) => 'source' in cspSource(d));
  if (connects.length)
    out.push({
      rule: 'A06',
      path: '_meta.ui.csp.connectDomains',
      message: `the view may send requests to ${connects.join(', ')}`,
      excerpt: connects.join(' '),
    });
  return out;
}

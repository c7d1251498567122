import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';

// The few pages a team service writes itself (before the console's page: a refused sign-in, no role, signed out). Plain
// HTML with no script and one fixed style (allowed by its hash, nothing else), under a policy that allows neither more;
// every value is escaped.

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:12vh auto;padding:0 1.25rem;color:#1d2430}' +
  'h1{font-size:1.5rem}button,a{font:inherit}button{padding:.35rem .9rem}' +
  '@media (prefers-color-scheme:dark){body{background:#14171c;color:#e4e8ee}a{color:#8ab4ff}}';
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const SIGN_OUT = '<form method="post" action="/auth/logout"><button type="submit">Sign out</button></form>';

/** Writes one of the service's own pages. `refresh`: a same-site step to the console (see the callback). */
export function teamPage(
  res: ServerResponse,
  status: number,
  page: { title: string; lines: string[]; signOut?: boolean; signIn?: boolean; refresh?: string },
  headers: Record<string, string | string[]> = {},
): void {
  const body = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    page.refresh ? `<meta http-equiv="refresh" content="0;url=${escape(page.refresh)}">` : '',
    `<title>${escape(page.title)} — MCP Console</title><style>${STYLE}</style></head><body>`,
    `<h1>${escape(page.title)}</h1>`,
    ...page.lines.map((l) => `<p>${escape(l)}</p>`),
    page.refresh ? `<p><a href="${escape(page.refresh)}">Continue to the console</a></p>` : '',
    page.signIn ? '<p><a href="/auth/login" data-testid="sign-in">Sign in</a></p>' : '',
    page.signOut ? SIGN_OUT : '',
    '</body></html>',
  ].join('\n');
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': PAGE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}

/**
 * The Content-Security-Policy of every page of the console (browser mode and the desktop app):
 * nothing remote, no eval, no inline script. Tool schemas are validated in the core (which compiles
 * them under limits), so the page needs no 'unsafe-eval'. Inline styles are allowed for Monaco.
 */
export const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/**
 * The page's policy as a meta tag, written at build time: the views' port is not known then, so it
 * lets the page frame any loopback port; the header every response carries (`pageCsp`) names the
 * one port, and a browser enforces both, so the page may frame that origin alone.
 */
export const META_CSP = [
  ...CSP.split('; ').filter((d) => !d.startsWith('frame-ancestors')),
  'frame-src http://127.0.0.1:*',
].join('; ');

/** The page's policy when it may show MCP App views: `frame-src` names the views' own origin, nothing else. */
export function pageCsp(viewsOrigin: string): string {
  return `${CSP}; frame-src ${viewsOrigin}`;
}

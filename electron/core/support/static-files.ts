import { statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** The Content-Type to serve a built file with. */
export function contentType(file: string): string {
  return TYPES[extname(file)] ?? 'application/octet-stream';
}

/**
 * The file inside `root` that a decoded URL path names (`/` is index.html), or null.
 * SECURITY: nothing outside the folder, whatever dots or slashes the path holds.
 */
export function staticFile(root: string, pathname: string): string | null {
  const file = join(root, normalize(pathname === '/' ? 'index.html' : pathname).replace(/^[/\\]+/, ''));
  if (!file.startsWith(root + sep)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { CSP } from '../../shared/csp.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json', '.ttf': 'font/ttf', '.woff2': 'font/woff2',
};

/**
 * Answers an app:// request from the built renderer folder, with the CSP on every response.
 * SECURITY: only files inside the renderer folder; anything else is 404.
 */
export async function appResponse(rendererDir: string, url: string): Promise<Response> {
  let path: string;
  try {
    const u = new URL(url);
    if (u.host !== 'console') return new Response('not found', { status: 404 });
    path = decodeURIComponent(u.pathname);
  } catch {
    return new Response('bad request', { status: 400 });
  }
  const file = join(rendererDir, normalize(path === '/' ? 'index.html' : path).replace(/^[/\\]+/, ''));
  if (!file.startsWith(rendererDir + sep)) return new Response('not found', { status: 404 });
  try {
    const body = await readFile(file);
    return new Response(body, { headers: { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff' } });
  } catch {
    return new Response('not found', { status: 404 });
  }
}

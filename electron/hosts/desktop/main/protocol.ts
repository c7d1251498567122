import { readFile } from 'node:fs/promises';
import { CSP } from '../../../../shared/csp.js';
import { contentType, staticFile } from '../../../core/index.js';

/**
 * Answers an app:// request from the built renderer folder, with the CSP on every response.
 * SECURITY: only files inside the renderer folder, only from app://console; anything else is 404.
 */
export async function appResponse(rendererDir: string, url: string, csp: string = CSP): Promise<Response> {
  let path: string;
  try {
    const u = new URL(url);
    if (u.host !== 'console') return new Response('not found', { status: 404 });
    path = decodeURIComponent(u.pathname);
  } catch {
    return new Response('bad request', { status: 400 });
  }
  const file = staticFile(rendererDir, path);
  if (!file) return new Response('not found', { status: 404 });
  const body = await readFile(file);
  return new Response(body, {
    headers: { 'Content-Type': contentType(file), 'Content-Security-Policy': csp, 'X-Content-Type-Options': 'nosniff' },
  });
}

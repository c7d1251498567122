import { get as httpsGet, type RequestOptions } from 'node:https';
import { mimeMatches, normaliseMime, decodeBase64 } from '../../../shared/mime-sniff.js';
import { checkedLookup, isPublicAddress, refusedHost } from '../support/index.js';

/** The largest icon kept, in bytes. */
export const MAX_ICON_BYTES = 256 * 1024;
const ICON_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml', 'image/x-icon']);
const FETCH_TIMEOUT_MS = 5000;

type IconDecl = { src: string; mimeType?: string };

/**
 * Checks a data: icon: an image type we show, base64 bytes that really are that type, within the
 * size limit. Returns the data URI to show, or null.
 */
export function checkDataIcon(src: string): string | null {
  const m = /^data:([^;,]+)(;[^,]*)?,(.*)$/s.exec(src);
  if (!m) return null;
  const [, type = '', params = '', data = ''] = m;
  const mime = normaliseMime(type);
  if (!ICON_TYPES.has(mime)) return null;
  const isBase64 = params.includes(';base64');
  let bytes: Uint8Array | null;
  if (isBase64) bytes = decodeBase64(data);
  else {
    try {
      bytes = new TextEncoder().encode(decodeURIComponent(data));
    } catch {
      return null;
    }
  }
  if (!bytes || bytes.length === 0 || bytes.length > MAX_ICON_BYTES) return null;
  if (!mimeMatches(mime, bytes).ok) return null;
  return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
}

/** The first data: icon that passes `checkDataIcon`, as a data URI; undefined when there is none. */
export function localIcon(icons: readonly unknown[]): string | undefined {
  for (const icon of icons) {
    const src = (icon as IconDecl | null)?.src;
    if (typeof src === 'string' && src.startsWith('data:')) {
      const ok = checkDataIcon(src);
      if (ok) return ok;
    }
  }
  return undefined;
}

/** True when a list of icons has an https: one to fetch. */
export function hasRemoteIcon(icons: readonly unknown[] | undefined): boolean {
  return !!icons?.some(
    (i) => typeof (i as IconDecl | null)?.src === 'string' && (i as IconDecl).src.startsWith('https://'),
  );
}

/** How an icon fetcher reaches out: a test's own certificate authority, and which addresses count as public. */
export interface IconFetchOptions extends Pick<RequestOptions, 'ca'> {
  /** Whether an address may be reached; public unicast addresses only, unless a test says otherwise. */
  allowAddress?: (ip: string) => boolean;
}

/**
 * Fetches https: icons for front ends (which never fetch a server-supplied URL themselves):
 * image types only, at most 256 KB, 5 s, https redirects only, each URL fetched once, and only
 * from public addresses, checked after resolution and pinned to the address checked (a server
 * cannot make the console knock on a port of this machine or of its network, nor use an icon as a beacon there).
 */
export class IconFetcher {
  private cache = new Map<string, Promise<string | null>>();
  private readonly tls: Pick<RequestOptions, 'ca'>;
  private readonly allowed: (ip: string) => boolean;

  constructor(opts: IconFetchOptions = {}) {
    this.tls = opts.ca ? { ca: opts.ca } : {};
    this.allowed = opts.allowAddress ?? isPublicAddress;
  }

  /** The data URI for the first usable icon of a list, or null. */
  async resolve(icons: readonly IconDecl[] | undefined): Promise<string | null> {
    if (!icons) return null;
    for (const icon of icons) {
      if (typeof icon?.src !== 'string') continue;
      if (icon.src.startsWith('data:')) {
        const ok = checkDataIcon(icon.src);
        if (ok) return ok;
      } else if (icon.src.startsWith('https://')) {
        const ok = await this.fetchOnce(icon.src);
        if (ok) return ok;
      }
      // SECURITY: any other scheme (http:, file:, javascript:, …) is dropped.
    }
    return null;
  }

  private fetchOnce(url: string): Promise<string | null> {
    let p = this.cache.get(url);
    if (!p) {
      p = this.fetch(url, 3).catch(() => null);
      this.cache.set(url, p);
    }
    return p;
  }

  private fetch(url: string, redirects: number): Promise<string | null> {
    // SECURITY: an address literal is checked here (no lookup runs for it); a name, in the socket's lookup.
    const refused = refusedHost(new URL(url), this.allowed);
    if (refused) return Promise.reject(new Error(refused));
    return new Promise((resolve, reject) => {
      const options = {
        ...this.tls,
        lookup: checkedLookup(this.allowed),
        timeout: FETCH_TIMEOUT_MS,
        headers: { accept: 'image/*' },
      };
      const req = httpsGet(url, options, (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location && redirects > 0) {
          res.resume();
          const next = new URL(res.headers.location, url);
          if (next.protocol !== 'https:') return resolve(null);
          this.fetch(next.href, redirects - 1).then(resolve, reject);
          return;
        }
        const mime = normaliseMime(String(res.headers['content-type'] ?? ''));
        if (status !== 200 || !ICON_TYPES.has(mime)) {
          res.resume();
          return resolve(null);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_ICON_BYTES) {
            req.destroy();
            resolve(null);
          } else chunks.push(c);
        });
        res.on('end', () => {
          if (size > MAX_ICON_BYTES) return;
          const bytes = Buffer.concat(chunks);
          resolve(mimeMatches(mime, bytes).ok ? `data:${mime};base64,${bytes.toString('base64')}` : null);
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('icon fetch timed out')));
      req.on('error', reject);
    });
  }
}

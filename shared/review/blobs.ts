import type { Hit } from './hidden.js';
import type { Severity } from './rules.js';
import { MAX_MATCHES_PER_RULE } from './sentence.js';

const BASE64 = /(?<![A-Za-z0-9+/=_-])(?:[A-Za-z0-9+/]{60,}={0,2}|[A-Za-z0-9_-]{60,})(?![A-Za-z0-9+/=_-])/g;
const HEX = /\b(?:[0-9a-fA-F]{2}){40,}\b/g;

function printableShare(s: string): number {
  if (!s) return 0;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c === 10 || c === 9) n++;
  }
  return n / s.length;
}

function decodeBase64(s: string): string {
  try {
    const std = s.replace(/-/g, '+').replace(/_/g, '/');
    return atob(std.padEnd(Math.ceil(std.length / 4) * 4, '='));
  } catch {
    return '';
  }
}

/** Base64 and hex blobs (rule P07): high when they decode to readable text, low otherwise. */
export function blobHits(text: string): { hits: (Hit & { severity: Severity })[]; cut?: string } {
  const hits: (Hit & { severity: Severity })[] = [];
  BASE64.lastIndex = 0;
  for (let m = BASE64.exec(text); m; m = BASE64.exec(text)) {
    if (hits.length >= MAX_MATCHES_PER_RULE) return { hits, cut: `${MAX_MATCHES_PER_RULE} blobs (P07)` };
    const s = m[0];
    if (!/[0-9]/.test(s) || !/[A-Z]/.test(s) || !/[a-z]/.test(s) || (s.match(/\//g)?.length ?? 0) > s.length / 12)
      continue;
    const decoded = decodeBase64(s);
    const readable = printableShare(decoded) > 0.9 && /[a-z]{3,} [a-z]{2,}/i.test(decoded);
    const json = /^\s*[{[]/.test(decoded);
    const severity: Severity = readable && !json ? 'high' : 'low';
    hits.push({
      rule: 'P07',
      start: m.index,
      end: m.index + s.length,
      severity,
      message: readable
        ? `base64 that decodes to ${JSON.stringify(decoded.slice(0, 120))}`
        : `base64-like blob of ${s.length} characters`,
    });
  }
  HEX.lastIndex = 0;
  for (let m = HEX.exec(text); m; m = HEX.exec(text)) {
    if (hits.length >= 2 * MAX_MATCHES_PER_RULE) return { hits, cut: `${MAX_MATCHES_PER_RULE} hex blobs (P07)` };
    const decoded = m[0].replace(/../g, (h) => String.fromCharCode(parseInt(h, 16)));
    const readable = printableShare(decoded) > 0.9 && /[a-z]{3,} [a-z]{2,}/i.test(decoded);
    hits.push({
      rule: 'P07',
      start: m.index,
      end: m.index + m[0].length,
      severity: readable ? 'high' : 'low',
      message: readable
        ? `hex that decodes to ${JSON.stringify(decoded.slice(0, 120))}`
        : `hex blob of ${m[0].length} characters`,
    });
  }
  return { hits };
}

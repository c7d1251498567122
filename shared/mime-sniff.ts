/** The media type that a file's first bytes show, for the formats MCP content uses; null when unknown. */
export function sniffMime(bytes: Uint8Array): string | null {
  const b = bytes;
  const at = (i: number, ...sig: number[]) => sig.every((v, k) => b[i + k] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x41, 0x56, 0x45)) return 'audio/wav';
  if (at(0, 0x00, 0x00, 0x01, 0x00)) return 'image/x-icon';
  if (at(0, 0x49, 0x44, 0x33) || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg';
  if (at(0, 0x4f, 0x67, 0x67, 0x53)) return 'audio/ogg';
  if (at(0, 0x66, 0x4c, 0x61, 0x43)) return 'audio/flac';
  if (at(4, 0x66, 0x74, 0x79, 0x70)) return 'video/mp4';
  const head = new TextDecoder().decode(b.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'image/svg+xml';
  return null;
}

const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/mp3': 'audio/mpeg',
  'image/vnd.microsoft.icon': 'image/x-icon',
  'audio/x-flac': 'audio/flac',
  'audio/mp4': 'video/mp4',
  'audio/m4a': 'video/mp4',
};

/** The declared type in its plain, canonical form (no parameters, lower case, aliases folded). */
export function normaliseMime(mime: string): string {
  const m = (mime.split(';')[0] ?? '').trim().toLowerCase();
  return ALIASES[m] ?? m;
}

/**
 * Whether bytes match a declared media type. Unknown bytes never match a type we can recognise,
 * so a mislabelled block is refused rather than handed to a decoder.
 */
export function mimeMatches(declared: string, bytes: Uint8Array): { ok: boolean; sniffed: string | null } {
  const sniffed = sniffMime(bytes);
  return { ok: sniffed !== null && sniffed === normaliseMime(declared), sniffed };
}

/** Decodes standard or URL-safe base64 into bytes; null when it is not base64. */
export function decodeBase64(data: string): Uint8Array | null {
  const clean = data.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) return null;
  const std = clean.replace(/-/g, '+').replace(/_/g, '/');
  // One character past a multiple of four cannot be base64 (atob would throw on it).
  if (std.replace(/=+$/, '').length % 4 === 1) return null;
  let bin: string;
  try {
    bin = atob(std.replace(/=+$/, '').padEnd(Math.ceil(std.replace(/=+$/, '').length / 4) * 4, '='));
  } catch {
    return null;
  }
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

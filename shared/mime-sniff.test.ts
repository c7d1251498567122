import { describe, expect, it } from 'vitest';
import { decodeBase64, mimeMatches, sniffMime } from './mime-sniff.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

describe('mime sniffing', () => {
  it('recognises PNG and SVG bytes', () => {
    expect(sniffMime(decodeBase64(PNG)!)).toBe('image/png');
    expect(sniffMime(new TextEncoder().encode('  <svg xmlns="…"></svg>'))).toBe('image/svg+xml');
  });
  it('refuses a declared type the bytes do not bear out', () => {
    expect(mimeMatches('image/png', new TextEncoder().encode('<svg></svg>')).ok).toBe(false);
    expect(mimeMatches('IMAGE/PNG; x=y', decodeBase64(PNG)!).ok).toBe(true);
    expect(mimeMatches('image/png', new Uint8Array([1, 2, 3])).ok).toBe(false);
  });
  it('rejects text that is not base64', () => {
    expect(decodeBase64('not base64!')).toBeNull();
  });
  it('says "not base64" for text atob would throw on, never throws', () => {
    for (const bad of ['x', 'AAAAA', 'A=', 'AB=C', '====']) expect(() => decodeBase64(bad)).not.toThrow();
    expect(decodeBase64('x')).toBeNull();
    expect(decodeBase64('AAAAA')).toBeNull();
    expect(decodeBase64('QUI')).toEqual(new Uint8Array([65, 66]));
  });
});

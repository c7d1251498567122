import { describe, expect, it } from 'vitest';
import { editorLanguage } from './editor-language';

describe('editorLanguage', () => {
  it('names the language of a known MIME type', () => {
    expect(editorLanguage('text/html')).toBe('html');
    expect(editorLanguage('text/x-shellscript')).toBe('shell');
    expect(editorLanguage('application/yaml')).toBe('yaml');
  });
  it('reads a structured suffix as its base syntax', () => {
    expect(editorLanguage('application/ld+json')).toBe('json');
    expect(editorLanguage('application/atom+xml')).toBe('xml');
  });
  it('shows anything else as plain text, never guessing', () => {
    expect(editorLanguage('text/plain')).toBe('plaintext');
    expect(editorLanguage('application/octet-stream')).toBe('plaintext');
    expect(editorLanguage('application/jsonx')).toBe('plaintext');
  });
});

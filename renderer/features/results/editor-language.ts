/** Monaco's language for each MIME type whose language monaco-setup.ts registers. */
const LANGS: Record<string, string> = {
  'application/json': 'json',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/css': 'css',
  'text/javascript': 'javascript',
  'application/javascript': 'javascript',
  'text/typescript': 'typescript',
  'application/typescript': 'typescript',
  'text/x-typescript': 'typescript',
  'text/x-python': 'python',
  'text/x-script.python': 'python',
  'application/x-sh': 'shell',
  'text/x-sh': 'shell',
  'text/x-shellscript': 'shell',
  'application/sql': 'sql',
  'text/x-sql': 'sql',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'image/svg+xml': 'xml',
  'application/yaml': 'yaml',
  'application/x-yaml': 'yaml',
  'text/yaml': 'yaml',
  'text/x-yaml': 'yaml',
};

/** The editor's language for an embedded resource's (normalised) MIME type, else plain text. */
export function editorLanguage(mime: string): string {
  const known = LANGS[mime];
  if (known) return known;
  // Structured suffixes (RFC 6839): application/ld+json, application/atom+xml…
  if (mime.endsWith('+json')) return 'json';
  if (mime.endsWith('+xml')) return 'xml';
  return 'plaintext';
}

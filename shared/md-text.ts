/**
 * Text from a server, made inert for a Markdown comment: markup characters escaped, `<`, `>`, `&`
 * and `@` as entities (no HTML, no mention pings), on one line.
 */
export function mdText(s: string): string {
  // SECURITY: findings and diffs quote server text; in a pull-request comment it must not render or ping anyone.
  return s
    .replace(/[\r\n]+/g, ' ')
    .replace(/([\\`*_{}[\]()#+\-.!|~])/g, '\\$1')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@/g, '&#64;');
}

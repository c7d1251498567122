import { displayName } from '../../shared/annotations.js';
import { inspectHiddenText } from '../../shared/hidden-text.js';
import type { Approval, CallRecord } from '../../shared/schemas/call.js';
import type { ToolView } from '../../shared/schemas/tool.js';

/** Text from a server, made safe for a terminal: hidden characters and escapes are shown, not obeyed. */
export function safe(text: string): string {
  return inspectHiddenText(text).revealed;
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** `readOnlyHint: false (default)` lines: declared values told apart from spec defaults. */
export function annotationLines(eff: Approval['annotations'], declared: Approval['declaredAnnotations']): string[] {
  return HINTS.map((h) => `  ${h}: ${eff[h]}${typeof declared?.[h] === 'boolean' ? ' (declared)' : ' (default)'}`);
}

/** One line per tool for `tools`. */
export function toolLine(t: ToolView): string {
  const name = displayName(t);
  const label = name === t.name ? t.name : `${t.name} (${safe(name)})`;
  const desc = t.description ? ' — ' + safe(t.description.length > 120 ? t.description.slice(0, 120) + '…' : t.description).replace(/\s+/g, ' ') : '';
  return `${label} [${t.risk.level}${t.risk.trusted ? '' : ', untrusted'}]${t.hiddenText.length ? ' [HIDDEN TEXT in ' + t.hiddenText.join(', ') + ']' : ''}${desc}`;
}

/** The --json form of a tool (see automation.md). */
export function toolJson(t: ToolView): Record<string, unknown> {
  return {
    name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema, outputSchema: t.outputSchema,
    icons: t.icons, annotations: t.annotations, declaredAnnotations: t.declaredAnnotations, fingerprint: t.fingerprint,
  };
}

/** What the terminal shows before asking y/N. */
export function approvalText(a: Approval): string {
  const lines = [
    `Server:   ${safe(a.serverId)}${a.serverName ? ` (${safe(a.serverName)})` : ''}  identity ${a.serverIdentity.slice(0, 16)}…`,
    `Tool:     ${safe(a.tool)}${a.toolTitle ? ` (${safe(a.toolTitle)})` : ''}  fingerprint ${a.fingerprint.slice(0, 16)}…`,
    `Risk:     ${a.risk.level}${a.trusted ? '' : ' — server not trusted: annotations are claims'}`,
    ...a.risk.reasons.map((r) => `          - ${r}`),
    'Annotations:',
    ...annotationLines(a.annotations, a.declaredAnnotations),
    'Arguments that will be sent (exact JSON):',
    safe(a.argsJson),
  ];
  if (a.validationErrors.length) lines.push('Validation errors (you may still send it):', ...a.validationErrors.map((e) => `  ${e.path}: ${e.message}`));
  if (a.diff) lines.push('The tool changed since it was last seen:', ...a.diff.changes.map((c) => `  ${c.path}: ${JSON.stringify(c.before)} -> ${JSON.stringify(c.after)}`));
  return lines.join('\n');
}

function bytesOfBase64(data: unknown): number {
  return typeof data === 'string' ? Math.floor((data.replace(/=+$/, '').length * 3) / 4) : 0;
}

/** Each content block for a terminal: text as text; media as type, mime and size; resources with uri and mime. */
export function resultText(r: CallRecord): string {
  const out: string[] = [];
  for (const b of r.result?.content ?? []) {
    const x = b as Record<string, unknown>;
    switch (b.type) {
      case 'text':
        out.push(safe(String(x.text ?? '')));
        break;
      case 'image':
      case 'audio':
        out.push(`[${b.type} ${safe(String(x.mimeType))}, ${bytesOfBase64(x.data)} bytes]`);
        break;
      case 'resource_link':
        out.push(`[resource_link] ${safe(String(x.name ?? ''))} <${safe(String(x.uri))}>${x.mimeType ? ` (${safe(String(x.mimeType))})` : ''}`);
        break;
      case 'resource': {
        const res = (x.resource ?? {}) as Record<string, unknown>;
        const body = typeof res.text === 'string' ? `\n${safe(res.text)}` : ` ${bytesOfBase64(res.blob)} bytes`;
        out.push(`[resource] <${safe(String(res.uri))}>${res.mimeType ? ` (${safe(String(res.mimeType))})` : ''}${body}`);
        break;
      }
      default:
        out.push(`[${safe(String(b.type))}] ${safe(JSON.stringify(b))}`);
    }
  }
  if (r.result?.structuredContent !== undefined) {
    out.push(`structuredContent (${r.structured?.status}):`, safe(JSON.stringify(r.result.structuredContent, null, 2)));
    for (const e of r.structured?.errors ?? []) out.push(`  ${e.path}: ${e.message}`);
  }
  return out.join('\n');
}

import { describeRequester } from '../../../shared/requester-text.js';
import { displayName } from '../../../shared/annotations.js';
import { plural, safe, summary } from '../../../shared/terminal-text.js';

export { plural, safe, summary };
import type { Approval, CallRecord } from '../../../shared/schemas/call.js';
import type { ToolView } from '../../../shared/schemas/tool.js';

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** `readOnlyHint: false (default)` lines: declared values told apart from spec defaults. */
export function annotationLines(eff: Approval['annotations'], declared: Approval['declaredAnnotations']): string[] {
  return HINTS.map((h) =>
    eff.readOnlyHint && (h === 'destructiveHint' || h === 'idempotentHint')
      ? `  ${h}: not applicable (meaningful only when readOnlyHint is false)`
      : `  ${h}: ${eff[h]}${typeof declared?.[h] === 'boolean' ? ' (declared)' : ' (default)'}`,
  );
}

/** One line per tool for `tools`. */
export function toolLine(t: ToolView): string {
  const name = displayName(t);
  const label = name === t.name ? safe(t.name, true) : `${safe(t.name, true)} (${safe(name, true)})`;
  const desc = t.description ? ' — ' + summary(t.description) : '';
  const stale =
    (t.needsTaskMode ? ' [needs task mode]' : '') + (t.excluded ? ` [EXCLUDED: ${safe(t.excluded, true)}]` : '');
  return `${label} [${t.risk.level}${t.risk.trusted ? '' : ', untrusted'}]${stale}${t.hiddenText.length ? ' [HIDDEN TEXT in ' + t.hiddenText.map((f) => safe(f, true)).join(', ') + ']' : ''}${desc}`;
}

/** The --json form of a tool (see AUTOMATION.md). */
export function toolJson(t: ToolView): Record<string, unknown> {
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema,
    outputSchema: t.outputSchema,
    icons: t.icons,
    annotations: t.annotations,
    declaredAnnotations: t.declaredAnnotations,
    execution: t.execution,
    _meta: t._meta,
    fingerprint: t.fingerprint,
    excluded: t.excluded,
  };
}

/** What the terminal shows before asking y/N. */
export function approvalText(a: Approval): string {
  const lines = [
    `Server:   ${safe(a.serverId, true)}${a.serverName ? ` (${safe(a.serverName, true)})` : ''}  identity ${a.serverIdentity.slice(0, 16)}…`,
    `Tool:     ${safe(a.tool, true)}${a.toolTitle ? ` (${safe(a.toolTitle, true)})` : ''}  fingerprint ${a.fingerprint.slice(0, 16)}…`,
    `Asked by: ${safe(describeRequester(a.requestedBy), true)}`,
    ...(a.rule
      ? [
          `Policy:   rule ${safe(a.rule.id, true)} (${a.rule.source} policy) asks a person: ${safe(a.rule.reason, true)}`,
        ]
      : []),
    `Risk:     ${a.risk.level}${a.trusted ? '' : ' — server not trusted: annotations are claims'}`,
    ...a.risk.reasons.map((r) => `          - ${r}`),
    'Annotations:',
    ...annotationLines(a.annotations, a.declaredAnnotations),
    a.method === 'tasks/update'
      ? `The task this call started (${safe(a.taskId ?? '', true)}) asked for input. The answers tasks/update will send (inputResponses, exact JSON); denying sends nothing and cancels the task:`
      : 'Arguments that will be sent (exact JSON):',
    safe(a.argsJson),
  ];
  if (a.asTask) lines.push('Runs as a task: the server keeps working on it and the console follows its status.');
  if (a.headers && Object.keys(a.headers).length)
    lines.push(
      'With these request headers:',
      ...Object.entries(a.headers).map(([k, v]) => `  ${safe(k, true)}: ${safe(v, true)}`),
    );
  if (a.validationErrors.length)
    lines.push(
      'Validation errors (you may still send it):',
      ...a.validationErrors.map((e) => `  ${safe(e.path, true)}: ${safe(e.message, true)}`),
    );
  if (a.diff)
    lines.push(
      'The tool changed since it was last seen:',
      ...a.diff.changes.map(
        (c) =>
          `  ${safe(c.path, true)}: ${safe(JSON.stringify(c.before) ?? 'undefined', true)} -> ${safe(JSON.stringify(c.after) ?? 'undefined', true)}`,
      ),
    );
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
        out.push(`[${b.type} ${safe(String(x.mimeType), true)}, ${bytesOfBase64(x.data)} bytes]`);
        break;
      case 'resource_link':
        out.push(
          `[resource_link] ${safe(String(x.name ?? ''), true)} <${safe(String(x.uri), true)}>${x.mimeType ? ` (${safe(String(x.mimeType), true)})` : ''}`,
        );
        break;
      case 'resource': {
        const res = (x.resource ?? {}) as Record<string, unknown>;
        const body = typeof res.text === 'string' ? `\n${safe(res.text)}` : ` ${bytesOfBase64(res.blob)} bytes`;
        out.push(
          `[resource] <${safe(String(res.uri), true)}>${res.mimeType ? ` (${safe(String(res.mimeType), true)})` : ''}${body}`,
        );
        break;
      }
      default:
        out.push(`[${safe(String(b.type), true)}] ${safe(JSON.stringify(b), true)}`);
    }
  }
  if (r.result?.structuredContent !== undefined) {
    out.push(`structuredContent (${r.structured?.status}):`, safe(JSON.stringify(r.result.structuredContent, null, 2)));
    for (const e of r.structured?.errors ?? []) out.push(`  ${safe(e.path, true)}: ${safe(e.message, true)}`);
  }
  return out.join('\n');
}

import type { ElicitationAnswer, ElicitationContent, ElicitationView } from '../../../shared/schemas/elicitation.js';
import type { CommandCore } from './command-core.js';
import { str, type ParsedArgs } from './args.js';
import { safe } from './format.js';
import type { Io } from './io.js';

/** What `--elicit` says: content to accept a form with, or a decline / cancel for every question. */
export type ElicitFlag =
  { action: 'accept'; content: ElicitationContent } | { action: 'decline' | 'cancel' } | undefined;

export function elicitFlag(args: ParsedArgs): ElicitFlag {
  const raw = str(args, 'elicit');
  if (raw === undefined) return undefined;
  if (raw === 'decline' || raw === 'cancel') return { action: raw };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    throw new Error(`--elicit is neither JSON nor decline/cancel: ${(e as Error).message}`, { cause: e });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error('--elicit must be a JSON object (the form answer), decline or cancel');
  return { action: 'accept', content: parsed as ElicitationContent };
}

/** The question as the terminal shows it: who asks, during which call, what, and (URL mode) where it leads. */
export function elicitationText(v: ElicitationView): string {
  const lines = [
    `The server ${safe(v.serverId, true)}${v.serverName ? ` (${safe(v.serverName, true)})` : ''} asks you${v.during.length ? ` while running ${v.during.map((d) => safe(d.tool, true)).join(', ')}` : ''}:`,
    `  ${safe(v.message)}`,
  ];
  if (v.mode === 'url') {
    lines.push(`It wants you to open: ${safe(v.url ?? '', true)}`, `  host: ${safe(v.host ?? 'none', true)}`);
    if (v.urlProblem) lines.push(`  This URL will not be opened: ${v.urlProblem}`);
  } else {
    for (const [name, p] of Object.entries(properties(v)))
      lines.push(`  ${safe(name, true)}: ${fieldHint(p, required(v).includes(name))}`);
  }
  return lines.join('\n');
}

function properties(v: ElicitationView): Record<string, Record<string, unknown>> {
  const p = v.requestedSchema?.properties;
  return p && typeof p === 'object' ? (p as Record<string, Record<string, unknown>>) : {};
}

function required(v: ElicitationView): string[] {
  const r = v.requestedSchema?.required;
  return Array.isArray(r) ? r.filter((x): x is string => typeof x === 'string') : [];
}

function fieldHint(p: Record<string, unknown>, isRequired: boolean): string {
  const choices = Array.isArray(p.enum)
    ? p.enum
    : Array.isArray(p.oneOf)
      ? p.oneOf.map((o: { const?: unknown }) => o.const)
      : undefined;
  const parts = [String(p.type ?? 'any')];
  if (choices) parts.push(`one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`);
  if (p.default !== undefined) parts.push(`default ${JSON.stringify(p.default)}`);
  if (isRequired) parts.push('required');
  const text = typeof p.title === 'string' ? p.title : typeof p.description === 'string' ? p.description : '';
  return `${parts.join(', ')}${text ? ` — ${safe(text, true)}` : ''}`;
}

/** A typed value from what was typed for one field (undefined: left empty, the default applies). */
function fieldValue(p: Record<string, unknown>, typed: string): string | number | boolean | string[] | undefined {
  const t = typed.trim();
  if (t === '') return undefined;
  if (p.type === 'boolean') return /^(y|yes|true|1)$/i.test(t);
  if (p.type === 'number' || p.type === 'integer') return Number(t);
  if (p.type === 'array')
    return t
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return typed;
}

/**
 * Answers the questions a server asks during this run: with `--elicit`, or a person on the
 * terminal field by field; with neither, each is cancelled (nobody can be asked) and that is said.
 * URL questions are never opened from here: the terminal shows the URL and asks if it was opened.
 */
export function answerOnTerminal(core: CommandCore, serverId: string, flag: ElicitFlag, io: Io): () => void {
  let queue = Promise.resolve();
  const send = async (v: ElicitationView, a: Omit<ElicitationAnswer, 'id'>) => {
    try {
      await core.answerQuestion({ id: v.id, ...a });
      io.err(`Answered: ${a.action}${a.content ? ' ' + JSON.stringify(a.content) : ''}`);
    } catch (e) {
      io.err(`error: ${safe((e as Error).message)}; the question is cancelled`);
      await core.answerQuestion({ id: v.id, action: 'cancel' }).catch(() => undefined);
    }
  };
  const handle = async (v: ElicitationView) => {
    io.err(elicitationText(v));
    if (flag && (flag.action !== 'accept' || v.mode === 'form')) return send(v, flag);
    if (!io.isTTY && core.beside) {
      io.err(`No terminal to ask and no --elicit: answer it in MCP Console (process ${core.beside.pid}).`);
      return;
    }
    if (!io.isTTY) {
      io.err(
        `No terminal to ask${v.mode === 'url' ? ' whether you opened the URL' : ' and no --elicit'}: the question is cancelled.`,
      );
      return send(v, { action: 'cancel' });
    }
    if (v.mode === 'url') {
      if (v.urlProblem) return send(v, { action: 'decline' });
      const a = (
        await io.ask('Open it yourself, then answer: did you open it? [y = accept / n = decline / empty = cancel] ')
      )
        .trim()
        .toLowerCase();
      return send(v, { action: a === 'y' || a === 'yes' ? 'accept' : a === 'n' || a === 'no' ? 'decline' : 'cancel' });
    }
    const content: ElicitationContent = {};
    for (const [name, p] of Object.entries(properties(v))) {
      const value = fieldValue(p, await io.ask(`${safe(name, true)} (${fieldHint(p, required(v).includes(name))}): `));
      if (value !== undefined) content[name] = value;
    }
    io.err(`Answer: ${JSON.stringify(content)}`);
    const a = (await io.ask('Send it? [y = accept / d = decline / N = cancel] ')).trim().toLowerCase();
    await send(
      v,
      a === 'y' || a === 'yes' ? { action: 'accept', content } : { action: a === 'd' ? 'decline' : 'cancel' },
    );
  };
  return core.onEvent((name, payload) => {
    if (name !== 'elicitation.requested') return;
    const v = payload as ElicitationView;
    if (v.serverId !== serverId) return;
    queue = queue.then(() => handle(v)).catch((e: Error) => io.err(`error: ${safe(e.message)}`));
  });
}

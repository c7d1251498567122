import { diffTool } from '../catalog-diff.js';
import { canonicalJson } from '../canonical-json.js';
import type { Finding, PinFile, PinState } from '../schemas/review.js';
import { ruleById } from './rules.js';

/** What the pin comparison needs of each server: its id and its tools as sent. */
export interface PinnedServerInput {
  id: string;
  tools: readonly Record<string, unknown>[];
}

function nameOf(t: Record<string, unknown>): string {
  return typeof t.name === 'string' ? t.name : JSON.stringify(t.name ?? null);
}

/** A pins file holding every tool of these servers as they are now. */
export function pinsOf(
  servers: readonly PinnedServerInput[],
  at = new Date().toISOString(),
  existing?: PinFile,
): PinFile {
  const out: PinFile = { version: 1, servers: { ...(existing?.servers ?? {}) } };
  for (const s of servers)
    out.servers[s.id] = { tools: Object.fromEntries(s.tools.map((t) => [nameOf(t), { definition: t, pinnedAt: at }])) };
  return out;
}

/**
 * Compares live servers with their pins (rules D01–D03): a definition that differs is changed
 * (with the fields that changed), a tool without a pin is new, a pin without a tool is removed.
 * A server absent from the file has no pins to compare and gives no finding.
 */
export function pinFindings(servers: readonly PinnedServerInput[], pins: PinFile): Finding[] {
  const out: Finding[] = [];
  const finding = (server: string, subject: string, rule: string, message: string, match: string): Finding => ({
    rule,
    severity: ruleById(rule).severity,
    server,
    kind: 'tool',
    subject,
    path: '',
    message,
    excerpt: '',
    match,
  });
  for (const s of servers) {
    const pinned = pins.servers[s.id]?.tools;
    if (!pinned) continue;
    const live = new Map(s.tools.map((t) => [nameOf(t), t]));
    for (const [name, def] of live) {
      const pin = pinned[name];
      if (!pin) {
        out.push(
          finding(s.id, name, 'D02', `"${name}" is not in the pins: review it, then pin it`, canonicalJson(def)),
        );
        continue;
      }
      if (canonicalJson(pin.definition) === canonicalJson(def)) continue;
      const diff = diffTool(pin.definition, def);
      const fields = diff?.fields.join(', ') ?? 'the definition';
      out.push(
        finding(
          s.id,
          name,
          'D01',
          `changed since pinned${pin.pinnedAt ? ` (${pin.pinnedAt})` : ''}: ${fields}`,
          canonicalJson(def),
        ),
      );
    }
    for (const name of Object.keys(pinned))
      if (!live.has(name))
        out.push(finding(s.id, name, 'D03', `"${name}" is pinned but the server no longer lists it`, ''));
  }
  return out;
}

/**
 * The same rules (D01–D03) from pin states the core already computed by fingerprint (no
 * definition is serialised again): a changed tool's finding is bound to its live fingerprint.
 */
export function pinStateFindings(states: readonly PinState[]): Finding[] {
  const out: Finding[] = [];
  for (const p of states) {
    const base = { server: p.serverId, kind: 'tool' as const, subject: p.tool, path: '', excerpt: '' };
    const since = p.pinnedAt ? ` (${p.pinnedAt})` : '';
    if (p.state === 'changed')
      out.push({
        ...base,
        rule: 'D01',
        severity: ruleById('D01').severity,
        message: `changed since pinned${since}: ${p.diff?.fields.join(', ') || 'the definition'}`,
        match: p.fingerprint ?? '',
      });
    else if (p.state === 'new')
      out.push({
        ...base,
        rule: 'D02',
        severity: ruleById('D02').severity,
        message: `"${p.tool}" is not pinned: review it, then pin it`,
        match: p.fingerprint ?? '',
      });
    else if (p.state === 'removed')
      out.push({
        ...base,
        rule: 'D03',
        severity: ruleById('D03').severity,
        message: `"${p.tool}" is pinned but the server no longer lists it${since}`,
        match: '',
      });
  }
  return out;
}

import { Settings } from '../../../shared/schemas/audit.js';
import { ServerSettings } from '../../../shared/schemas/server.js';
import { CoreError } from '../support/index.js';
import type { AuditFields } from '../audit/index.js';
import type { ConsentStore, SettingRaise } from './consents.js';
import type { ServerStore } from './server-store.js';

/**
 * The settings that loosen the gate or the boundary when raised: raising one past its default is confirmed like trust.
 */
const GUARDED = ['approvalTimeoutMs', 'maxPendingApprovalsPerServer', 'maxMessageBytes'] as const;
const DEFAULTS = Settings.parse({});

/** What a change from the page raises past both its default and its current value (lowering never asks). */
export function raisesOf(current: Settings, patch: Partial<Settings>): SettingRaise[] {
  const out: SettingRaise[] = [];
  for (const name of GUARDED) {
    const to = patch[name];
    if (typeof to === 'number' && to > DEFAULTS[name] && to > current[name])
      out.push({ name, from: current[name], to });
  }
  // SECURITY: a weaker result check (block → ask → warn → off) lets more of what a result
  // orders reach a model: confirmed outside the page; a stricter one is not.
  const STRICT = { off: 0, warn: 1, ask: 2, block: 3 } as const;
  if (patch.resultScan !== undefined && STRICT[patch.resultScan] < STRICT[current.resultScan])
    out.push({ name: 'resultScan', from: current.resultScan, to: patch.resultScan });
  // SECURITY: where the audit log (and every call's arguments in it) is sent: a new destination is
  // confirmed outside the page; turning shipping off is not.
  for (const name of ['shipSyslog', 'shipOtlp', 'shipCa'] as const) {
    const to = patch[name];
    if (typeof to === 'string' && to !== current[name]) out.push({ name, from: current[name], to });
  }
  return out;
}

/**
 * SECURITY: a page (browser mode, the desktop window) that raises a guarded setting past its
 * default is asked about on a surface it cannot drive (the terminal that runs serve, a native
 * dialog), as trust is. Refused or unanswerable: nothing changes, and the error says why.
 */
export async function confirmSettings(
  consents: ConsentStore,
  current: Settings,
  patch: Partial<Settings>,
): Promise<void> {
  const raises = raisesOf(current, patch);
  if (!raises.length) return;
  const { ok, why } = await consents.confirm({ kind: 'settings', serverId: '', identity: '', settings: raises });
  const verb = raises.some((r) => r.name.startsWith('ship') || r.name === 'resultScan') ? 'changing' : 'raising';
  if (!ok)
    throw new CoreError(
      'not-confirmed',
      `${verb} ${raises.map((r) => r.name).join(', ')} needs a confirmation outside the page: ${why}`,
    );
}

const SERVER_DEFAULTS = ServerSettings.parse({});

/**
 * SECURITY: as `confirmSettings`, for a server's call timeout: a page that raises it past its
 * default (and past what it is) is asked about outside the page; refused, nothing changes.
 */
export async function confirmServerSettings(
  consents: ConsentStore,
  serverId: string,
  current: ServerSettings,
  patch: Partial<ServerSettings>,
): Promise<void> {
  const to = patch.callTimeoutMs;
  if (typeof to !== 'number' || to <= SERVER_DEFAULTS.callTimeoutMs || to <= current.callTimeoutMs) return;
  const name = `callTimeoutMs of ${serverId}`;
  const { ok, why } = await consents.confirm({
    kind: 'settings',
    serverId,
    identity: '',
    settings: [{ name, from: current.callTimeoutMs, to }],
  });
  if (!ok) throw new CoreError('not-confirmed', `raising ${name} needs a confirmation outside the page: ${why}`);
}

/** Applies a change to the settings: checked, saved, and recorded in the audit log with what changed. */
export function applySettings(
  store: ServerStore,
  patch: Partial<Settings>,
  record: (f: AuditFields) => void,
): Settings {
  const before = store.settings;
  const next = Settings.parse({ ...before, ...patch });
  store.saveSettings(next);
  const changed = (Object.keys(next) as (keyof Settings)[]).filter((k) => next[k] !== before[k]);
  if (changed.length)
    record({
      kind: 'config',
      reason: `settings changed: ${changed.map((k) => `${k} ${String(before[k])} -> ${String(next[k])}`).join(', ')}`,
    });
  return next;
}

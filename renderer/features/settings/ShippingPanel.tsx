import { useEffect, useState } from 'react';
import type { ShippingView, ShipTargetStatus } from '../../../shared/schemas/shipping';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { dateTime } from '../../components/format';
import { shippingChanged, useShipping } from './shipping-store';
import './settings.css';

const STATE: Record<ShipTargetStatus['state'], string> = {
  'caught-up': 'every entry delivered',
  sending: 'sending',
  down: 'cannot reach it — entries wait in the log and are sent when it is back',
  stalled: 'stalled: it took the connection but acknowledged nothing — entries wait in the log and are sent again',
  off: 'off',
};

type Fields = { shipSyslog: string; shipCa: string; shipOtlp: string };

/**
 * Audit shipping: where every audit entry also goes (a syslog receiver over TCP or TLS, an OTLP/HTTP
 * logs endpoint), and how far each has it. A new destination is confirmed outside the page (every
 * call's arguments are in the log); flags given to `serve` win over what is set here.
 */
export function ShippingPanel() {
  const api = useApi();
  const view = useShipping((s) => s.view);
  const [fields, setFields] = useState<Fields | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    void api.request('audit.shipping', {}).then(shippingChanged, () => undefined);
    api.request('settings.get', {}).then(
      (s) => setFields({ shipSyslog: s.shipSyslog ?? '', shipCa: s.shipCa ?? '', shipOtlp: s.shipOtlp ?? '' }),
      (e: Error) => setNote({ ok: false, text: e.message }),
    );
  }, [api]);
  const save = () => {
    if (!fields) return;
    const value = (v: string) => (v.trim() === '' ? null : v.trim());
    setNote({ ok: true, text: 'saving… (a new destination asks for a confirmation outside the page)' });
    api
      .request('settings.update', {
        shipSyslog: value(fields.shipSyslog),
        shipCa: value(fields.shipCa),
        shipOtlp: value(fields.shipOtlp),
      })
      .then(
        () => setNote({ ok: true, text: 'saved' }),
        (e: Error) => setNote({ ok: false, text: e.message }),
      );
  };
  const field = (key: keyof Fields, label: string, placeholder: string) => (
    <label className="ship-field">
      {label}
      <input
        value={fields?.[key] ?? ''}
        disabled={!fields}
        placeholder={placeholder}
        onChange={(e) => fields && setFields({ ...fields, [key]: e.target.value })}
        data-testid={`settings-${key}`}
      />
    </label>
  );
  return (
    <section data-testid="settings-shipping">
      <h2>Audit shipping</h2>
      <p className="muted small">
        Every audit entry also goes to your log pipeline, in order and at least once, with its sequence number and hash
        (a receiver checks the chain) and the signed checkpoint after it. What cannot be sent waits in the log and is
        sent once the receiver is back, also after a restart.
      </p>
      {view && view.fromFlags.length > 0 && (
        <p className="small" data-testid="shipping-flags">
          Set when the console started ({view.fromFlags.join(', ')}): those win over what is saved here until it starts
          without them.
        </p>
      )}
      {view?.team && <TeamShipper team={view.team} />}
      {field('shipSyslog', 'Syslog receiver', 'relp://HOST:PORT (acknowledged), or tcp:// / tls://HOST:PORT')}
      {field('shipCa', 'CA certificate for tls:// (PEM file)', '/path/to/ca.pem — empty: the system’s')}
      {field('shipOtlp', 'OpenTelemetry logs endpoint (OTLP/HTTP)', 'http://HOST:4318/v1/logs')}
      <button onClick={save} disabled={!fields} data-testid="settings-shipping-save">
        Save
      </button>
      {note && (
        <div
          className={note.ok ? 'small' : 'error small'}
          role={note.ok ? 'status' : 'alert'}
          data-testid="settings-shipping-note"
        >
          <SafeText text={note.text} />
        </div>
      )}
      {view?.problems.map((p) => (
        <div key={p} role="alert" className="error small">
          <SafeText text={p} />
        </div>
      ))}
      {view && view.targets.length > 0 && <ShippingTargets targets={view.targets} />}
    </section>
  );
}

/** Each destination: its state, and how far it has the log. */
function ShippingTargets({ targets }: { targets: ShipTargetStatus[] }) {
  return (
    <table className="grid" data-testid="shipping-targets">
      <tbody>
        {targets.map((t) => (
          <tr key={t.target} data-testid="shipping-target" data-state={t.state} data-kind={t.kind}>
            <td>
              <code>
                <SafeText text={t.target} />
              </code>
            </td>
            <td className={t.state === 'down' || t.state === 'stalled' ? 'error small' : 'small'}>
              <SafeText text={STATE[t.state]} />
              {t.error && <SafeText text={` (${t.error}${t.since ? `, since ${dateTime(t.since)}` : ''})`} />}
            </td>
            <td className="small muted">
              {t.acknowledged ? 'acknowledged' : 'written (plain syslog cannot say what the receiver read)'} up to #
              {t.shippedSeq}
              {t.waiting > 0 ? `, ${t.waiting} waiting` : ''}
              {t.skipped ? `, ${t.skipped} older entries skipped` : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** On a team's shared store: which instance ships the team's chain (one for the team). */
function TeamShipper({ team }: { team: NonNullable<ShippingView['team']> }) {
  return (
    <p className="small" data-testid="shipping-team" data-self={String(team.self)}>
      {team.self
        ? "This instance ships the team's audit chain (one instance ships for the whole team)."
        : team.shipper
          ? `The team's audit chain is shipped by instance ${team.shipper}; this one sends nothing itself.`
          : "The team's audit chain waits for an instance to ship it."}
    </p>
  );
}

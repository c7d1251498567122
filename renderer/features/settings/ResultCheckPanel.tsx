import { useEffect, useState } from 'react';
import type { Settings } from '../../../shared/schemas/audit';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import './settings.css';

type Mode = Settings['resultScan'];

/** Each choice, its handle (AUTOMATION.md), and what it does. */
const MODES: [Mode, string, string][] = [
  ['off', 'settings-result-scan-off', 'Off: results are not read'],
  ['warn', 'settings-result-scan-warn', 'Warn: the agent gets the result with a note saying what it asks'],
  ['ask', 'settings-result-scan-ask', 'Ask: you see the result first, and release it to the agent or withhold it'],
  [
    'block',
    'settings-result-scan-block',
    'Block: the agent gets a tool error saying why; you can still read the result',
  ],
];

/**
 * What an agent gets when a tool's result orders the model to do something. Every result is read
 * and flagged where you see it whatever this says; a weaker choice is confirmed outside the page.
 */
export function ResultCheckPanel() {
  const api = useApi();
  const [mode, setMode] = useState<Mode | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [org, setOrg] = useState<Mode | undefined>(undefined);
  useEffect(() => {
    api.request('settings.get', {}).then(
      (s) => setMode(s.resultScan),
      (e: Error) => setNote({ ok: false, text: e.message }),
    );
    api.request('policy.get', {}).then(
      (p) => setOrg(p.resultScan),
      () => undefined,
    );
  }, [api]);
  const choose = (next: Mode) => {
    setNote({ ok: true, text: 'saving… (a weaker check asks for a confirmation outside the page)' });
    api.request('settings.update', { resultScan: next }).then(
      (s) => (setMode(s.resultScan), setNote({ ok: true, text: `results that order the model: ${s.resultScan}` })),
      (e: Error) => setNote({ ok: false, text: e.message }),
    );
  };
  return (
    <section className="result-check" data-testid="settings-result-check">
      <h2>Results that speak to the model</h2>
      <p className="muted small">
        Unless this is off, every result is read for orders to the model (run a command, call another tool, send
        something, keep something from you) and flagged in History and the Trace. For agents&apos; calls:
      </p>
      {org && (
        <div className="small" role="status" data-testid="settings-result-check-org">
          The organisation&apos;s policy file sets this to <strong>{org}</strong>; it wins over the choice below.
        </div>
      )}
      <fieldset disabled={mode === null}>
        {MODES.map(([m, testid, text]) => (
          <label key={m} className="row gap">
            <input
              type="radio"
              name="result-scan"
              checked={mode === m}
              onChange={() => choose(m)}
              data-testid={testid}
            />
            {text}
          </label>
        ))}
      </fieldset>
      {note && (
        <div
          className={note.ok ? 'small' : 'error small'}
          role={note.ok ? 'status' : 'alert'}
          data-testid="settings-result-check-note"
        >
          <SafeText text={note.text} />
        </div>
      )}
    </section>
  );
}

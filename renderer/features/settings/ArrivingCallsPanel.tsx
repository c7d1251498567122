import { useConsole } from '../../store/store';
import './settings.css';

/**
 * How calls that arrive from elsewhere (an agent, the command line) meet the person: announced (the badge, the title,
 * a notification, the queue) and opened when the person chooses, or opened in the dialog at once. Kept in this browser.
 */
export function ArrivingCallsPanel() {
  const on = useConsole((s) => s.callsOpenThemselves);
  return (
    <section className="arriving-calls" data-testid="settings-arriving">
      <h2>Arriving calls</h2>
      <label>
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => useConsole.getState().callsOpenThemselvesSet(e.target.checked)}
          data-testid="settings-open-arriving"
        />{' '}
        Open each call an agent or the command line asks for in the dialog at once
      </label>
      <p className="muted small">
        Off (the default): such a call waits in the queue, counted in the top bar, the page title and a notification,
        until you open it; your own calls from this page open the dialog at once either way.
      </p>
    </section>
  );
}

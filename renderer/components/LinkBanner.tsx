import { useConsole } from '../store/store';
import './LinkBanner.css';
import { clockTime } from './format';

/**
 * Says, above every tab, that the page has lost the console (or never reached it): since when, and
 * what the person can do. The page keeps what it showed; nothing sent while it is down.
 */
export function LinkBanner() {
  const down = useConsole((s) => (s.online ? null : s.linkDown));
  if (!down) return null;
  const since = clockTime(down.since);
  return (
    <div className="warn-box link-banner" role="alert" data-testid="console-lost" data-restarted={down.restarted}>
      <strong>{down.wasUp ? `Lost the console at ${since}.` : `Cannot reach the console (since ${since}).`}</strong>{' '}
      {down.restarted ? (
        <>
          It answers at this address but no longer takes this page's token: it was started again (each start has a new
          token), or this address is an old one. Open the address it printed (with its #token) to go on.
        </>
      ) : (
        <>
          {down.wasUp && 'What you see is as it was then. '}Nothing you do here reaches a server until it is back; the
          page tries again every few seconds
          {down.tries > 0 && ` (${down.tries} ${down.tries === 1 ? 'try' : 'tries'} so far)`}. If{' '}
          <code>mcp-console serve</code> stopped, start it again and open the address it prints.
        </>
      )}
    </div>
  );
}

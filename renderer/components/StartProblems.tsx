import { useEffect, useState } from 'react';
import { useApi } from '../api/context';
import { useConsole } from '../store/store';
import { SafeText } from './SafeText';
import './StartProblems.css';

/**
 * What the console found wrong when it started (its audit log left open by a crash, another console
 * writing it, a config file), above everything until the person dismisses it: in browser mode the
 * terminal that ran serve is often out of sight.
 */
export function StartProblems() {
  const api = useApi();
  const online = useConsole((s) => s.online);
  const [problems, setProblems] = useState<string[]>([]);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (online) api.request('console.problems', {}).then(setProblems, () => {});
  }, [api, online]);
  if (dismissed || problems.length === 0) return null;
  return (
    <div className="warn-box start-problems" role="alert" data-testid="start-problems">
      <strong>MCP Console started with {problems.length === 1 ? 'a problem' : `${problems.length} problems`}</strong>
      <ul>
        {problems.map((p, i) => (
          <li key={i} data-testid="start-problem">
            <SafeText text={p} />
          </li>
        ))}
      </ul>
      <button onClick={() => setDismissed(true)} data-testid="start-problems-dismiss">
        Dismiss
      </button>
    </div>
  );
}

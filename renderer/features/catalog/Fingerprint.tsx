import { useEffect, useState } from 'react';
import type { ShownTool } from '../../../shared/schemas/tool';
import { useApi } from '../../api/context';

/**
 * The definition's fingerprint. A listing's tools reach the page before the core has hashed them,
 * so a tool held from one is shown with the fingerprint asked of the core (`tools.get`, which waits
 * for the listing to end); a tool the page got whole carries its own.
 */
export function Fingerprint({ tool }: { tool: ShownTool }) {
  const api = useApi();
  const [got, setGot] = useState<{ of: ShownTool; text: string } | null>(null);
  useEffect(() => {
    if (tool.fingerprint) return;
    let live = true;
    api.request('tools.get', { serverId: tool.serverId, name: tool.name }).then(
      (v) => live && setGot({ of: tool, text: v.fingerprint }),
      (e: Error) => live && setGot({ of: tool, text: `not known: ${e.message}` }),
    );
    return () => {
      live = false;
    };
  }, [api, tool]);
  const text = tool.fingerprint ?? (got?.of === tool ? got.text : '…');
  return (
    <div className="small mono muted" data-testid="fingerprint" title="sha-256 of the canonical JSON of the whole definition">
      fingerprint {text}
    </div>
  );
}

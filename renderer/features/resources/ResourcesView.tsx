import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ReadResourceResult } from '../../../shared/schemas/content';
import type { ResourceTemplateView, ResourceView } from '../../../shared/schemas/resource';
import { useApi } from '../../api/context';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { SafeText } from '../../components/SafeText';
import { useConsole } from '../../store/store';
import { EmbeddedResourceView } from '../results/EmbeddedResourceView';

interface ServerResources {
  resources: ResourceView[];
  templates: ResourceTemplateView[];
  error?: string;
}

/**
 * Every connected server's resources and templates (every page, as the core walked them), and the
 * contents of the one opened, shown with the same views as embedded resources in results. Reading
 * reaches the server and is recorded in the audit log.
 */
export function ResourcesView() {
  const api = useApi();
  const connected = useConsole(useShallow((s) => s.serverOrder.filter((id) => s.servers[id]?.status === 'connected')));
  const [lists, setLists] = useState<Record<string, ServerResources>>({});
  const [open, setOpen] = useState<{ serverId: string; uri: string; result?: ReadResourceResult; error?: string } | null>(null);

  const load = (refresh: boolean) => {
    for (const serverId of connected) {
      Promise.all([api.request('resources.list', { serverId, refresh }), api.request('resources.templates', { serverId })]).then(
        ([resources, templates]) => setLists((l) => ({ ...l, [serverId]: { resources, templates } })),
        (e: Error) => setLists((l) => ({ ...l, [serverId]: { resources: [], templates: [], error: e.message } })),
      );
    }
  };
  // Loaded when the tab opens and when a server connects or goes away.
  useEffect(() => load(false), [connected.join('\n')]); // eslint-disable-line react-hooks/exhaustive-deps

  const read = (serverId: string, uri: string) => {
    setOpen({ serverId, uri });
    api.request('resources.read', { serverId, uri }).then(
      (result) => setOpen({ serverId, uri, result }),
      (e: Error) => setOpen({ serverId, uri, error: e.message }),
    );
  };

  if (connected.length === 0) return <div className="empty">Connect a server to see its resources.</div>;
  return (
    <div className="resources" data-testid="resources-view">
      <div className="row gap">
        <button onClick={() => load(true)} data-testid="resources-refresh">
          List again
        </button>
      </div>
      {connected.map((serverId) => {
        const l = lists[serverId];
        return (
          <section key={serverId} className="resource-server" data-testid="resource-server" data-server={serverId}>
            <h3>
              <SafeText text={serverId} />
              {l && !l.error && (
                <span className="muted small">
                  {' '}
                  · {l.resources.length} resources, {l.templates.length} templates
                </span>
              )}
            </h3>
            {l?.error && (
              <div className="error" role="alert">
                <SafeText text={l.error} />
              </div>
            )}
            <ul className="resource-list">
              {l?.resources.map((r) => (
                <li key={r.uri}>
                  <button className="link" onClick={() => read(serverId, r.uri)} data-testid="resource-item" data-uri={r.uri}>
                    <SafeText text={r.title ?? r.name} />
                  </button>{' '}
                  <span className="mono small muted">
                    <SafeText text={r.uri} />
                    {r.mimeType && <> · {r.mimeType}</>}
                  </span>
                </li>
              ))}
              {l?.templates.map((t) => (
                <li key={t.uriTemplate} data-testid="resource-template">
                  <SafeText text={t.title ?? t.name} />{' '}
                  <span className="mono small muted">
                    <SafeText text={t.uriTemplate} /> (template)
                  </span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      {open && (
        <section className="resource-contents" data-testid="resource-contents" data-uri={open.uri}>
          <h3 className="mono">
            <SafeText text={open.uri} />
          </h3>
          {open.error && (
            <div className="error" role="alert">
              <SafeText text={open.error} />
            </div>
          )}
          {!open.result && !open.error && <div className="muted">reading…</div>}
          <ErrorBoundary key={open.uri} what="resource">
            {open.result?.contents.map((c, i) => (
              <EmbeddedResourceView key={i} block={{ type: 'resource', resource: c }} />
            ))}
          </ErrorBoundary>
        </section>
      )}
    </div>
  );
}

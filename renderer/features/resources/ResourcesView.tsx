import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ReadResourceResult } from '../../../shared/schemas/content';
import type { ResourceTemplateView, ResourceView } from '../../../shared/schemas/resource';
import { useApi } from '../../api/context';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { SafeText } from '../../components/SafeText';
import { useConsole } from '../../store/store';
import { EmbeddedResourceView } from '../results/EmbeddedResourceView';
import { resourceKey } from './slice';
import { TemplateForm } from './TemplateForm';
import { ListFactsLine } from './ListFactsLine';
import { clockTime } from '../../components/format';
import './resources.css';

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
  const [open, setOpen] = useState<Opened | null>(null);
  const [template, setTemplate] = useState<TemplateOpen | null>(null);
  const updatedAt = useConsole((s) => (open ? s.resourceUpdates[resourceKey(open.serverId, open.uri)] : undefined));

  const load = (refresh: boolean) => {
    for (const serverId of connected) {
      Promise.all([
        api.request('resources.list', { serverId, refresh }),
        api.request('resources.templates', { serverId }),
      ]).then(
        ([resources, templates]) => setLists((l) => ({ ...l, [serverId]: { resources, templates } })),
        (e: Error) => setLists((l) => ({ ...l, [serverId]: { resources: [], templates: [], error: e.message } })),
      );
    }
  };
  // Loaded when the tab opens, when a server connects or goes away, and when one says its resources changed (the core
  // has listed them again).
  const changes = useConsole((s) =>
    connected.map((id) => s.listChanges[`${id}\u0000resources`]?.listedAt ?? '').join('\n'),
  );
  useEffect(() => load(false), [connected.join('\n'), changes]); // eslint-disable-line react-hooks/exhaustive-deps

  const read = (serverId: string, uri: string) => {
    setOpen({ serverId, uri });
    api.request('resources.read', { serverId, uri }).then(
      (result) => setOpen({ serverId, uri, result }),
      (e: Error) => setOpen({ serverId, uri, error: e.message }),
    );
  };

  // A watched resource that changed is read again (the server only says that it changed).
  useEffect(() => {
    if (!open || !updatedAt) return;
    const t = setTimeout(() => read(open.serverId, open.uri), 0);
    return () => clearTimeout(t);
  }, [updatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  const { isWatched, watch } = useWatch(open, setOpen);

  if (connected.length === 0) return <div className="empty">Connect a server to see its resources.</div>;
  return (
    <div className="resources trace-split" data-testid="resources-view">
      <div className="resources-lists">
        <div className="row gap">
          <button onClick={() => load(true)} data-testid="resources-refresh">
            List again
          </button>
        </div>
        {connected.map((serverId) => (
          <ServerLists
            key={serverId}
            serverId={serverId}
            l={lists[serverId]}
            read={read}
            open={open}
            template={template}
            setTemplate={setTemplate}
          />
        ))}
      </div>
      {/* What is opened sits beside the lists, in view whichever line of a long list was clicked. */}
      <div className="resources-open">
        {!template && !open && <div className="empty small">Open a resource or a template to see it here.</div>}
        {template && (
          <TemplateForm
            key={template.template.uriTemplate}
            serverId={template.serverId}
            template={template.template}
            onRead={(uri) => read(template.serverId, uri)}
          />
        )}
        {open && <OpenResource open={open} watch={watch} isWatched={isWatched} updatedAt={updatedAt} />}
      </div>
    </div>
  );
}

/** Whether the opened resource is watched (subscribed to), and the switch. */
function useWatch(open: Opened | null, setOpen: Dispatch<SetStateAction<Opened | null>>) {
  const api = useApi();
  const [watched, setWatched] = useState<Record<string, string[]>>({});
  const isWatched = open ? (watched[open.serverId] ?? []).includes(open.uri) : false;
  const watch = () => {
    if (!open) return;
    const { serverId, uri } = open;
    api.request(isWatched ? 'resources.unsubscribe' : 'resources.subscribe', { serverId, uri }).then(
      (list) => setWatched((w) => ({ ...w, [serverId]: list })),
      (e: Error) => setOpen((o) => o && { ...o, error: e.message }),
    );
  };
  return { isWatched, watch };
}

/** Contents larger than this are not drawn in the page (they can be saved). */
export const MAX_SHOWN_BYTES = 5 * 1024 * 1024;

function sizeOf(c: ReadResourceResult['contents'][number]): number {
  const r = c as { text?: unknown; blob?: unknown };
  return typeof r.text === 'string'
    ? r.text.length
    : typeof r.blob === 'string'
      ? Math.round((r.blob.length * 3) / 4)
      : 0;
}

/** A read's contents, each drawn as an embedded resource, unless it is too large for the page. */
function Contents({ result, uri }: { result: ReadResourceResult; uri: string }) {
  return (
    <>
      {result.contents.map((c, i) => {
        const bytes = sizeOf(c);
        if (bytes <= MAX_SHOWN_BYTES) return <EmbeddedResourceView key={i} block={{ type: 'resource', resource: c }} />;
        const save = () => {
          const r = c as { text?: string; blob?: string; mimeType?: string };
          const data =
            r.text !== undefined
              ? new Blob([r.text])
              : new Blob([Uint8Array.from(atob(r.blob ?? ''), (ch) => ch.charCodeAt(0))]);
          const a = document.createElement('a');
          a.href = URL.createObjectURL(new Blob([data], { type: r.mimeType ?? 'application/octet-stream' }));
          a.download = uri.split('/').pop() || 'resource';
          a.click();
          setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
        };
        return (
          <div key={i} className="warn-box small" data-testid="resource-too-large">
            {(bytes / 1024 / 1024).toFixed(1)} MB: too large to show here.{' '}
            <button onClick={save} data-testid="resource-save">
              Save to a file
            </button>
          </div>
        );
      })}
    </>
  );
}

/** A resource opened: its URI, whether it is watched, its contents (or why not). */
interface Opened {
  serverId: string;
  uri: string;
  result?: ReadResourceResult;
  error?: string;
}

/** A template being filled in, and its server. */
interface TemplateOpen {
  serverId: string;
  template: ResourceTemplateView;
}

interface ServerListsProps {
  serverId: string;
  l: ServerResources | undefined;
  read: (serverId: string, uri: string) => void;
  open: Opened | null;
  template: TemplateOpen | null;
  setTemplate: (t: TemplateOpen) => void;
}

/** One server's resources and templates, as listed (or why they could not be). */
function ServerLists({ serverId, l, read, open, template, setTemplate }: ServerListsProps) {
  return (
    <section className="resource-server" data-testid="resource-server" data-server={serverId}>
      <h3 className="list-head">
        <SafeText text={serverId} />
        {l && !l.error && (
          <span className="muted small">
            {' '}
            · {l.resources.length} resources, {l.templates.length} templates
          </span>
        )}
      </h3>
      {l && !l.error && <ListFactsLine serverId={serverId} kind="resources" version={l} />}
      {l?.error && (
        <div className="error" role="alert">
          <SafeText text={l.error} />
        </div>
      )}
      <ul className="resource-list">
        {l?.resources.map((r) => (
          <li key={r.uri}>
            <button
              className="link"
              onClick={() => read(serverId, r.uri)}
              aria-current={open?.serverId === serverId && open.uri === r.uri ? 'true' : undefined}
              data-testid="resource-item"
              data-uri={r.uri}
            >
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
            <button
              className="link"
              onClick={() => setTemplate({ serverId, template: t })}
              aria-current={
                template?.serverId === serverId && template.template.uriTemplate === t.uriTemplate ? 'true' : undefined
              }
              data-testid="open-template"
              data-template={t.uriTemplate}
            >
              <SafeText text={t.title ?? t.name} />
            </button>{' '}
            <span className="mono small muted">
              <SafeText text={t.uriTemplate} /> (template)
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The resource opened: watch it, see when it changed, and its contents. */
function OpenResource({
  open,
  watch,
  isWatched,
  updatedAt,
}: {
  open: Opened;
  watch: () => void;
  isWatched: boolean;
  updatedAt: string | undefined;
}) {
  return (
    <section className="resource-contents" data-testid="resource-contents" data-uri={open.uri}>
      <h3 className="mono">
        <SafeText text={open.uri} />
      </h3>
      <div className="row gap small">
        <button onClick={watch} data-testid="resource-watch" data-watched={isWatched}>
          {isWatched ? 'Stop watching' : 'Watch for changes'}
        </button>
        {updatedAt && <span data-testid="resource-updated">changed at {clockTime(updatedAt)}, read again</span>}
      </div>
      {open.error && (
        <div className="error" role="alert">
          <SafeText text={open.error} />
        </div>
      )}
      {!open.result && !open.error && <div className="muted">reading…</div>}
      <ErrorBoundary key={open.uri} what="resource">
        {open.result && <Contents result={open.result} uri={open.uri} />}
      </ErrorBoundary>
    </section>
  );
}

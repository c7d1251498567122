import { useEffect, useState } from 'react';
import { ListFactsLine } from '../resources/ListFactsLine';
import { useCompletions } from '../../components/use-completions';
import { useShallow } from 'zustand/react/shallow';
import { routeContent, type Audience } from '../../../shared/content-routing';
import type { GetPromptResult, PromptView } from '../../../shared/schemas/prompt';
import { useApi } from '../../api/context';
import { SafeText } from '../../components/SafeText';
import { useConsole } from '../../store/store';
import { ContentBlockView } from '../results/ContentBlockView';
import './prompts.css';

/**
 * Every connected server's prompts; the one opened gets a form from its arguments (each with the
 * server's completions, asked once typing rests) and Get shows its messages with the same content
 * views as results, routed by audience. Getting a prompt reaches the server and is recorded.
 */
export function PromptsView() {
  const api = useApi();
  const connected = useConsole(useShallow((s) => s.serverOrder.filter((id) => s.servers[id]?.status === 'connected')));
  const [lists, setLists] = useState<Record<string, { prompts: PromptView[]; error?: string }>>({});
  const [open, setOpen] = useState<PromptView | null>(null);

  // Listed again when a server says its prompts changed (the core has walked them again).
  const changes = useConsole((s) =>
    connected.map((id) => s.listChanges[`${id}\u0000prompts`]?.listedAt ?? '').join('\n'),
  );
  useEffect(() => {
    for (const serverId of connected)
      api.request('prompts.list', { serverId }).then(
        (prompts) => setLists((l) => ({ ...l, [serverId]: { prompts } })),
        (e: Error) => setLists((l) => ({ ...l, [serverId]: { prompts: [], error: e.message } })),
      );
  }, [api, connected.join('\n'), changes]); // eslint-disable-line react-hooks/exhaustive-deps

  if (connected.length === 0) return <div className="empty">Connect a server to see its prompts.</div>;
  return (
    <div className="prompts trace-split" data-testid="prompts-view">
      <div>
        {connected.map((serverId) => {
          const l = lists[serverId];
          return (
            <section key={serverId} data-testid="prompt-server" data-server={serverId}>
              <h3 className="list-head">
                <SafeText text={serverId} />
                {l && !l.error && <span className="muted small"> · {l.prompts.length} prompts</span>}
              </h3>
              {l && !l.error && <ListFactsLine serverId={serverId} kind="prompts" version={l} />}
              {l?.error && (
                <div className="error small">
                  <SafeText text={l.error} />
                </div>
              )}
              <ul className="resource-list">
                {l?.prompts.map((p) => (
                  <li key={p.name}>
                    <button
                      className="link"
                      onClick={() => setOpen(p)}
                      aria-current={open?.serverId === serverId && open.name === p.name ? 'true' : undefined}
                      data-testid="prompt-item"
                      data-name={p.name}
                    >
                      <SafeText text={p.title ?? p.name} />
                    </button>{' '}
                    {p.title && (
                      <span className="mono small muted">
                        <SafeText text={p.name} />
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      {open && <PromptForm key={`${open.serverId}\u0000${open.name}`} prompt={open} />}
    </div>
  );
}

function PromptForm({ prompt }: { prompt: PromptView }) {
  const api = useApi();
  const { values, suggestions, type } = useCompletions(prompt.serverId, { type: 'ref/prompt', name: prompt.name });
  const [result, setResult] = useState<GetPromptResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<Audience>('user');
  const args = prompt.arguments ?? [];

  const get = () => {
    setError(null);
    const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
    api
      .request('prompts.get', { serverId: prompt.serverId, name: prompt.name, arguments: filled })
      .then(setResult, (e: Error) => {
        setResult(null);
        setError(e.message);
      });
  };

  return (
    <section className="detail" data-testid="prompt-detail" data-name={prompt.name}>
      <h3>
        <SafeText text={prompt.title ?? prompt.name} />
      </h3>
      {prompt.description && (
        <div className="description prewrap">
          <SafeText text={prompt.description} />
        </div>
      )}
      <div className="schema-form" data-testid="prompt-form">
        {args.map((a) => (
          <label key={a.name} className="field">
            <span>
              <SafeText text={a.title ?? a.name} />
              {a.required && <span className="warn-text"> *</span>}
              {a.description && (
                <span className="muted small">
                  {' '}
                  — <SafeText text={a.description} />
                </span>
              )}
            </span>
            <input
              value={values[a.name] ?? ''}
              onChange={(e) => type(a.name, e.target.value)}
              onFocus={() => type(a.name, values[a.name] ?? '')}
              list={`complete-${a.name}`}
              data-testid="prompt-arg"
              data-arg={a.name}
            />
            <datalist id={`complete-${a.name}`} data-testid="prompt-completions" data-arg={a.name}>
              {(suggestions[a.name] ?? []).map((v) => (
                <option key={v} value={v} />
              ))}
            </datalist>
          </label>
        ))}
        {args.length === 0 && <div className="muted small">This prompt takes no arguments.</div>}
      </div>
      <div className="row gap prompt-actions">
        <button className="primary" onClick={get} data-testid="prompt-get">
          Get prompt
        </button>
        {result && <AudienceTabs view={view} setView={setView} />}
      </div>
      {error && (
        <div className="error" role="alert" data-testid="prompt-error">
          <SafeText text={error} />
        </div>
      )}
      {result && <PromptMessages result={result} view={view} serverId={prompt.serverId} />}
    </section>
  );
}

/** The prompt's messages, each in its place, shown or not by who it is meant for. */
function PromptMessages({ result, view, serverId }: { result: GetPromptResult; view: Audience; serverId: string }) {
  return (
    <div data-testid="prompt-messages">
      {result.description && (
        <div className="small muted">
          <SafeText text={result.description} />
        </div>
      )}
      {result.messages.map((m, i) => {
        // Each message keeps its place: routing decides only whether this view shows it.
        const [routed] = routeContent([m.content], view);
        return (
          <div key={i} className="prompt-message" data-testid="prompt-message" data-role={m.role}>
            <div className="label">{m.role}</div>
            {routed ? (
              <ContentBlockView routed={{ ...routed, index: i }} serverId={serverId} />
            ) : (
              <div className="small muted">
                meant for {view === 'user' ? 'the model' : 'the user'}: not shown in this view
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** Whose view of the messages: the user's or the model's. */
function AudienceTabs({ view, setView }: { view: Audience; setView: (v: Audience) => void }) {
  return (
    <div className="tabs small" role="tablist">
      {(['user', 'assistant'] as const).map((v) => (
        <button
          key={v}
          role="tab"
          aria-selected={view === v}
          onClick={() => setView(v)}
          data-testid={v === 'user' ? 'prompt-view-user' : 'prompt-view-assistant'}
        >
          {v === 'user' ? 'User' : 'Model'}
        </button>
      ))}
    </div>
  );
}

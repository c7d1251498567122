import { useState, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ElicitationAnswer, ElicitationContent, ElicitationView } from '../../../shared/schemas/elicitation';
import { useApi } from '../../api/context';
import { confirmAddress, openLink } from '../../api/open-link';
import { SafeText } from '../../components/SafeText';
import { describeRequester } from '../../../shared/requester-text';
import { useConsole } from '../../store/store';
import { AskFrame } from '../../components/AskFrame';
import { useArmed } from '../../components/use-armed';
import { SchemaForm } from '../call/LazySchemaForm';
import { ContentBlockView } from '../results/ContentBlockView';
import type { ContentBlock } from '../../../shared/schemas/content';
import { withDefaults } from '../../../shared/elicitation-defaults';
import './elicitation.css';
import { ArmedButton } from '../../components/ArmedButton';

/**
 * A server asks the person something (elicitation, both eras). The dialog says which server asks,
 * during which of our calls, and what; a form question is answered with a form drawn from the
 * schema it sent, a URL question shows the whole URL and its host and opens nothing unless asked.
 * Nothing is answered for the person: Accept stays unarmed for a moment, Escape cancels; the
 * defaults the schema suggests are filled in, and the dialog says so.
 */
export function ElicitationDialog() {
  const queue = useConsole(useShallow((s) => s.elicitations));
  const [first, ...rest] = queue;
  return (
    <>
      <UrlCompletions />
      {first && <Question key={first.id} q={first} waiting={rest.length} />}
    </>
  );
}

/**
 * The server said the interaction at a URL it asked the person to open is done (2025-11-25
 * `notifications/elicitation/complete`).
 */
function UrlCompletions() {
  const done = useConsole(useShallow((s) => s.urlCompletions));
  const dismiss = useConsole((s) => s.urlCompletionDismissed);
  if (done.length === 0) return null;
  return (
    <div className="notices" role="status">
      {done.map((q) => (
        <div key={q.id} className="notice small" data-testid="elicitation-complete" data-server={q.serverId}>
          <SafeText text={q.serverName ?? q.serverId} /> says the interaction at{' '}
          <SafeText text={q.host ?? q.url ?? ''} /> is done.{' '}
          <button className="link" onClick={() => dismiss(q.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}

function Question({ q, waiting }: { q: ElicitationView; waiting: number }) {
  const api = useApi();
  const [value, setValue] = useState<unknown>({});
  const { armed, safeRef: cancelRef } = useArmed<HTMLButtonElement>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const answer = async (a: Omit<ElicitationAnswer, 'id'>) => {
    if (busy || (a.action === 'accept' && !armed)) return;
    setBusy(true);
    setError(null);
    try {
      await api.request('elicitations.answer', { id: q.id, ...a });
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  const openThenAccept = async () => {
    if (!armed || !q.url || q.urlProblem) return;
    let opened = false;
    try {
      // Browser mode: the person sees the whole URL again before the page opens it.
      opened = await openLink(api, q.url, confirmAddress(q.url));
    } catch (e) {
      setError((e as Error).message);
    }
    if (opened) await answer({ action: 'accept' });
  };
  return (
    <AskFrame
      id="elicitation-title"
      title={
        <>
          <SafeText text={q.serverName ?? q.serverId} />{' '}
          {q.kind === 'sampling' ? 'asks for a model’s reply' : 'asks you'}
        </>
      }
      onEscape={() => void answer({ action: 'cancel' })}
      badge={waiting > 0 && <span className="badge">{waiting} more waiting</span>}
      data={{
        'data-testid': 'elicitation-dialog',
        'data-server': q.serverId,
        'data-mode': q.mode,
        'data-kind': q.kind,
        'data-armed': armed,
      }}
      problem={error ? { text: error, testId: 'elicitation-error' } : null}
      footer={
        <QuestionActions
          q={q}
          armed={armed}
          cancelRef={cancelRef}
          value={value}
          answer={answer}
          openThenAccept={openThenAccept}
        />
      }
    >
      <QuestionFacts q={q} />
      <QuestionText q={q} />
      {q.mode === 'form' ? (
        <SchemaForm
          schema={q.requestedSchema ?? { type: 'object' }}
          value={value}
          onChange={setValue}
          testId="elicitation-form"
          selectsAreSets
        />
      ) : (
        <UrlAsk q={q} />
      )}
    </AskFrame>
  );
}

/**
 * What a sampling request carries: the system prompt, the conversation (each block as results show it), the token
 * limit.
 */
function SamplingConversation({ q }: { q: ElicitationView }) {
  const s = q.sampling;
  if (!s) return null;
  return (
    <div className="sampling" data-testid="sampling-conversation">
      {s.systemPrompt && (
        <div className="small">
          <span className="label">System prompt</span> <SafeText text={s.systemPrompt} />
        </div>
      )}
      {s.messages.map((m, i) => {
        const blocks = (Array.isArray(m.content) ? m.content : [m.content]) as ContentBlock[];
        return (
          <div key={i} className="prompt-message" data-role={m.role}>
            <div className="label">{m.role}</div>
            {blocks.map((b, j) => (
              <ContentBlockView
                key={j}
                routed={{
                  index: j,
                  block: b,
                  priority: 0.5,
                  declaredPriority: undefined,
                  audience: 'both',
                  collapsed: false,
                }}
                serverId={q.serverId}
              />
            ))}
          </div>
        );
      })}
      {s.maxTokens !== undefined && <div className="small muted">at most {s.maxTokens} tokens asked for</div>}
    </div>
  );
}

/** A URL question: the whole address, where it goes, and why it will not open if it will not. */
function UrlAsk({ q }: { q: ElicitationView }) {
  const https = q.url?.startsWith('https:') ?? false;
  return (
    <div className="warn-box">
      <div className="label">It wants you to open</div>
      <div className="mono uri" data-testid="elicitation-url">
        <SafeText text={q.url ?? ''} />
      </div>
      <div>
        which goes to{' '}
        <strong className="mono" data-testid="elicitation-host">
          <SafeText text={q.host ?? 'no host'} />
        </strong>
      </div>
      {q.urlProblem && (
        <div className="error small" data-testid="elicitation-url-problem">
          Will not be opened: <SafeText text={q.urlProblem} />
        </div>
      )}
      {!q.urlProblem && !https && <div className="small muted">Only https addresses are opened from here.</div>}
    </div>
  );
}

/** Which server asks, in which era, and during which calls. */
function QuestionFacts({ q }: { q: ElicitationView }) {
  return (
    <dl className="kv">
      <dt>Server</dt>
      <dd>
        <SafeText text={q.serverId} />
        {q.era && (
          <span className="muted">
            {' '}
            · {q.era === 'modern' ? '2026-07-28 (input_required)' : '2025 era (server request)'}
          </span>
        )}
      </dd>
      <dt>While</dt>
      <dd data-testid="elicitation-during">
        {q.during.length ? (
          <SafeText
            text={q.during
              .map((d) =>
                d.requestedBy?.kind === 'agent'
                  ? `${d.tool} (asked for by ${describeRequester(d.requestedBy)})`
                  : d.tool,
              )
              .join(', ')}
          />
        ) : (
          <span className="muted">no call of ours was running</span>
        )}
      </dd>
    </dl>
  );
}

interface ActionsProps {
  q: ElicitationView;
  armed: boolean;
  cancelRef: RefObject<HTMLButtonElement | null>;
  value: unknown;
  answer: (a: Omit<ElicitationAnswer, 'id'>) => Promise<void>;
  openThenAccept: () => Promise<void>;
}

/** Cancel, Decline, and Send (a form) or Open in browser (a URL, https only): the focus starts on Cancel. */
function QuestionActions({ q, armed, cancelRef, value, answer, openThenAccept }: ActionsProps) {
  const https = q.url?.startsWith('https:') ?? false;
  return (
    <div className="row gap end">
      <span className="small muted" data-testid="elicitation-filled">
        Esc cancels ·{' '}
        {q.mode === 'form' && Object.keys(withDefaults(q.requestedSchema ?? {}, {})).length > 0
          ? 'the values the server suggested are filled in: check them before sending'
          : 'nothing is filled in for you'}
      </span>
      <span className="spacer" />
      <button ref={cancelRef} onClick={() => void answer({ action: 'cancel' })} data-testid="elicitation-cancel">
        Cancel
      </button>
      <button className="danger" onClick={() => void answer({ action: 'decline' })} data-testid="elicitation-decline">
        Decline
      </button>
      {q.mode === 'form' ? (
        <ArmedButton
          armed={armed}
          className="primary"
          onClick={() => void answer({ action: 'accept', content: value as ElicitationContent })}
          data-testid="elicitation-accept"
        >
          Send answer
        </ArmedButton>
      ) : (
        <ArmedButton
          armed={armed}
          className="primary"
          aria-disabled={!armed || !https || !!q.urlProblem}
          disabled={!https || !!q.urlProblem}
          onClick={() => void openThenAccept()}
          data-testid="elicitation-accept"
        >
          Open in browser…
        </ArmedButton>
      )}
    </div>
  );
}

/** What the server asks, as it said it (and, for sampling, the conversation it sends). */
function QuestionText({ q }: { q: ElicitationView }) {
  return (
    <>
      {q.kind === 'sampling' && (
        <div className="warn-box small" data-testid="sampling-deprecated">
          Sampling is deprecated in the 2026-07-28 specification. MCP Console calls no model: what you write is sent as
          the reply.
        </div>
      )}
      <div className="description prewrap" data-testid="elicitation-message">
        <SafeText text={q.message} />
      </div>
      {q.sampling && <SamplingConversation q={q} />}
    </>
  );
}

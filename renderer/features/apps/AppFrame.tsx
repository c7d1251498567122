import { useEffect, useMemo, useRef, useState } from 'react';
import type { McpUiHostCapabilities, McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import { allowAttribute } from '../../../shared/apps';
import { PRELOAD_GLOBAL } from '../../../shared/preload-api';
import type { AppView } from '../../../shared/schemas/app-view';
import type { ToolView } from '../../../shared/schemas/tool';
import { useApi } from '../../api/context';
import type { ConsoleApi } from '../../api/client';
import { confirmAddress, openLink } from '../../api/open-link';
import { SafeText } from '../../components/SafeText';
import { FrameTransport, type ChannelLine } from './frame-transport';
import { ViewChannel } from './view-channel';
import { channelTrace } from './channel-trace';
import { viewClosed } from './violations';
import { ChangedView, ViewReach } from './ViewNotes';
import { useViewContext } from './view-context';
import { isDark } from '../../components/use-color-scheme';
import './apps.css';
import { ViewAsides, ViewHead, type Said } from './ViewHead';

/** The tallest a view grows inline; past it, it scrolls inside its frame. */
const MAX_HEIGHT = 900;
const MIN_HEIGHT = 80;
const LINES_KEPT = 200;

/** What a view is shown with: the call's input and, once there is one, its result (or that it was cancelled). */
export interface ViewInput {
  args: Record<string, unknown>;
  result?: unknown;
  cancelled?: string;
}

/**
 * One MCP App view: the tool's own UI, in a frame on the views' origin (never the console's), under
 * the policy it declared; its channel answered here, its calls asked for through the core's gate as
 * the view's. What it says for a model is shown (there is no model here) and recorded; what its
 * policy blocked is reported.
 */
export function AppFrame({ tool, input, onClose }: { tool: ToolView; input: ViewInput; onClose?: () => void }) {
  const api = useApi();
  const [generation, setGeneration] = useState(0);
  const { view, error } = useOpenedView(tool, generation);
  const [height, setHeight] = useState(240);
  const [lines, setLines] = useState<ChannelLine[]>([]);
  const [said, setSaid] = useState<Said[]>([]);
  const [mode, setMode] = useState<'inline' | 'fullscreen'>('inline');
  const frame = useRef<HTMLIFrameElement>(null);

  const channel = useViewChannel(api, view, tool, frame, {
    line: (l) => setLines((all) => [...all.slice(-(LINES_KEPT - 1)), l]),
    said: (s) => setSaid((all) => [...all.slice(-49), s]),
    sized: (h) => setHeight(Math.max(MIN_HEIGHT, Math.min(MAX_HEIGHT, Math.ceil(h)))),
    close: () => onClose?.(),
    mode: (m) => {
      const next = m === 'fullscreen' ? 'fullscreen' : 'inline';
      setMode(next);
      return next;
    },
  });
  const leave = useViewContext(mode, setMode, channel);

  useToolInput(channel, input);

  if (error)
    return (
      <div className="app-view-box error small" data-testid="app-view-error">
        The view of <code>{tool.name}</code> could not be opened: <SafeText text={error} />
      </div>
    );
  if (!view) return <div className="app-view-box muted small">Opening the view of {tool.name}…</div>;
  return (
    <section
      className={`app-view-box${view.prefersBorder === false ? ' borderless' : ''}${mode === 'fullscreen' ? ' fullscreen' : ''}`}
      aria-label={`View of ${tool.name}`}
      data-testid="app-view-box"
      data-mode={mode}
    >
      <ViewHead
        tool={tool}
        view={view}
        reload={() => setGeneration((g) => g + 1)}
        leave={mode === 'fullscreen' ? leave : undefined}
        onClose={onClose}
      />
      {view.pin.state === 'changed' && <ChangedView view={view} pinned={() => setGeneration((g) => g + 1)} />}
      <iframe
        key={view.viewId}
        ref={frame}
        src={view.frameUrl}
        title={`The view of ${tool.name} on ${tool.serverId}`}
        // The proxy runs on the views' own origin: same-origin with itself, never with the console.
        sandbox="allow-scripts allow-same-origin"
        allow={allowAttribute(view.permissions.declared, view.permissions.granted)}
        referrerPolicy="no-referrer"
        style={mode === 'fullscreen' ? undefined : { height }}
        data-testid="app-view"
        data-server={tool.serverId}
        data-tool={tool.name}
        data-origin={view.origin}
      />
      <ViewReach view={view} changed={() => setGeneration((g) => g + 1)} />
      <details className="small">
        <summary>View messages ({lines.length})</summary>
        <ol className="channel-lines mono" data-testid="app-view-bridge">
          {lines.map((l, i) => (
            <li key={i} data-dir={l.dir}>
              {l.dir === 'to view' ? '→' : '←'} <SafeText text={l.what} />
            </li>
          ))}
        </ol>
      </details>
      {/* What arrives while the view runs goes last: nothing above the controls moves under the person's pointer. */}
      <ViewAsides viewId={view.viewId} said={said} />
    </section>
  );
}

interface Hooks {
  mode(m: string): string;
  line(l: ChannelLine): void;
  said(s: Said): void;
  sized(height: number): void;
  close(): void;
}

/** The channel of one opened view, from the moment its frame exists until it goes. */
function useViewChannel(
  api: ConsoleApi,
  view: AppView | null,
  tool: ToolView,
  frame: React.RefObject<HTMLIFrameElement | null>,
  hooks: Hooks,
): ViewChannel | null {
  const [channel, setChannel] = useState<ViewChannel | null>(null);
  const hooksRef = useRef(hooks);
  useEffect(() => {
    hooksRef.current = hooks;
  });
  const context = useMemo(() => hostContext(tool), [tool]);
  useEffect(() => {
    if (!view) return;
    const h = () => hooksRef.current;
    const note = (kind: Said['kind'], text: string) => {
      h().said({ kind, text });
      void api.request('apps.note', { viewId: view.viewId, kind, text: text.slice(0, 20_000) }).catch(() => undefined);
    };
    const traced = channelTrace(api, view.viewId);
    const b = new ViewChannel(
      new FrameTransport(
        () => frame.current?.contentWindow ?? null,
        view.origin,
        (l, m) => (h().line(l), traced.add(l, m)),
      ),
      {
        callTool: async (name, args) => {
          const asked = await api.request('apps.call', { viewId: view.viewId, tool: name, args });
          const done = await api.request('calls.wait', { callId: asked.id });
          if ((done.outcome === 'ok' || done.outcome === 'tool-error') && done.result) return done.result;
          throw new Error(
            `MCP Console: the call to ${name} was ${done.outcome ?? 'not made'}${done.reason ? `: ${done.reason}` : ''}`,
          );
        },
        readResource: (uri) => api.request('apps.read', { viewId: view.viewId, uri }),
        openLink: async (url) => {
          note('open-link', url);
          return openLink(api, url, confirmAddress(url));
        },
        message: async (p) => note('message', textOf(p.content)),
        modelContext: async (p) =>
          note('context', textOf(p.content ?? []) || JSON.stringify(p.structuredContent ?? {})),
        log: (level, data) =>
          h().line({
            dir: 'from view',
            what: `log ${level}: ${(typeof data === 'string' ? data : JSON.stringify(data)).slice(0, 300)}`,
            time: Date.now(),
          }),
        sized: (_w, height) => height !== undefined && h().sized(height),
        teardownAsked: () => h().close(),
        displayMode: (m) => h().mode(m),
        ready: () => undefined,
      },
      context,
      capabilities(view),
    );
    void b.start();
    setChannel(b);
    return () => {
      setChannel(null);
      void b.teardown('the console closed the view').finally(() => traced.stop());
    };
  }, [api, view, frame, context]);
  return channel;
}

function hostContext(tool: ToolView): McpUiHostContext {
  const dark = isDark();
  const def = {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    _meta: tool._meta,
  };
  return {
    toolInfo: { tool: def as never },
    theme: dark ? 'dark' : 'light',
    displayMode: 'inline',
    availableDisplayModes: ['inline', 'fullscreen'],
    containerDimensions: { maxHeight: MAX_HEIGHT },
    locale: navigator.language,
    // The host context names the time zone, which only Intl knows: one formatter, made as a view opens.
    // eslint-disable-next-line no-restricted-syntax
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: 'MCP Console',
    platform: PRELOAD_GLOBAL in window ? 'desktop' : 'web',
    deviceCapabilities: { touch: matchMedia('(pointer: coarse)').matches, hover: matchMedia('(hover: hover)').matches },
  };
}

function capabilities(view: AppView): McpUiHostCapabilities {
  return {
    openLinks: {},
    serverTools: {},
    serverResources: {},
    logging: {},
    message: { text: {} },
    updateModelContext: { text: {} },
    sandbox: { permissions: Object.fromEntries(view.permissions.granted.map((p) => [p, {}])), csp: view.allowed },
  };
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((b: { type?: unknown; text?: unknown }) =>
      b?.type === 'text' && typeof b.text === 'string' ? b.text : `[${String(b?.type)}]`,
    )
    .join('\n')
    .slice(0, 20_000);
}

/**
 * Opens the tool's view (again at each `generation`) and closes it when it goes; a view opened after it went is closed
 * at once.
 */
function useOpenedView(tool: ToolView, generation: number): { view: AppView | null; error: string | null } {
  const api = useApi();
  const [view, setView] = useState<AppView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let opened: AppView | undefined;
    api.request('apps.open', { serverId: tool.serverId, tool: tool.name }).then(
      (v) => {
        opened = v;
        if (live) {
          setError(null);
          setView(v);
        } else void api.request('apps.close', { viewId: v.viewId }).catch(() => undefined);
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
      if (opened) {
        viewClosed(opened.viewId);
        void api.request('apps.close', { viewId: opened.viewId }).catch(() => undefined);
      }
    };
  }, [api, tool.serverId, tool.name, generation]);
  return { view, error };
}

/** The call's input, then its result (or its cancellation): held by the channel until the view is initialized. */
function useToolInput(channel: ViewChannel | null, input: ViewInput): void {
  useEffect(() => {
    if (!channel) return;
    channel.notify('ui/notifications/tool-input', { arguments: input.args });
  }, [channel, input.args]);
  useEffect(() => {
    if (!channel) return;
    if (input.result !== undefined)
      channel.notify('ui/notifications/tool-result', input.result as Record<string, unknown>);
    else if (input.cancelled) channel.notify('ui/notifications/tool-cancelled', { reason: input.cancelled });
  }, [channel, input.result, input.cancelled]);
}

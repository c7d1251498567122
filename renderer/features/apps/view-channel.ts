import type {
  McpUiHostCapabilities,
  McpUiHostContext,
  McpUiInitializeResult,
  McpUiMessageRequest,
  McpUiUpdateModelContextRequest,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { FrameTransport } from './frame-transport';

type Id = string | number;
type Params = Record<string, unknown>;
interface Msg {
  jsonrpc: '2.0';
  id?: Id;
  method?: string;
  params?: Params;
  result?: unknown;
  error?: { code: number; message: string };
}

/** What the console does with what a view asks; each may throw (the view gets a JSON-RPC error with the message). */
export interface ViewRequests {
  callTool(name: string, args: Params): Promise<unknown>;
  readResource(uri: string): Promise<unknown>;
  openLink(url: string): Promise<boolean>;
  message(p: McpUiMessageRequest['params']): Promise<void>;
  modelContext(p: McpUiUpdateModelContextRequest['params']): Promise<void>;
  log(level: string, data: unknown): void;
  sized(width: number | undefined, height: number | undefined): void;
  teardownAsked(): void;
  /** The view is initialized: the host may send it what it waits for (tool input, result). */
  ready(): void;
  /** The view asks for another display mode (among those both support): the mode it gets. */
  displayMode(mode: string): string;
}

export const HOST_VERSION = '2026-01-26';
const TEARDOWN_MS = 3000;

/**
 * The host's side of the MCP Apps view channel (JSON-RPC over postMessage, `ui/*` and the tools/resources
 * subset), written for the page: the package's own `AppBridge` brings the SDK's protocol engine and
 * zod, which the console's page does not carry. It answers what the spec defines and nothing else
 * (an unknown request gets "method not found"), holds back every notification to the view until
 * the view said `ui/notifications/initialized`, and drops what is not JSON-RPC.
 */
export class ViewChannel {
  private initialized = false;
  private held: Msg[] = [];
  private next = 1;
  private readonly waiting = new Map<Id, (m: Msg) => void>();

  constructor(
    private readonly transport: FrameTransport,
    private readonly asks: ViewRequests,
    private context: McpUiHostContext,
    private readonly capabilities: McpUiHostCapabilities,
  ) {
    transport.onmessage = (m) => void this.receive(m as Msg);
  }

  start(): Promise<void> {
    return this.transport.start();
  }

  /** Sends a notification, or holds it until the view is initialized. */
  notify(method: string, params: Params): void {
    const m: Msg = { jsonrpc: '2.0', method, params };
    if (this.initialized) void this.transport.send(m as never);
    else this.held.push(m);
  }

  /** Tells the view its context changed (theme, size). */
  contextChanged(change: Partial<McpUiHostContext>): void {
    this.context = { ...this.context, ...change };
    this.notify('ui/notifications/host-context-changed', change as Params);
  }

  /**
   * Asks the view to end gracefully (`ui/resource-teardown`), waiting a moment for its answer; then closes the channel.
   */
  async teardown(reason: string): Promise<void> {
    if (this.initialized) {
      const id = `host-${this.next++}`;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => (this.waiting.delete(id), resolve()), TEARDOWN_MS);
        this.waiting.set(id, () => (clearTimeout(timer), resolve()));
        void this.transport.send({ jsonrpc: '2.0', id, method: 'ui/resource-teardown', params: { reason } } as never);
      });
    }
    await this.transport.close();
  }

  private async receive(m: Msg): Promise<void> {
    if (m.method === undefined) {
      if (m.id !== undefined) this.waiting.get(m.id)?.(m);
      if (m.id !== undefined) this.waiting.delete(m.id);
      return;
    }
    if (m.id === undefined) return this.notification(m.method, m.params ?? {});
    try {
      const result = await this.request(m.method, m.params ?? {});
      await this.transport.send({ jsonrpc: '2.0', id: m.id, result } as never);
    } catch (e) {
      const code = (e as { rpc?: number }).rpc ?? -32603;
      await this.transport.send({
        jsonrpc: '2.0',
        id: m.id,
        error: { code, message: (e as Error).message || 'failed' },
      } as never);
    }
  }

  private notification(method: string, p: Params): void {
    if (method === 'ui/notifications/initialized') {
      this.initialized = true;
      for (const m of this.held.splice(0)) void this.transport.send(m as never);
      this.asks.ready();
    } else if (method === 'ui/notifications/size-changed') this.asks.sized(num(p.width), num(p.height));
    else if (method === 'ui/notifications/request-teardown') this.asks.teardownAsked();
    else if (method === 'notifications/message') this.asks.log(String(p.level ?? 'info'), p.data);
  }

  private async request(method: string, p: Params): Promise<unknown> {
    switch (method) {
      case 'ui/initialize': {
        // The modes offered are those both sides support (the view says which it can take).
        const theirs = (p.appCapabilities as { availableDisplayModes?: unknown } | undefined)?.availableDisplayModes;
        const both = (this.context.availableDisplayModes ?? ['inline']).filter(
          (m) => m === 'inline' || (Array.isArray(theirs) && theirs.includes(m)),
        );
        this.context = { ...this.context, availableDisplayModes: both };
        return {
          protocolVersion: HOST_VERSION,
          hostInfo: { name: 'mcp-console', version: '1' },
          hostCapabilities: this.capabilities,
          hostContext: this.context,
        } satisfies McpUiInitializeResult;
      }
      case 'ping':
        return {};
      case 'tools/call':
        if (typeof p.name !== 'string') throw rpcError(-32602, 'tools/call needs a tool name');
        return this.asks.callTool(p.name, isObject(p.arguments) ? p.arguments : {});
      case 'resources/read':
        if (typeof p.uri !== 'string') throw rpcError(-32602, 'resources/read needs a uri');
        return this.asks.readResource(p.uri);
      case 'ui/open-link':
        if (typeof p.url !== 'string') throw rpcError(-32602, 'ui/open-link needs a url');
        return (await this.asks.openLink(p.url)) ? {} : { isError: true };
      case 'ui/message':
        await this.asks.message(p as McpUiMessageRequest['params']);
        // The console has no model: the message is shown and recorded, and the view is told it went nowhere.
        return { isError: true };
      case 'ui/update-model-context':
        await this.asks.modelContext(p as McpUiUpdateModelContextRequest['params']);
        return {};
      case 'ui/request-display-mode': {
        const want =
          typeof p.mode === 'string' && (this.context.availableDisplayModes ?? []).includes(p.mode as never)
            ? p.mode
            : (this.context.displayMode ?? 'inline');
        const mode = this.asks.displayMode(want);
        if (mode !== this.context.displayMode)
          this.contextChanged({ displayMode: mode as McpUiHostContext['displayMode'] });
        return { mode };
      }
      default:
        throw rpcError(-32601, `MCP Console does not answer ${method.slice(0, 100)} from a view`);
    }
  }
}

function rpcError(code: number, message: string): Error {
  return Object.assign(new Error(message), { rpc: code });
}
const isObject = (v: unknown): v is Params => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

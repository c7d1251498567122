/** One JSON-RPC message, as far as the transport looks at it. */
export type JSONRPCMessage = {
  jsonrpc: '2.0';
  id?: string | number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: unknown;
};

/** One message over a view's channel, for the person to see: which way, which method (or the answer to which id). */
export interface ChannelLine {
  dir: 'to view' | 'from view';
  what: string;
  time: number;
}

/**
 * The host's end of a view's postMessage channel, tighter than the package's own: it takes messages
 * only from that frame's window *and* the views' origin, and posts only to that origin (never `*`),
 * so nothing another frame or window sends reaches the channel, and nothing the channel sends
 * reaches anyone else. Each message is told to `seen` (the channel log).
 */
export class FrameTransport {
  onmessage?: (m: JSONRPCMessage) => void;
  onclose?: () => void;
  onerror?: (e: Error) => void;
  private listener?: (e: MessageEvent) => void;

  constructor(
    private readonly frame: () => Window | null,
    private readonly origin: string,
    private readonly seen: (line: ChannelLine, message: JSONRPCMessage) => void,
  ) {}

  async start(): Promise<void> {
    this.listener = (e: MessageEvent) => {
      if (e.source === null || e.source !== this.frame() || e.origin !== this.origin) return;
      const m = e.data as JSONRPCMessage;
      if (typeof m !== 'object' || m === null || (m as { jsonrpc?: unknown }).jsonrpc !== '2.0') return;
      this.seen({ dir: 'from view', what: describe(m), time: Date.now() }, m);
      this.onmessage?.(m);
    };
    window.addEventListener('message', this.listener);
  }

  async send(m: JSONRPCMessage): Promise<void> {
    this.seen({ dir: 'to view', what: describe(m), time: Date.now() }, m);
    this.frame()?.postMessage(m, this.origin);
  }

  async close(): Promise<void> {
    if (this.listener) window.removeEventListener('message', this.listener);
    this.listener = undefined;
    this.onclose?.();
  }
}

function describe(m: JSONRPCMessage): string {
  const r = m as { id?: unknown; method?: unknown; error?: { message?: unknown } };
  if (typeof r.method === 'string') return r.id === undefined ? r.method : `${r.method} #${String(r.id)}`;
  return r.error ? `error #${String(r.id)}: ${String(r.error.message).slice(0, 200)}` : `answer #${String(r.id)}`;
}

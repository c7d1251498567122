/**
 * The sandbox proxy (MCP Apps, web hosts): a page on the views' origin, framed only by the
 * console's page, that holds the view in an inner frame sandboxed without an origin of its own and
 * passes JSON-RPC messages between the two — from the console's page only (checked by origin and
 * window), from the inner frame only (checked by window) — dropping the `ui/notifications/sandbox-*`
 * messages that are the proxy's own. The view's document comes from its own address, under its own
 * policy header: nothing the page or the view sends can change what the view is allowed.
 */
/** JSON for inside a script element: no `<` that could close it. */
const js = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

export function proxyPage(o: { nonce: string; viewPath: string; pageOrigins: string[]; allow: string }): string {
  const script = `
(() => {
  const pages = ${js(o.pageOrigins)};
  const inner = document.createElement('iframe');
  inner.setAttribute('sandbox', 'allow-scripts allow-forms');
  inner.setAttribute('allow', ${js(o.allow)});
  inner.setAttribute('referrerpolicy', 'no-referrer');
  inner.src = ${js(o.viewPath)};
  const own = (d) => d && typeof d === 'object' && typeof d.method === 'string' && d.method.startsWith('ui/notifications/sandbox-');
  let page = null;
  window.addEventListener('message', (e) => {
    if (e.source === window.parent && pages.includes(e.origin)) {
      page = e.origin;
      if (!own(e.data) && inner.contentWindow) inner.contentWindow.postMessage(e.data, '*');
    } else if (e.source === inner.contentWindow && e.source !== null) {
      if (!own(e.data)) for (const o of page ? [page] : pages) window.parent.postMessage(e.data, o);
    }
  });
  document.body.appendChild(inner);
  for (const o of pages) window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, o);
})();`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>MCP App view</title>
<style>html,body{margin:0;padding:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script nonce="${o.nonce}">${script}</script></body></html>`;
}

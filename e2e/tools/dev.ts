/**
 * `npm run dev`: the console in browser mode for working on the UI. The core and its WebSocket run
 * as in `mcp-console serve`; the page is served by Vite's dev server, so an edit under renderer/
 * shows at once (React Fast Refresh), without a build. Dev only: the page is served without the
 * production CSP (Fast Refresh needs inline scripts), and the proxy presents the core's own origin
 * for the WebSocket. The per-launch token still guards it.
 *
 *   npm run dev [-- --config F] [--data-dir D] [--port P]
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { startCore, terminalConsent } from '../../electron/core/index.js';
import { startWebServer } from '../../electron/hosts/web/web-server.js';

const flag = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const consent = terminalConsent(process.stdin, (t) => process.stderr.write(`${t}\n`));
const { core, problems, configWarnings, configError } = startCore({
  dataDir: flag('data-dir'),
  configFile: flag('config'),
  consent,
});
for (const p of [...problems, ...configWarnings]) process.stderr.write(`warning: ${p}\n`);
if (configError) {
  process.stderr.write(`error: ${configError}\n`);
  await core.close();
  process.exit(2);
}
// The core's server: the WebSocket the page talks to (its static files are not used in dev).
const web = await startWebServer(core, { port: 0, staticDir: resolve('out/renderer') });
const coreUrl = new URL(web.url);
const coreOrigin = `http://${coreUrl.host}`;
const vite = await createServer({
  configFile: false,
  root: resolve('renderer'),
  plugins: [react()],
  worker: { format: 'es' },
  server: {
    host: '127.0.0.1',
    port: Number(flag('port') ?? 5173),
    proxy: {
      '/ws': {
        target: coreOrigin,
        ws: true,
        changeOrigin: true,
        // SECURITY: the core accepts WebSockets from its own origin only; the dev proxy speaks for the page.
        configure: (proxy) => proxy.on('proxyReqWs', (req) => req.setHeader('origin', coreOrigin)),
      },
    },
  },
});
await vite.listen();
const address = vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${vite.config.server.port}/`;
process.stdout.write(`MCP Console (dev) at ${address}${coreUrl.hash}\n`);
process.stderr.write(
  'Edits under renderer/ show at once. Servers added in the page run only once you confirm them here.\n',
);

const stop = async (): Promise<void> => {
  await vite.close();
  await web.close();
  await core.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());

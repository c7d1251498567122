import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { META_CSP } from './shared/csp.js';

/** The CSP also as a meta tag (the servers send it as a header too, narrower); frame-ancestors only works as a header. */
const cspMeta = (): Plugin => ({
  name: 'csp-meta',
  transformIndexHtml: (html) =>
    html.replace('<meta charset="utf-8" />', `<meta charset="utf-8" />\n    <meta http-equiv="Content-Security-Policy" content="${META_CSP}" />`),
});

/** One build for the three parts: main (ESM), preload (CommonJS, for the sandbox), renderer. */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rolldownOptions: { input: { index: resolve('electron/launch/desktop.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rolldownOptions: { input: { index: resolve('electron/preload/index.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: 'renderer',
    base: './',
    plugins: [react(), cspMeta()],
    worker: { format: 'es' },
    build: {
      outDir: 'out/renderer',
      // RENDERER_MINIFY=0 keeps names readable in a profile of the page (see CONTRIBUTING).
      minify: process.env.RENDERER_MINIFY !== '0',
      chunkSizeWarningLimit: 8000,
      rolldownOptions: { input: resolve('renderer/index.html') },
    },
  },
});

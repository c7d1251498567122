import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { META_CSP } from './shared/csp.js';

/**
 * The CSP also as a meta tag (the servers send it as a header too, narrower); frame-ancestors only works as a header.
 */
const cspMeta = (): Plugin => ({
  name: 'csp-meta',
  transformIndexHtml: (html) =>
    html.replace(
      '<meta charset="utf-8" />',
      `<meta charset="utf-8" />\n    <meta http-equiv="Content-Security-Policy" content="${META_CSP}" />`,
    ),
});

/**
 * Scripts are written as ASCII: V8 keeps a script's source as long as the script lives, at two bytes
 * a character if one of them is past Latin-1 (the editor's script alone is 2.7 MB).
 */
const ascii = { charset: 'ascii' } as const;

/** One build for the three parts: main (ESM), preload (CommonJS, for the sandbox), renderer. */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rolldownOptions: {
        input: { index: resolve('electron/launch/desktop.ts') },
        output: { ...ascii, comments: false },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve('electron/hosts/desktop/preload/index.ts') },
        output: { ...ascii, format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    base: './',
    plugins: [react(), cspMeta()],
    worker: { format: 'es', rolldownOptions: { output: ascii } },
    build: {
      outDir: 'out/renderer',
      // RENDERER_MINIFY=0 keeps names readable in a profile of the page (see CONTRIBUTING).
      minify: process.env.RENDERER_MINIFY !== '0',
      chunkSizeWarningLimit: 8000,
      rolldownOptions: { input: resolve('renderer/index.html'), output: ascii },
    },
  },
});

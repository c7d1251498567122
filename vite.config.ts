import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The renderer, built once for browser mode and the desktop app alike. */
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    minify: true,
    chunkSizeWarningLimit: 8000,
  },
  worker: { format: 'es' },
});

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite.precompress.ts';

const API_TARGET = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

/**
 * The SPA: built to web/dist, which the server serves beside the API. Every screen is a lazy route chunk
 * (see src/router.tsx), so /login loads the entry (React, router, query, i18n, the sign-in form) and nothing of the
 * admin screens. The groups below only keep the framework code, which every page needs, in stable cacheable chunks.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: API_TARGET } },
  },
  preview: {
    proxy: { '/api': { target: API_TARGET } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The module graph per route, read by the bundle budget (scripts/bundle-budget.mjs).
    manifest: true,
    chunkSizeWarningLimit: 900,
    // No preload helper and no per-import list of chunk names in the entry (decisions.md, "Pandora's screens and the
    // budget"): every lazy route's list sat in the entry that sign-in loads, growing with each screen.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'router', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});

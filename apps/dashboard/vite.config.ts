/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressPlugin } from './build-compress.ts';
import { hearthLingui } from './i18n/vite-plugin.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
const linguiConfig = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));

// The core serves the built files at `/` and the API at `/api/v1` on the same origin.
export default defineConfig({
  plugins: [
    hearthLingui({ configPath: linguiConfig }),
    react(),
    tailwindcss(),
    precompressPlugin(),
  ],
  resolve: {
    alias: [{ find: /^@\//, replacement: `${src}/` }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: { port: 3001 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    include: ['src/**/*.test.{ts,tsx}', 'i18n/*.test.mjs'],
    restoreMocks: true,
    // The files of a worker share one jsdom and one module graph: a fresh window and a fresh
    // import of the app for each of 154 files took more than half of the run. What a test changes
    // globally, vitest.setup.ts puts back after it.
    isolate: false,
    // vitest's default on two cores is one worker.
    maxWorkers: 2,
    // A screen test renders the whole app in jsdom, several times over; on a busy shared 2-core
    // machine one can take well over the default 5 s without anything being wrong. The limit is
    // for a test that hangs.
    testTimeout: 30_000,
  },
});

/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressPlugin } from './build-compress.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * The production build and the unit tests run on Preact's React compatibility layer instead of
 * React: the same components, and React DOM + React + scheduler (~60 kB brotli in the first load)
 * become ~10 kB; with declarative routes, zod/mini and popups loaded on use, the home's first load
 * (bench/first-load.ts) is 76.5 kB against issue 16's 121 kB (225.5 kB before). The dev server
 * keeps React for Fast Refresh. Where Preact differs and the code minds: it leaves `autoFocus` to
 * the browser (use `focusOnMount`), its events do not cross portals (`nested-layers.ts`), and its
 * passive effects run after the next paint (sync with the outside in layout effects; Radix
 * tooltips are controlled, `TooltipRoot`).
 */
const preactCompat = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// The core serves the built files at `/` and the API at `/api/v1` on the same origin.
export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss(), precompressPlugin()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${src}/` },
      ...(command === 'build' || mode === 'test' ? preactCompat : []),
    ],
    // Tests would otherwise take some packages' CommonJS builds, whose require() of React bypasses
    // the alias above.
    ...(mode === 'test'
      ? { mainFields: ['module', 'main'], conditions: ['module', 'node', 'development|production'] }
      : {}),
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
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Packages that import React are bundled by Vite in tests too, so the Preact alias reaches them.
    server: {
      deps: {
        inline: [
          /@testing-library\//,
          /radix-ui/,
          /@radix-ui\//,
          /react-router/,
          /@tanstack\/react-/,
          /lucide-react/,
          /sonner/,
          /react-remove-scroll/,
          /react-style-singleton/,
          /use-callback-ref/,
          /use-sidecar/,
          /@floating-ui\/react-dom/,
        ],
      },
    },
  },
}));

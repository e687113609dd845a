import { readdirSync } from 'node:fs';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

// One catalog per feature folder (src/features/<name>) and one each for app/, components/ and lib/:
// people converting different folders never edit the same .po file. The runtime loads every
// catalog of the active language as one chunk (src/lib/i18n/catalogs.ts).
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const notTests = ['**/*.test.ts', '**/*.test.tsx'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'zh-CN', 'pseudo'],
  // Never translated by hand: its catalogs stay empty and the English is accented and made ~30 %
  // longer when they are loaded (i18n/vite-plugin.ts), for tests that look for cut-off or
  // hard-coded text.
  pseudoLocale: { locale: 'pseudo', extend: 0.3 },
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
  // The React macros' runtime: a store over the global i18n instead of a provider's context, so a
  // component renders (and a component test renders it) with no provider above it.
  runtimeConfigModule: {
    useLingui: ['@/lib/i18n/lingui-react.tsx', 'useLingui'],
    Trans: ['@/lib/i18n/lingui-react.tsx', 'Trans'],
  },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/app',
      include: ['<rootDir>/src/app'],
      exclude: notTests,
    },
    {
      path: '<rootDir>/src/locales/{locale}/components',
      include: ['<rootDir>/src/components'],
      exclude: notTests,
    },
    {
      path: '<rootDir>/src/locales/{locale}/lib',
      include: ['<rootDir>/src/lib'],
      exclude: notTests,
    },
    ...features.map((name) => ({
      path: `<rootDir>/src/locales/{locale}/${name}`,
      include: [`<rootDir>/src/features/${name}`],
      exclude: notTests,
    })),
  ],
});

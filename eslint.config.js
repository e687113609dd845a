// One flat config for the whole repo: type-aware rules everywhere, import zones between dashboard features.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = [
  'connection',
  'auth',
  'instances',
  'console',
  'files',
  'macros',
  'settings',
  'users',
  'notifications',
  'tunnels',
  'backups',
  'schedules',
  'event-logs',
  'webhooks',
];

// A feature may not import another feature; shared pieces live in components/ or lib/.
const featureBoundaries = features.map((feature) => ({
  files: [`apps/dashboard/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: features
              .filter((other) => other !== feature)
              .flatMap((other) => [
                `@/features/${other}`,
                `@/features/${other}/*`,
                `**/features/${other}/*`,
              ]),
            message:
              'Features do not import each other; move the shared piece to components/ or lib/.',
          },
          { group: ['@/app/*'], message: 'Only app/ combines features.' },
        ],
      },
    ],
  },
}));

// The core's layers (apps/core/src/README.md): routes → services → runtime / repositories → db,
// with http/ as the routes' glue and lib/ below everything. A folder may not import a layer above it.
const coreLayer = (folder, forbidden) => ({
  files: [`apps/core/src/${folder}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map((layer) => ({
          group: [`**/${layer}/*`, `**/${layer}/**`],
          message: `${folder}/ may not import ${layer}/ (see apps/core/src/README.md).`,
        })),
      },
    ],
  },
});
const coreBoundaries = [
  coreLayer('routes', ['repositories', 'runtime', 'db', 'events', 'auth']),
  coreLayer('http', ['routes', 'runtime', 'db']),
  coreLayer('services', ['routes', 'http']),
  coreLayer('runtime', ['routes', 'http', 'services']),
  coreLayer('events', ['routes', 'http', 'services', 'runtime']),
  coreLayer('auth', ['routes', 'http', 'services', 'runtime', 'events']),
  coreLayer('repositories', ['routes', 'http', 'services', 'runtime', 'events', 'auth']),
  coreLayer('db', ['routes', 'http', 'services', 'runtime', 'events', 'auth', 'repositories']),
  coreLayer('lib', [
    'routes',
    'http',
    'services',
    'runtime',
    'events',
    'auth',
    'repositories',
    'db',
  ]),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.cjs',
      'apps/core/test-support/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify handlers and plugins are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/dashboard/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...featureBoundaries,
  ...coreBoundaries,
  {
    files: [
      '**/*.test.{ts,tsx}',
      'e2e/**/*.ts',
      'bench/**/*.ts',
      'apps/core/test/**/*.ts',
      'apps/core/test-support/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['scripts/**', 'apps/core/src/main.ts', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);

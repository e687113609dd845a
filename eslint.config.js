// One flat config for the whole repo: type-aware rules everywhere, import zones between dashboard features.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import lingui from 'eslint-plugin-lingui';
import hearthI18n from './apps/dashboard/i18n/lint-placeholder-names.mjs';
import { readdirSync } from 'node:fs';

// Every folder of src/features: a feature added later is inside the boundaries without a second edit.
const features = readdirSync(new URL('./apps/dashboard/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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

// Issue 22: the core never opens, stats, follows or runs a path a user or a game chose except through
// the file sandbox (apps/core/src/lib/file-sandbox.ts). So `node:fs` is refused in the core except in
// the files below, each touching only paths the core owns (or doing so through the sandbox's verified
// descriptors). Adding a file here is a security review: say why its paths are the core's own.
const CORE_FS_ALLOWED = {
  // The sandbox and what it is built from.
  'lib/file-sandbox.ts': 'THE file sandbox',
  'lib/atomic-write.ts': 'temp + rename inside a directory the sandbox verified',
  'services/files/**': "the file API's operations, through the sandbox's verified descriptors",
  'services/backups/tree-walk.ts': 'walks an instance tree through FileSandbox descriptors',
  'services/backups/backup-archive.ts':
    'reads instance files through FileSandbox; writes the backups folder',
  'services/backups/restore-swap.ts': 'swaps instance trees through FileSandbox; restore journal',
  'services/macros/macro-digest.ts': 'hashes macro files through FileSandbox descriptors',
  'services/macros/macro-files.ts': 'macro files through FileSandbox',
  'services/macros/config-store.ts': 'macro configs through FileSandbox',
  'runtime/minecraft/instance-folder.ts':
    "the Minecraft runtime's only way into an instance folder, through FileSandbox",
  'runtime/generic/definition-files.ts': "a file:// definition's files through FileSandbox",
  'runtime/sandbox/read-only-folders.ts': 'pins macros/ through FileSandbox before a launch',
  'runtime/sandbox/instance-owner.ts':
    'chowns an instance tree through descriptors, never following a link',
  'lib/folder-size.ts': 'lstat/readdir only (disk usage), never following a link or reading a file',
  'repositories/instance-repository.ts': 'instances/ itself; markers read through FileSandbox',
  // The core's own paths: the data directory, its code, /proc, cgroups, the admin's configuration.
  'app.ts': 'the data directory',
  'auth/secret-box.ts': 'the two-factor key file (keys/two-factor.key) in the data directory',
  'db/**': 'the database and its lock in the data directory',
  'http/dashboard-static.ts': "the built dashboard (the core's own files)",
  'http/docs-page.ts': "the docs (the core's own files)",
  'http/server.ts': "TLS certificate files named in the owner's configuration",
  'lib/code-cache.ts': "V8's code cache beside the core's bundle",
  'lib/core-paths.ts': "finds the core's own folder",
  'runtime/generic/bundler.ts': "Hearth's own node_modules, for allowed packages",
  'runtime/generic/loader.ts': 'the definition cache in the data directory',
  'runtime/handlers/generic-handler.ts': 'lstat of a bundle the core stored in its own cache',
  'runtime/macros/deno-binary.ts': 'the Deno binary shipped in node_modules',
  'runtime/macros/deno-command.ts': "Deno's caches in the data directory",
  'services/macros/task-launcher.ts': "a task's Deno cache in the data directory",
  'services/avatar-service.ts': 'player avatars it fetched, in the data directory (avatars/)',
  'runtime/minecraft/java.ts': 'Java runtimes downloaded into the data directory',
  'runtime/minecraft/launch-policy.ts':
    "the owner's Java command (host paths outside every instance folder, /proc refused)",
  'runtime/monitor/proc-table.ts': '/proc (one listing per tick for every server)',
  'runtime/supervisor/process-tree.ts': '/proc',
  'runtime/sandbox/cgroup-discovery.ts': '/proc and cgroup filesystems',
  'runtime/sandbox/cgroup-lease.ts': 'cgroup filesystems',
  'runtime/sandbox/detect-isolation.ts': 'a probe folder the core makes in the data directory',
  'runtime/sandbox/etc-masks.ts': '/etc (what to mask)',
  'runtime/sandbox/process-identity.ts': '/proc',
  'runtime/sandbox/runtime-paths.ts': 'host runtimes (Java homes, Hearth) shown read-only',
  'runtime/sandbox/sandbox-layout.ts': 'host paths of the system and runtimes',
  'runtime/sandbox/sandbox.ts': 'bwrap, setpriv and the seccomp program file',
  'runtime/sandbox/seccomp-file.ts': 'the seccomp program in an unlinked file',
  'runtime/sandbox/sandbox-uids.ts': '/etc/passwd, group, subuid, subgid (is the uid range free?)',
  'runtime/tunnels/playit-key-store.ts': "playit's secret in the data directory",
  'services/sftp/host-key.ts': "the SFTP server's host key in the data directory",
  'services/backups/backup-job.ts': 'the backups folder in the data directory',
  'services/backups/backup-service.ts': 'the backups folder in the data directory',
  'services/backups/restore-workflow.ts': 'reads a backup archive from the backups folder',
  'services/transfers/transfer-archive.ts':
    "an outgoing transfer's archive in the data directory (transfers/)",
  'services/shipped-definitions.ts': "the shipped definitions (the core's own files)",
  'services/system-service.ts': '/proc/meminfo and statfs of the data directory',
};
const coreFsAllowed = Object.keys(CORE_FS_ALLOWED).map((f) => `apps/core/src/${f}`);
const noCoreFs = ['node:fs', 'node:fs/promises', 'fs', 'fs/promises'].map((name) => ({
  name,
  message:
    "The core touches instance folders and user-chosen paths only through lib/file-sandbox.ts; a file whose paths are all the core's own is listed in CORE_FS_ALLOWED (eslint.config.js) with why.",
}));

// The core's layers (apps/core/src/README.md): routes → services → runtime / repositories → db,
// with http/ as the routes' glue and lib/ below everything. A folder may not import a layer above it.
const coreLayer = (folder, forbidden) => {
  const files = [`apps/core/src/${folder}/**/*.ts`];
  const patterns = forbidden.map((layer) => ({
    group: [`**/${layer}/*`, `**/${layer}/**`],
    message: `${folder}/ may not import ${layer}/ (see apps/core/src/README.md).`,
  }));
  return [
    {
      files,
      ignores: [...coreFsAllowed, '**/*.test.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns, paths: noCoreFs }] },
    },
    {
      files: coreFsAllowed.filter((f) => f.startsWith(`apps/core/src/${folder}/`)),
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    },
  ].filter((config) => config.files.length > 0);
};
const coreBoundaries = [
  {
    files: ['apps/core/src/*.ts'],
    ignores: [...coreFsAllowed, '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: noCoreFs }] },
  },
  ...coreLayer('routes', ['repositories', 'runtime', 'db', 'events', 'auth']),
  ...coreLayer('http', ['routes', 'runtime', 'db']),
  ...coreLayer('services', ['routes', 'http']),
  ...coreLayer('runtime', ['routes', 'http', 'services']),
  ...coreLayer('events', ['routes', 'http', 'services', 'runtime']),
  ...coreLayer('auth', ['routes', 'http', 'services', 'runtime', 'events']),
  ...coreLayer('repositories', ['routes', 'http', 'services', 'runtime', 'events', 'auth']),
  ...coreLayer('db', ['routes', 'http', 'services', 'runtime', 'events', 'auth', 'repositories']),
  ...coreLayer('lib', [
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

// Issue 29: every user-facing text of the dashboard goes through Lingui (apps/dashboard/src/lib/i18n/
// README.md), in every folder; tests and test support write English as they like.
/** What the Lingui macros make a message of: text inside them is in the catalog. */
const INSIDE_MESSAGE =
  'JSXElement[openingElement.name.name=/^(Trans|Plural|Select|SelectOrdinal)$/] *';
const i18nRules = {
  files: ['apps/dashboard/src/**/*.tsx', 'apps/dashboard/src/**/*.ts'],
  ignores: ['**/*.test.{ts,tsx}', 'apps/dashboard/src/test/**'],
  plugins: { lingui, 'hearth-i18n': hearthI18n },
  rules: {
    ...lingui.configs['flat/recommended'].rules,
    // A placeholder that is not a plain identifier is named {0} by the macro, so its id and name
    // differ from what a translator sees. Lingui's no-expression-in-message checks only templates
    // of `t`/`msg`/`defineMessage` under those names and <Trans> children; this one checks a
    // <Plural>/<Select>/<SelectOrdinal> value, a plural()/select()/selectOrdinal() count, their
    // options and `t as tGlobal` templates (apps/dashboard/i18n/lint-placeholder-names.mjs).
    'hearth-i18n/placeholder-names': 'error',
    // Text a reader sees: JSX text, strings shown in JSX, toasts and the attributes read aloud or
    // shown. Symbols, digits and punctuation ("·", "—", "/", "%", "…") and capitals-only names
    // ("SFTP", "CPU") are no language and pass: a text needs a lower-case or caseless letter.
    'no-restricted-syntax': [
      'error',
      {
        selector: `JSXText[value=/[\\p{Ll}\\p{Lo}]/u]:not(${INSIDE_MESSAGE})`,
        message: 'Text on screen goes through Lingui: <Trans>…</Trans> (src/lib/i18n/README.md).',
      },
      {
        selector: [
          ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > Literal[value=/[\\p{Ll}\\p{Lo}]/u]',
          ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=/[\\p{Ll}\\p{Lo}]/u]',
          ':matches(JSXElement, JSXFragment) > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[\\p{Ll}\\p{Lo}]/u]',
        ].join(', '),
        message: 'Text on screen goes through Lingui: t`…` or <Trans> (src/lib/i18n/README.md).',
      },
      {
        selector:
          'JSXAttribute[name.name=/^(aria-label|aria-description|title|placeholder|alt|label|altLabel|hint|description)$/] > Literal[value=/[\\p{Ll}\\p{Lo}]/u]',
        message: 'Text a reader sees or hears goes through Lingui: t`…` (src/lib/i18n/README.md).',
      },
      {
        selector:
          "CallExpression[callee.name='notify'] > Literal:nth-child(2)[value=/[\\p{Ll}\\p{Lo}]/u]",
        message: 'A toast goes through Lingui: t`…` (src/lib/i18n/README.md).',
      },
    ],
  },
};

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
  i18nRules,
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

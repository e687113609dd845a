import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      'test-support/**/*.test.ts',
      'definitions/**/*.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    // The files of a worker share one module graph: importing the app afresh for each of 182 files
    // took a third of the run. Each test starts its own app on its own data directory.
    isolate: false,
  },
});

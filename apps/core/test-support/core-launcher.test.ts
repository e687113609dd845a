import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT, npmStartCommand } from './core-launcher.ts';

it('starts the core as `npm start` does, with the Node flags package.json gives it', () => {
  const { command, args } = npmStartCommand();
  expect(command).toBe(process.execPath);
  expect(args.at(-1)).toBe(path.join(REPO_ROOT, 'scripts/start.mjs'));
  // The product's choice (README: less memory, shorter pauses), read from package.json.
  expect(args.slice(0, -1)).toEqual(['--max-semi-space-size=4']);
});

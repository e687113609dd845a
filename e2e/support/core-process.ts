import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchCore } from '../../apps/core/test-support/core-launcher.ts';

export interface RunningCore {
  /** e.g. http://127.0.0.1:41234 — the dashboard is served at `/`. */
  url: string;
  port: number;
  dataDir: string;
  /** The first-run key read from the core's stdout (null once an owner exists). */
  setupKey: string | null;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Runs Hearth exactly as `npm start` does (scripts/start.mjs), on an ephemeral port with a temp data
 * dir, through the one core launcher (apps/core/test-support/core-launcher.ts): stopped by its PID
 * (SIGTERM, then SIGKILL after 40 s).
 */
export async function startCore(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningCore> {
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'hearth-e2e-')));
  const core = await launchCore({ entry: 'npm-start', dataDir, env: options.env });
  return {
    url: core.url,
    port: core.port,
    dataDir,
    setupKey: core.setupKey,
    output: core.output,
    stop: () => core.stop(),
  };
}
